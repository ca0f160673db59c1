package main

import (
	"fmt"
	"strings"

	registerdata "github.com/registerdata/registerdata-go"
	"github.com/registerdata/registerdata-go/cmd/registerdata/internal/output"
	"github.com/spf13/pflag"
)

// insolvencyGroup is "registerdata insolvency get ID": one proceeding.
func insolvencyGroup() *group {
	return &group{
		name:     "insolvency",
		summary:  "one insolvency proceeding with its published events",
		commands: []*command{insolvencyGet()},
	}
}

func insolvencyGet() *command {
	return &command{
		name: "get", args: "INSOLVENCY_ID", nargs: 1, billable: true,
		summary: "a proceeding: court, status, administrator and every event",
		help: `Fetches an insolvency proceeding by id (as 'search insolvencies' and the
insolvency proceedings of 'company get' show it): debtor, court and case
number, status, administrator, deadlines, and every published event.`,
		examples: []string{
			"registerdata --fake search insolvencies --filter 'has_open_insolvency=true'",
			"registerdata insolvency get INSOLVENCY_ID",
			"registerdata insolvency get INSOLVENCY_ID --json | jq '.events[].summary'",
		},
		setup: func(fs *pflag.FlagSet) runFunc {
			return func(a *app, args []string) error {
				c, err := a.api()
				if err != nil {
					return err
				}
				in, err := c.GetInsolvency(a.ctx, args[0])
				if err != nil {
					return err
				}
				if a.jsonOut {
					return a.printRaw()
				}
				return renderInsolvency(a, in)
			}
		},
	}
}

func renderInsolvency(a *app, in *registerdata.Insolvency) error {
	fmt.Fprintln(a.stdout, output.Clean(in.DebtorName))
	var p output.Profile
	p.Field("ID", in.ID)
	p.Field("Company", str(in.CompanyID))
	p.Field("Court", join(", ", in.Court, in.CaseNumber))
	p.Field("Status", string(in.CurrentStatus))
	if in.ProceedingKind != nil {
		p.Field("Proceeding", string(*in.ProceedingKind))
	}
	if in.AdministrationKind != nil {
		p.Field("Administration", string(*in.AdministrationKind))
	}
	p.Field("Administrator", join(", ", str(in.AdministratorName), str(in.AdministratorAddress)))
	p.Field("Grounds", strings.Join(in.InsolvencyGrounds, ", "))
	p.Field("Opened", date(in.OpenedAt))
	p.Field("Claims until", date(in.ClaimsFilingDeadline))
	p.Field("Closed", date(in.ClosedAt))
	if err := p.Render(a.stdout, a.width()); err != nil {
		return err
	}
	if len(in.Events) == 0 {
		return nil
	}
	t := output.NewTable(output.Column{Header: "Published", Fixed: true}, output.Column{Header: "Event"}, output.Column{Header: "Summary"})
	for _, e := range in.Events {
		t.Row(date(&e.PublishedAt), string(e.EventType), e.Summary)
	}
	return a.section("Events", t)
}
