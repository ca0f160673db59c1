package main

import (
	"fmt"
	"regexp"
	"strings"
	"sync"

	registerdata "github.com/registerdata/registerdata-go"
	"github.com/registerdata/registerdata-go/cmd/registerdata/internal/output"
	"github.com/registerdata/registerdata-go/enums"
	"github.com/spf13/pflag"
)

// monitorGroup is "registerdata monitor ...": the account's monitors.
func monitorGroup() *group {
	return &group{
		name:     "monitor",
		summary:  "watch companies and persons for changes (delivered as webhooks)",
		commands: []*command{monitorCreate(), monitorList(), monitorDelete()},
	}
}

// uuidPattern matches a person id; anything else is taken for a company.
// It is compiled when a monitor command first needs it, not at start.
var uuidPattern = sync.OnceValue(func() *regexp.Regexp {
	return regexp.MustCompile(`^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$`)
})

func monitorCreate() *command {
	return &command{
		name: "create", args: "ENTITY_ID", nargs: 1, billable: true,
		summary: "watch a company or person (25 credits, 50 daily; the same again each month)",
		help: `Creates a monitor: the service checks the entity and delivers a webhook to
the endpoint set in its dashboard when it changes in one of the
preferences. A person id (a UUID) makes a person monitor, anything else a
company monitor. A weekly company monitor costs 25 credits, a daily one 50,
and the same again each month it stays active.

Monitoring is early access at the service, given on request: an account
without it gets 403, which the command reports with where to ask
(https://docs.openregister.de/guide/monitoring), billing nothing.

Company preferences: basic, representation, financials, documents,
ownership, holdings, insolvencies (default: basic,representation).
Person preferences: management_positions, holdings, insolvencies
(default: management_positions).`,
		examples: []string{
			"registerdata --fake monitor create DE-HRB-F1103-267645",
			"registerdata monitor create DE-HRB-F1103-267645 --preferences basic,insolvencies --daily",
			"registerdata monitor create 3f6c2a1e-8b4d-4c7a-9e21-5d0b7a4c1f01",
		},
		setup: func(fs *pflag.FlagSet) runFunc {
			prefs := fs.String("preferences", "", "comma-separated `list` of categories to watch (see above)")
			daily := fs.Bool("daily", false, "check a company daily instead of weekly (50 credits instead of 25)")
			return func(a *app, args []string) error {
				req := registerdata.MonitorRequest{EntityID: args[0], EntityType: enums.EntityTypeCompany}
				if uuidPattern().MatchString(args[0]) {
					req.EntityType = enums.EntityTypePerson
				}
				for _, p := range splitList(*prefs) {
					req.Preferences = append(req.Preferences, enums.Preference(strings.ToLower(p)))
				}
				if len(req.Preferences) == 0 {
					req.Preferences = []enums.Preference{enums.PreferenceBasic, enums.PreferenceRepresentation}
					if req.EntityType == enums.EntityTypePerson {
						req.Preferences = []enums.Preference{enums.PreferenceManagementPositions}
					}
				}
				if *daily {
					req.UpdateFrequency = enums.UpdateFrequencyDaily
				}
				if err := req.Validate(); err != nil {
					return err
				}
				c, err := a.api()
				if err != nil {
					return err
				}
				m, err := c.CreateMonitor(a.ctx, req)
				if err != nil {
					return err
				}
				if a.jsonOut {
					return a.printRaw()
				}
				return a.render(monitorTable([]registerdata.Monitor{*m}))
			}
		},
	}
}

func monitorList() *command {
	return &command{
		name: "list", nargs: 0,
		summary: "the account's monitors (free)",
		help:    `Lists the monitors of the account. Disabled monitors (after a downgrade to a plan without monitoring) deliver nothing.`,
		examples: []string{
			"registerdata monitor list",
			"registerdata monitor list --json | jq -r '.items[].entity_id'",
		},
		setup: func(fs *pflag.FlagSet) runFunc {
			return func(a *app, _ []string) error {
				c, err := a.api()
				if err != nil {
					return err
				}
				ms, err := c.ListMonitors(a.ctx)
				if err != nil {
					return err
				}
				if a.jsonOut {
					return a.printRaw()
				}
				if len(ms) == 0 {
					_, err := fmt.Fprintln(a.stdout, "no monitors")
					return err
				}
				return a.render(monitorTable(ms))
			}
		},
	}
}

func monitorDelete() *command {
	return &command{
		name: "delete", args: "ENTITY_ID", nargs: 1,
		summary: "stop watching an entity (free)",
		help:    `Deletes the account's monitor of the entity; it delivers nothing more and is not charged again.`,
		examples: []string{
			"registerdata monitor delete DE-HRB-F1103-267645",
		},
		setup: func(fs *pflag.FlagSet) runFunc {
			return func(a *app, args []string) error {
				c, err := a.api()
				if err != nil {
					return err
				}
				if err := c.DeleteMonitor(a.ctx, args[0]); err != nil {
					return err
				}
				if a.jsonOut {
					return a.printRaw() // the service answers 204, without a body
				}
				_, err = fmt.Fprintf(a.stdout, "deleted the monitor of %s\n", output.Clean(args[0]))
				return err
			}
		},
	}
}

func monitorTable(ms []registerdata.Monitor) *output.Table {
	t := output.NewTable(
		output.Column{Header: "Entity", Fixed: true, ShortUUIDs: true}, output.Column{Header: "Type"},
		output.Column{Header: "Frequency"}, output.Column{Header: "Preferences"}, output.Column{Header: "Disabled"},
	)
	for _, m := range ms {
		prefs := make([]string, len(m.Preferences))
		for i, p := range m.Preferences {
			prefs[i] = string(p)
		}
		t.Row(m.EntityID, string(m.EntityType), string(m.UpdateFrequency), strings.Join(prefs, ","), yesNo(m.Disabled))
	}
	return t
}
