package main

import (
	"fmt"
	"io"

	registerdata "github.com/registerdata/registerdata-go"
	"github.com/registerdata/registerdata-go/cmd/registerdata/internal/output"
	"github.com/spf13/pflag"
)

// companyGroup is "registerdata company ...": one company's record and
// what hangs off it. Further subcommands live in company_*.go.
func companyGroup() *group {
	return &group{
		name:     "company",
		summary:  "one company: profile, owners, beneficial owners, holdings, financials",
		commands: append([]*command{companyGet()}, companyExtra()...),
	}
}

func companyGet() *command {
	return &command{
		name: "get", args: "ID [ID...]", nargs: -1, billable: true,
		summary: "a company's profile: register, address, representatives, key figures (10 credits)",
		help: `Fetches one company record (10 credits, 20 with --realtime) and shows
its profile: register entry, status, address, capital, purpose, current
representatives, the latest financial key figures (money in EUR) and
insolvency proceedings. With --json it prints the record exactly as the
service sent it.

With several ids (or "-" to read ids from stdin, one a line) it looks them
all up, --concurrency at a time, and prints one line per company (JSON
Lines of the records with --json); an id that fails is reported and the
others go on. Each lookup costs 10 credits; with --budget the walk stops
sending when the budget cannot pay for the next one.`,
		examples: []string{
			"registerdata --fake company get DE-HRB-F1103-267645",
			"registerdata company get DE-HRB-F1103-267645 --json | jq .representation",
			"registerdata --budget 20 company get DE-HRB-F1103-267645 --realtime",
			"registerdata --budget 1000 company get - --concurrency 8 --json < ids.txt > companies.jsonl",
		},
		setup: func(fs *pflag.FlagSet) runFunc {
			realtime := fs.Bool("realtime", false, "fetch live from the official register (10 credits more)")
			export := fs.Bool("export", false, "leave out the source documents")
			history := fs.Bool("history", false, "also show former names, addresses and representatives")
			concurrency := fs.Int("concurrency", 4, "with several ids: how many lookups run at once (1 to 64)")
			return func(a *app, args []string) error {
				params := &registerdata.GetCompanyParams{Realtime: *realtime, Export: *export}
				if len(args) != 1 || args[0] == "-" {
					return a.getCompanies(args, params, *concurrency)
				}
				c, err := a.api()
				if err != nil {
					return err
				}
				co, err := c.GetCompany(a.ctx, args[0], params)
				if err != nil {
					return err
				}
				if a.jsonOut {
					return a.printRaw()
				}
				return renderCompany(a.stdout, a.width(), a.wide, co, *history, registerdata.DateOf(a.now()))
			}
		},
	}
}

// renderCompany writes the profile of co.
func renderCompany(w io.Writer, width int, wide bool, co *registerdata.Company, history bool, today registerdata.Date) error {
	fmt.Fprintln(w, output.Clean(co.Name.Name))
	var p output.Profile
	p.Field("ID", co.ID)
	p.Field("Status", string(co.Status))
	p.Field("Legal form", string(co.LegalForm))
	p.Field("Register", join(", ", join(" ", string(co.Register.RegisterType), co.Register.RegisterNumber), co.Register.RegisterCourt))
	p.Field("Address", formatAddress(co.Address))
	p.Field("Incorporated", date(&co.IncorporatedAt))
	p.Field("Terminated", date(co.TerminatedAt))
	if co.Capital != nil {
		p.Field("Capital", join(" ", amount(co.Capital.Amount), string(co.Capital.Currency)))
	}
	if co.Purpose != nil {
		p.Field("Purpose", co.Purpose.Purpose)
	}
	p.Field("Representation", str(co.RepresentationRule))
	p.Field("LEI", co.LEI)
	if ct := co.Contact; ct != nil {
		p.Field("Website", ct.WebsiteURL)
		p.Field("Email", ct.Email)
		p.Field("Phone", ct.Phone)
		p.Field("VAT ID", ct.VATID)
	}
	if co.MergedInto != nil {
		p.Field("Merged into", join(" ", co.MergedInto.Name, "("+co.MergedInto.CompanyID+")"))
	}
	if err := p.Render(w, width); err != nil {
		return err
	}

	reps := co.Representation
	title := "Representatives"
	if !history {
		reps = co.CurrentRepresentatives(today)
		title = "Current representatives"
	}
	if len(reps) > 0 {
		t := output.NewTable(
			output.Column{Header: "Name"}, output.Column{Header: "Role"},
			output.Column{Header: "Since", Fixed: true, OmitEmpty: true}, output.Column{Header: "Until", Fixed: true, OmitEmpty: true},
			// The city gives way before a name or a role is cut.
			output.Column{Header: "City", Optional: true}, output.Column{Header: "ID", Fixed: true, ShortUUIDs: true, Optional: true},
		)
		for _, r := range reps {
			t.Row(r.Name, roleLabel(r), date(&r.StartDate), date(r.EndDate), repCity(r), str(r.ID))
		}
		if err := section(w, width, wide, title, t); err != nil {
			return err
		}
	}
	if history && len(co.Names) > 1 {
		t := output.NewTable(output.Column{Header: "Since", Fixed: true}, output.Column{Header: "Name"}, output.Column{Header: "Legal form"})
		for _, n := range co.Names {
			t.Row(date(&n.StartDate), n.Name, string(n.LegalForm))
		}
		if err := section(w, width, wide, "Names", t); err != nil {
			return err
		}
	}
	if history && len(co.Addresses) > 1 {
		t := output.NewTable(output.Column{Header: "Since", Fixed: true}, output.Column{Header: "Address"})
		for _, ad := range co.Addresses {
			t.Row(date(&ad.StartDate), formatAddress(ad))
		}
		if err := section(w, width, wide, "Addresses", t); err != nil {
			return err
		}
	}
	if ind := latestIndicators(co); ind != nil {
		t := output.NewTable(output.Column{Header: "Figure"}, output.Column{Header: "Value", Right: true, Fixed: true})
		for _, f := range []struct {
			label, value string
		}{
			{"Revenue", cents(ind.Revenue)}, {"Net income", cents(ind.NetIncome)},
			{"Balance sheet total", cents(ind.BalanceSheetTotal)}, {"Equity", cents(ind.Equity)},
			{"Cash", cents(ind.Cash)}, {"Liabilities", cents(ind.Liabilities)}, {"Employees", count(ind.Employees)},
		} {
			if f.value != "" {
				t.Row(f.label, f.value)
			}
		}
		if err := section(w, width, wide, "Key figures "+ind.Date.String()+" (money in EUR)", t); err != nil {
			return err
		}
	}
	if len(co.Insolvencies) > 0 {
		t := output.NewTable(output.Column{Header: "Status"}, output.Column{Header: "Court"}, output.Column{Header: "Case", Fixed: true},
			output.Column{Header: "Opened", Fixed: true}, output.Column{Header: "Closed", Fixed: true}, output.Column{Header: "ID", Fixed: true, ShortUUIDs: true, Optional: true})
		for _, in := range co.Insolvencies {
			t.Row(string(in.CurrentStatus), in.Court, in.CaseNumber, date(in.OpenedAt), date(in.ClosedAt), in.ID)
		}
		if err := section(w, width, wide, "Insolvency proceedings", t); err != nil {
			return err
		}
	}
	return nil
}

// latestIndicators returns the indicator summary with the latest date,
// nil if there is none.
func latestIndicators(co *registerdata.Company) *registerdata.IndicatorSummary {
	var latest *registerdata.IndicatorSummary
	for i := range co.Indicators {
		if latest == nil || co.Indicators[i].Date.After(latest.Date) {
			latest = &co.Indicators[i]
		}
	}
	return latest
}

// section writes a heading and a table.
func section(w io.Writer, width int, wide bool, title string, t *output.Table) error {
	if err := output.Heading(w, title); err != nil {
		return err
	}
	if wide {
		t.WholeUUIDs()
	}
	return t.Render(w, width)
}

// render writes t to stdout at the terminal's width, UUIDs whole with
// --wide.
func (a *app) render(t *output.Table) error {
	if a.wide {
		t.WholeUUIDs()
	}
	return t.Render(a.stdout, a.width())
}

// section writes a heading and a table to stdout (see render).
func (a *app) section(title string, t *output.Table) error {
	return section(a.stdout, a.width(), a.wide, title, t)
}

// formatAddress is the address on one line: the service's formatted
// value, else its parts.
func formatAddress(ad registerdata.CompanyAddress) string {
	if ad.FormattedValue != "" {
		return ad.FormattedValue
	}
	return join(", ", ad.Extra, ad.Street, join(" ", ad.PostalCode, ad.City), ad.Country)
}

// roleLabel names a representative's role: the service's English label,
// else its code, else the coarse role.
func roleLabel(r registerdata.Representative) string {
	switch {
	case r.RoleDetail.LabelEN != "":
		return r.RoleDetail.LabelEN
	case r.RoleDetail.Code != "":
		return string(r.RoleDetail.Code)
	}
	return string(r.Role)
}

func repCity(r registerdata.Representative) string {
	switch {
	case r.NaturalPerson != nil:
		return str(r.NaturalPerson.City)
	case r.LegalPerson != nil:
		return str(r.LegalPerson.City)
	}
	return ""
}
