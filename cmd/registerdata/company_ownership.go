package main

import (
	"errors"
	"fmt"
	"math"
	"strconv"
	"time"

	registerdata "github.com/registerdata/registerdata-go"
	"github.com/registerdata/registerdata-go/cmd/registerdata/internal/output"
	"github.com/spf13/pflag"
)

// The ownership subcommands of "company": direct owners (and their
// history), beneficial owners and holdings.

func companyOwners() *command {
	return &command{
		name: "owners", args: "ID", nargs: 1, billable: true,
		summary: "direct owners with their shares (" + credits(routeOwners) + "); --history for former owners (" + credits(routeHistory) + ")",
		help: `Shows the direct owners of a company from its latest shareholder list:
share on a percent scale, nominal value in EUR, relation. An AG or SE has
owner data only as the best available documents show it: add
--best-available (the data may not be current). --history lists every
owner the filed lists ever named, with the dates they appeared. It is
billed only once the history is ready: while the service is still
processing it, the command waits as the service asks (30 s at a time),
saying so on stderr; --no-wait stops at the first such answer instead,
unbilled.`,
		examples: []string{
			"registerdata --fake company owners DE-HRB-F1103-267645",
			"registerdata company owners DE-HRB-D2601-198433 --best-available",
			"registerdata company owners DE-HRB-F1103-267645 --history",
			"registerdata company owners DE-HRB-F1103-267645 --history --no-wait",
		},
		setup: func(fs *pflag.FlagSet) runFunc {
			best := fs.Bool("best-available", false, "for an AG or SE: the best owner data available, possibly not current")
			realtime := fs.Bool("realtime", false, "fetch live from the official register")
			export := fs.Bool("export", false, "only owners already extracted; process no new documents")
			history := fs.Bool("history", false, "every current and former owner the filed lists named")
			noWait := fs.Bool("no-wait", false, "with --history: while the service is still processing the history, say so at once (unbilled) instead of waiting")
			return func(a *app, args []string) error {
				if *noWait && !*history {
					return usagef("--no-wait goes with --history")
				}
				c, err := a.api()
				if err != nil {
					return err
				}
				if *history {
					h, err := a.ownershipHistory(c, args[0], *noWait)
					if done, err := notPublished(a, registerdata.PartOwnershipHistory, err); done {
						return err
					}
					if err != nil {
						return err
					}
					if a.jsonOut {
						return a.printRaw()
					}
					return a.render(ownershipHistoryTable(h))
				}
				own, err := c.GetOwners(a.ctx, args[0], &registerdata.GetOwnersParams{BestAvailable: *best, Realtime: *realtime, Export: *export})
				if done, err := notPublished(a, registerdata.PartOwners, err); done {
					return err
				}
				if err != nil {
					return err
				}
				if a.jsonOut {
					return a.printRaw()
				}
				return renderOwners(a, own)
			}
		},
	}
}

// notPublished prints the sentence every consumer of the SDK says when
// err is the service's 404 for a legal form without part ("UBO: not
// published for an OHG, 0 credits") and reports true: the command is
// done, successfully (the service has nothing to give, and billed
// nothing). With --json the 404 stays the error: there is no answer to
// print as received; so does an AG's or SE's without --best-available.
func notPublished(a *app, part registerdata.OwnershipPart, err error) (bool, error) {
	why := registerdata.NotPublishedError(part, err)
	if form, _ := registerdata.UnsupportedLegalForm(err); why == "" || a.jsonOut || part.Available(form, true) {
		return false, nil // an AG or SE without --best-available stays the error that says to add it
	}
	_, werr := fmt.Fprintln(a.stdout, why+", 0 credits")
	return true, werr
}

// ownershipHistory fetches the ownership history of id. While the
// service answers "still processing", it waits as the service asks,
// printing one line on stderr per wait (through a.pollTimer, time.After
// by default); with noWait it stops at the first such answer with an
// error saying when to ask again. Nothing is billed until the history
// comes.
func (a *app) ownershipHistory(c *registerdata.Client, id string, noWait bool) (*registerdata.HistoricalOwners, error) {
	after := a.pollTimer
	if after == nil {
		after = time.After
	}
	opts := []registerdata.CallOption{registerdata.WithPollTimer(func(d time.Duration) <-chan time.Time {
		fmt.Fprintf(a.stderr, "the service is still processing the ownership history of %s; asking again in %s\n", output.Clean(id), waitText(d))
		return after(d)
	})}
	if noWait {
		opts = append(opts, registerdata.NoWait())
	}
	h, err := c.GetOwnershipHistory(a.ctx, id, opts...)
	var pe *registerdata.ProcessingError
	if errors.As(err, &pe) {
		return nil, fmt.Errorf("the service is still processing the ownership history of %s (nothing was billed): run the command again in %s, or without --no-wait to wait for it",
			output.Clean(id), waitText(pe.RetryAfter))
	}
	return h, err
}

// waitText writes a wait in whole seconds ("30 s").
func waitText(d time.Duration) string {
	return strconv.FormatInt(int64(d.Round(time.Second)/time.Second), 10) + " s"
}

func renderOwners(a *app, own *registerdata.Owners) error {
	if len(own.Owners) == 0 {
		_, err := fmt.Fprintf(a.stdout, "no owners listed for %s\n", output.Clean(own.CompanyID))
		return err
	}
	t := output.NewTable(
		output.Column{Header: "Name"}, output.Column{Header: "Relation"},
		output.Column{Header: "Share", Right: true, Fixed: true}, output.Column{Header: "Nominal EUR", Right: true, Fixed: true},
		output.Column{Header: "Since", Fixed: true, Optional: true}, output.Column{Header: "ID", Fixed: true, ShortUUIDs: true, Optional: true},
	)
	for _, o := range own.Owners {
		t.Row(o.Name, string(o.RelationType), percent(o.PercentageShare), amount(o.NominalShare), date(o.Start), str(o.ID))
	}
	if err := a.render(t); err != nil {
		return err
	}
	if own.BestAvailable {
		_, err := fmt.Fprintln(a.stdout, "best available data: read from documents not filed at every change, so possibly not current")
		return err
	}
	return nil
}

func ownershipHistoryTable(h *registerdata.HistoricalOwners) *output.Table {
	t := output.NewTable(
		output.Column{Header: "Name"}, output.Column{Header: "Kind"}, output.Column{Header: "Status"},
		output.Column{Header: "Share", Right: true, Fixed: true},
		output.Column{Header: "First seen", Fixed: true}, output.Column{Header: "Last seen", Fixed: true},
		output.Column{Header: "ID", Fixed: true, ShortUUIDs: true, Optional: true},
	)
	for _, o := range h.Owners {
		share := ""
		if n := len(o.OwnershipHistory); n > 0 {
			p := o.OwnershipHistory[n-1].PercentageShares
			share = percent(&p)
		}
		last := ""
		if o.LastAppearance != nil {
			last = o.LastAppearance.UTC().Format(time.DateOnly)
		}
		t.Row(o.Name, string(o.EntityType), string(o.Status), share, o.FirstAppearance.UTC().Format(time.DateOnly), last, o.ID)
	}
	return t
}

func companyUBO() *command {
	return &command{
		name: "ubo", args: "ID", nargs: 1, billable: true,
		summary: "ultimate beneficial owners (" + credits(routeUBO) + "; GmbH, gGmbH, UG and KG only)",
		help: `Shows the ultimate beneficial owners of a company: natural persons whose
effective share, multiplied along every chain of owners, exceeds 25 %.
Where nobody does, the managing directors are named (fictitious beneficial
owners, without a share). MAX SHARE is the upper bound for stakes held
through a limited partner.`,
		examples: []string{
			"registerdata --fake company ubo DE-HRB-F1103-267645",
			"registerdata company ubo DE-HRB-F1103-267645 --json | jq '.ubos[].name'",
		},
		setup: func(fs *pflag.FlagSet) runFunc {
			return func(a *app, args []string) error {
				c, err := a.api()
				if err != nil {
					return err
				}
				ubo, err := c.GetBeneficialOwners(a.ctx, args[0])
				if done, err := notPublished(a, registerdata.PartBeneficialOwners, err); done {
					return err
				}
				if err != nil {
					return err
				}
				if a.jsonOut {
					return a.printRaw()
				}
				if len(ubo.Owners) == 0 {
					_, err := fmt.Fprintf(a.stdout, "no beneficial owners listed for %s\n", output.Clean(ubo.CompanyID))
					return err
				}
				t := output.NewTable(
					output.Column{Header: "Name"}, output.Column{Header: "Share", Right: true, Fixed: true},
					output.Column{Header: "Max share", Right: true, Fixed: true}, output.Column{Header: "City"},
					output.Column{Header: "ID", Fixed: true, ShortUUIDs: true, Optional: true},
				)
				for _, o := range ubo.Owners {
					city := ""
					switch {
					case o.NaturalPerson != nil:
						city = o.NaturalPerson.City
					case o.LegalPerson != nil:
						city = str(o.LegalPerson.City)
					}
					t.Row(o.Name, percent(o.PercentageShare), percent(o.MaxPercentageShare), city, str(o.ID))
				}
				return a.render(t)
			}
		},
	}
}

func companyHoldings() *command {
	return &command{
		name: "holdings", args: "ID", nargs: 1, billable: true,
		summary: "stakes the company holds in other companies (" + credits(routeHoldings) + ")",
		help:    `Lists the companies in which the company holds a stake, with the share, the nominal value in EUR and when the stake began and ended.`,
		examples: []string{
			"registerdata --fake company holdings DE-HRB-D2601-198433",
		},
		setup: func(fs *pflag.FlagSet) runFunc {
			return func(a *app, args []string) error {
				c, err := a.api()
				if err != nil {
					return err
				}
				h, err := c.GetCompanyHoldings(a.ctx, args[0])
				if err != nil {
					return err
				}
				return a.renderHoldings(h, h.CompanyID)
			}
		},
	}
}

// renderHoldings prints holdings of a company or a person.
func (a *app) renderHoldings(h *registerdata.Holdings, holder string) error {
	if a.jsonOut {
		return a.printRaw()
	}
	if len(h.Holdings) == 0 {
		_, err := fmt.Fprintf(a.stdout, "no holdings listed for %s\n", output.Clean(holder))
		return err
	}
	t := output.NewTable(
		output.Column{Header: "Company", Fixed: true}, output.Column{Header: "Name"}, output.Column{Header: "Relation"},
		output.Column{Header: "Share", Right: true, Fixed: true}, output.Column{Header: "Nominal EUR", Right: true, Fixed: true},
		output.Column{Header: "Since", Fixed: true, Optional: true, OmitEmpty: true}, output.Column{Header: "Until", Fixed: true, Optional: true, OmitEmpty: true},
	)
	for _, x := range h.Holdings {
		t.Row(x.CompanyID, x.Name, string(x.RelationType), fraction(x.PercentageShare), amount(x.NominalShare), date(x.Start), date(x.End))
	}
	return a.render(t)
}

// percent formats a share given on a percent scale (5.36 is 5.36 %),
// rounded to two decimals; nil is empty.
func percent(v *float64) string {
	if v == nil {
		return ""
	}
	return strconv.FormatFloat(math.Round(*v*100)/100, 'f', -1, 64) + " %"
}

// fraction formats a share given on a fraction scale (0.5 is 50 %), as a
// percentage; nil is empty.
func fraction(v *float64) string {
	if v == nil {
		return ""
	}
	p := *v * 100
	return percent(&p)
}
