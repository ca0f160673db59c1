package registerdatareport

import (
	"fmt"
	"strings"
	"time"

	registerdata "github.com/registerdata/registerdata-go"
	"github.com/registerdata/registerdata-go/enums"
	"github.com/registerdata/registerdata-go/redflags"
)

// view is what the template shows: every register text in it has been
// through clean, and html/template escapes it on the way out.
type view struct {
	Name, CompanyID, Status, StatusClass, GeneratedAt string
	Header                                            []field
	Flags                                             []RedFlag
	Verdict                                           verdictView
	Chart                                             chartView
	Shareholders                                      []shareholderView
	BOs                                               []boView
	Current, Former                                   []repView
	Persons                                           bool
	Timeline                                          []event
	Charts                                            []chart
	FinTable                                          finTable
	Insolvencies                                      []insView
	Documents                                         []docView
	Prov                                              map[string]provView
	Provenance                                        []provView
	Credits                                           int64
}

type field struct{ Label, Value string }

type chartView struct {
	W, H  float64
	Nodes []nodeView
	Edges []edgeView
	Note  string
}

type nodeView struct {
	Key, Kind, Class, Name, Detail, Note, Title string
	X, Y, W, H, CX                              float64
}

type edgeView struct {
	From, To, Label, Relation, Path, Class string
	LX, LY                                 float64
	HasLabel                               bool
}

type boView struct{ Name, Born, Kind, Share, Rule, Location string }

type repView struct {
	Name, Born, Kind, Role, Start, End, Authority string
	Positions                                     []string
}

// repCols are the optional columns of a table of representatives: a
// column no row of the table has a value in is left out.
type repCols struct{ Until, Authority bool }

// colsOf is the optional columns reps fill.
func colsOf(reps []repView) repCols {
	var c repCols
	for _, r := range reps {
		c.Until = c.Until || r.End != ""
		c.Authority = c.Authority || r.Authority != ""
	}
	return c
}

type event struct{ Date, Kind, Text string }

type finTable struct {
	Years []string
	Rows  []finRow
}

type finRow struct {
	Name   string
	Values []string
}

type insView struct {
	Case, Court, Status, Kind, Opened, Closed, Administrator, Grounds string
	Open                                                              bool
	Events                                                            []insEvent
}

type insEvent struct{ Date, Type, Summary string }

type docView struct{ Type, Date, ID, Latest string }

// docTypes are the readable names of the document types.
var docTypes = map[enums.DocumentType]string{
	enums.DocumentTypeArticlesOfAssociation: "Articles of association (Gesellschaftsvertrag)",
	enums.DocumentTypeSampleProtocol:        "Sample protocol (Musterprotokoll)",
	enums.DocumentTypeShareholderList:       "List of shareholders (Gesellschafterliste)",
}

// docType is the readable name of a document type.
func docType(t enums.DocumentType) string {
	if n, ok := docTypes[t]; ok {
		return n
	}
	return roleLabel(strings.ToUpper(string(t)))
}

type provView struct {
	Section, Source, When, Mode, Requests, Missing string
	Credits                                        int64
}

// newView prepares d for the template.
func newView(d *Dossier) (*view, error) {
	co := d.Company
	today := registerdata.DateOf(d.GeneratedAt)
	v := &view{
		Name: clean(co.Name.Name), CompanyID: clean(co.ID), Status: clean(string(co.Status)),
		StatusClass: statusClass(co.Status), GeneratedAt: stamp(d.GeneratedAt), Credits: d.Credits,
		Persons: d.Persons != nil, Prov: map[string]provView{},
	}
	v.Header = header(co)
	if co.LegalForm == enums.LegalFormKG && redflags.CorporateGeneralPartnerOnly(redflags.Input{Company: d.Company, Ownership: d.Ownership}) {
		for i := range v.Header {
			if v.Header[i].Label == "Legal form" {
				v.Header[i].Value = "KG with a corporate general partner (GmbH & Co. KG)"
			}
		}
	}
	for _, f := range d.RedFlags {
		v.Flags = append(v.Flags, RedFlag{Code: f.Code, Reason: clean(f.Reason)})
	}
	v.Verdict = verdict(v.Flags)
	v.Shareholders = shareholders(d)
	g := buildGraph(d)
	w, h, err := layout(g)
	if err != nil {
		return nil, err
	}
	v.Chart = chartOf(g, w, h)
	if d.Ownership == nil {
		v.Chart.Note = "The ownership tree was not fetched."
	} else if len(g.Edges) == 0 {
		v.Chart.Note = "The register lists no owners for this company."
	}
	v.BOs = beneficialOwners(d)
	v.Current, v.Former = representatives(d, today)
	v.Timeline = timeline(d)
	charts := financialCharts(d)
	v.Charts = charts
	v.FinTable = figuresTable(charts, chartYears(yearIndicators(d)))
	v.Insolvencies = insolvencies(d)
	for _, doc := range co.Documents {
		dv := docView{Type: clean(docType(doc.Type)), Date: dateText(doc.Date), ID: clean(doc.ID), Latest: "earlier"}
		if doc.Latest {
			dv.Latest = "latest"
		}
		v.Documents = append(v.Documents, dv)
	}
	for _, p := range d.Provenance {
		pv := provView{Section: p.Section, Source: p.Source, Missing: clean(p.Missing), Credits: p.Credits, Mode: "stored data (not realtime)"}
		if p.Realtime {
			pv.Mode = "realtime from the register"
		}
		if !p.FetchedAt.IsZero() {
			pv.When = stamp(p.FetchedAt)
		}
		pv.Requests = fmt.Sprintf("%d request%s", p.Requests, plural(p.Requests, "", "s"))
		if p.Cached > 0 {
			pv.Requests += fmt.Sprintf(" (%d from the client's cache)", p.Cached)
		}
		v.Prov[p.Section] = pv
		v.Provenance = append(v.Provenance, pv)
	}
	return v, nil
}

func stamp(t time.Time) string { return t.UTC().Format("2006-01-02 15:04 UTC") }

func dateText(d registerdata.Date) string {
	if d.IsZero() {
		return "–"
	}
	return d.String()
}

func datePtr(d *registerdata.Date) string {
	if d == nil {
		return ""
	}
	return dateText(*d)
}

func statusClass(s enums.CompanyStatus) string {
	switch s {
	case enums.CompanyStatusActive:
		return "ok"
	case enums.CompanyStatusLiquidation:
		return "bad"
	}
	return "warn"
}

func header(co *registerdata.Company) []field {
	fs := []field{
		{"Company id", co.ID},
		{"Status", string(co.Status)},
		{"Legal form", redflags.LegalFormName(co.LegalForm)},
		{"Register", joinNonEmpty(" ", string(co.Register.RegisterType), co.Register.RegisterNumber)},
		{"Register court", co.Register.RegisterCourt},
		{"Address", co.Address.FormattedValue},
		{"Incorporated", dateText(co.IncorporatedAt)},
	}
	if co.TerminatedAt != nil {
		fs = append(fs, field{"Terminated", datePtr(co.TerminatedAt)})
	}
	capital := "–"
	if co.Capital != nil {
		capital = money(co.Capital.Amount, co.Capital.Currency)
	}
	fs = append(fs, field{"Capital", capital})
	lei := co.LEI
	if lei == "" {
		lei = "–"
	}
	fs = append(fs, field{"LEI", lei})
	web := "–"
	if co.Contact != nil && co.Contact.WebsiteURL != "" {
		web = co.Contact.WebsiteURL
	}
	fs = append(fs, field{"Website", web})
	if co.Purpose != nil && co.Purpose.Purpose != "" {
		fs = append(fs, field{"Purpose", co.Purpose.Purpose})
	}
	for i := range fs {
		fs[i].Value = clean(fs[i].Value)
	}
	return fs
}

func chartOf(g *graph, w, h float64) chartView {
	cv := chartView{W: w, H: h}
	for _, n := range g.Nodes {
		class := "node k-" + n.Kind
		if n.Beneficial {
			class += " bo"
		}
		if n.Stop != "" {
			class += " stop"
		}
		cv.Nodes = append(cv.Nodes, nodeView{
			Key: clean(n.Key), Kind: n.Kind, Class: class, Name: truncate(clean(n.Name)), Detail: nodeDetailLine(n),
			Note: nodeNoteLine(n), Title: clean(n.Name), X: n.X, Y: n.Y, W: n.W, H: n.H, CX: n.X + n.W/2,
		})
	}
	for _, e := range g.Edges {
		class := "edge"
		if e.Cross {
			class += " cross"
		}
		cv.Edges = append(cv.Edges, edgeView{From: clean(e.From.Key), To: clean(e.To.Key), Label: e.Label, Relation: e.Relation,
			Path: e.Path, Class: class, LX: e.LabelX, LY: e.LabelY, HasLabel: e.HasLabelXY})
	}
	return cv
}

func beneficialOwners(d *Dossier) []boView {
	if d.BeneficialOwners == nil {
		return nil
	}
	var out []boView
	for _, b := range d.BeneficialOwners.Owners {
		bv := boView{Name: clean(b.Name), Kind: "natural person"}
		if b.LegalPerson != nil {
			bv.Kind = "legal person"
			city := ""
			if b.LegalPerson.City != nil {
				city = *b.LegalPerson.City
			}
			bv.Location = clean(joinNonEmpty(", ", city, b.LegalPerson.Country))
		}
		if b.NaturalPerson != nil {
			bv.Location = clean(joinNonEmpty(", ", b.NaturalPerson.City, b.NaturalPerson.Country))
			bv.Born = born(b.NaturalPerson.DateOfBirth)
		}
		switch {
		case b.PercentageShare != nil:
			bv.Share = percent(*b.PercentageShare)
			bv.Rule = "holds more than 25 % (directly or through the chain)"
		case b.MaxPercentageShare != nil:
			bv.Share = "up to " + percent(*b.MaxPercentageShare)
			bv.Rule = "holds more than 25 % through a limited partnership (only the maximum follows from the deposit)"
		default:
			bv.Share = "–"
			bv.Rule = "fictitious beneficial owner: managing director, as nobody holds more than 25 %"
		}
		out = append(out, bv)
	}
	return out
}

func representatives(d *Dossier, today registerdata.Date) (current, former []repView) {
	for _, r := range d.Company.Representation {
		rv := repView{Name: clean(r.Name), Kind: "person", Role: clean(roleText(r)), Start: dateText(r.StartDate), End: datePtr(r.EndDate)}
		if r.Type == enums.RepresentativeTypeLegalPerson {
			rv.Kind = "entity"
		}
		if r.Authority != nil {
			rv.Authority = clean(*r.Authority)
		}
		if r.NaturalPerson != nil {
			rv.Born = born(r.NaturalPerson.DateOfBirth)
		}
		if r.ID != nil && d.Persons != nil {
			if p := d.Persons[*r.ID]; p != nil {
				if rv.Born == "" {
					rv.Born = born(p.DateOfBirth)
				}
				for _, m := range p.ManagementPositions {
					if m.RegisterID == d.CompanyID {
						continue
					}
					pos := joinNonEmpty(", ", m.CompanyName+" ("+m.RegisterID+")", roleLabel(m.Role), "since "+dateText(m.StartDate))
					if m.EndDate != nil {
						pos += " until " + m.EndDate.String()
					}
					rv.Positions = append(rv.Positions, clean(pos))
				}
			}
		}
		if r.EndDate == nil || r.EndDate.After(today) {
			current = append(current, rv)
		} else {
			former = append(former, rv)
		}
	}
	return current, former
}

func roleText(r registerdata.Representative) string {
	switch {
	case r.RoleDetail.LabelEN != "":
		return r.RoleDetail.LabelEN
	case r.RoleDetail.Code != "":
		return roleLabel(string(r.RoleDetail.Code))
	}
	return roleLabel(string(r.Role))
}
