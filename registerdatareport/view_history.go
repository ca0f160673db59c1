package registerdatareport

import (
	"math"
	"sort"
	"strconv"
	"strings"

	registerdata "github.com/registerdata/registerdata-go"
	"github.com/registerdata/registerdata-go/enums"
)

// timeline is the company's history, newest first: incorporation, names,
// addresses, capital and the changes of status (liquidation, insolvency,
// merger, termination).
func timeline(d *Dossier) []event {
	co := d.Company
	var ev []event
	add := func(at registerdata.Date, kind, text string) {
		if !at.IsZero() {
			ev = append(ev, event{at.String(), kind, clean(text)})
		}
	}
	add(co.IncorporatedAt, "status", "Incorporated")
	for _, n := range co.Names {
		verb := "Renamed to "
		if n.StartDate == oldest(co.Names) {
			verb = "Name: "
		}
		add(n.StartDate, "name", verb+n.Name)
	}
	for _, a := range co.Addresses {
		add(a.StartDate, "address", "Registered address: "+a.FormattedValue)
	}
	for _, c := range co.Capitals {
		add(c.StartDate, "capital", "Capital: "+money(c.Amount, c.Currency))
	}
	for _, r := range co.Representation {
		if roleOf(r) == enums.RoleLiquidator {
			add(r.StartDate, "status", "Liquidator appointed: "+r.Name)
		}
	}
	for _, s := range co.Insolvencies {
		if s.OpenedAt != nil {
			add(*s.OpenedAt, "status", "Insolvency proceeding opened: "+s.CaseNumber+", "+s.Court)
		}
		if s.ClosedAt != nil {
			add(*s.ClosedAt, "status", "Insolvency proceeding closed: "+s.CaseNumber)
		}
	}
	if co.MergedInto != nil {
		add(co.MergedInto.RegistrationDate, "status", "Merged into "+co.MergedInto.Name)
	}
	if co.TerminatedAt != nil {
		add(*co.TerminatedAt, "status", "Terminated")
	}
	sort.SliceStable(ev, func(i, j int) bool { return ev[i].Date > ev[j].Date })
	return ev
}

func oldest(ns []registerdata.CompanyName) registerdata.Date {
	o := ns[0].StartDate
	for _, n := range ns[1:] {
		if n.StartDate.Before(o) {
			o = n.StartDate
		}
	}
	return o
}

// figuresTable is the table under the charts: the years of the charts,
// money in the charts' one unit, every figure with the same number format
// (thousands separated, two decimals for millions, none otherwise).
func figuresTable(charts []chart, span []string) finTable {
	t := finTable{Years: span}
	for _, c := range charts {
		if len(c.Years) == 0 {
			continue
		}
		row := finRow{Name: c.Title + " (" + c.Unit + ")"}
		vals := map[string]float64{}
		for _, f := range c.Years {
			vals[f.Year] = f.Value
		}
		places := 0
		if strings.HasSuffix(c.Unit, "million") {
			places = 2
		}
		for _, y := range t.Years {
			v, ok := vals[y]
			if !ok {
				row.Values = append(row.Values, "n/a")
				continue
			}
			row.Values = append(row.Values, figureText(v, places))
		}
		t.Rows = append(t.Rows, row)
	}
	if len(t.Rows) == 0 {
		t.Years = nil
	}
	return t
}

// figureText formats v with thousands separators and exactly places
// decimals.
func figureText(v float64, places int) string {
	s := strconv.FormatFloat(math.Abs(round(v, places)), 'f', places, 64)
	whole, frac, _ := strings.Cut(s, ".")
	s = groupThousands(whole)
	if frac != "" {
		s += "." + frac
	}
	if round(v, places) < 0 {
		s = "−" + s
	}
	return s
}

func insolvencies(d *Dossier) []insView {
	full := map[string]*registerdata.Insolvency{}
	for _, in := range d.Insolvencies {
		full[in.ID] = in
	}
	var out []insView
	for _, s := range d.Company.Insolvencies {
		iv := insView{Case: clean(s.CaseNumber), Court: clean(s.Court), Status: clean(strings.ReplaceAll(string(s.CurrentStatus), "_", " ")),
			Opened: datePtr(s.OpenedAt), Closed: datePtr(s.ClosedAt), Open: s.CurrentStatus.IsOpen()}
		if s.ProceedingKind != nil {
			iv.Kind = clean(strings.ReplaceAll(string(*s.ProceedingKind), "_", " "))
		}
		if in := full[s.ID]; in != nil {
			if in.AdministratorName != nil {
				iv.Administrator = clean(*in.AdministratorName)
			}
			iv.Grounds = clean(strings.Join(in.InsolvencyGrounds, ", "))
			evs := append([]registerdata.InsolvencyEvent(nil), in.Events...)
			sort.SliceStable(evs, func(i, j int) bool { return evs[i].PublishedAt.Before(evs[j].PublishedAt) })
			for _, e := range evs {
				iv.Events = append(iv.Events, insEvent{Date: dateText(e.PublishedAt),
					Type: clean(strings.ReplaceAll(string(e.EventType), "_", " ")), Summary: clean(e.Summary)})
			}
		}
		out = append(out, iv)
	}
	return out
}
