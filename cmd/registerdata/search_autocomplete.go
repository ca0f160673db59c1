package main

import (
	"fmt"
	"strings"

	"github.com/registerdata/registerdata-go/cmd/registerdata/internal/output"
	"github.com/spf13/pflag"
)

func searchAutocomplete() *command {
	return &command{
		name: "autocomplete", args: "QUERY", nargs: -1,
		summary: "companies whose name starts like the query (free)",
		help:    `Suggests companies for a name being typed, as a search box would. It costs nothing.`,
		examples: []string{
			"registerdata --fake search autocomplete nordl",
			"registerdata search autocomplete rhein kies --json | jq -r '.results[].company_id'",
		},
		setup: func(fs *pflag.FlagSet) runFunc {
			return func(a *app, args []string) error {
				q := strings.TrimSpace(strings.Join(args, " "))
				if q == "" {
					return usagef("search autocomplete takes the start of a company name")
				}
				c, err := a.api()
				if err != nil {
					return err
				}
				res, err := c.AutocompleteCompanies(a.ctx, q)
				if err != nil {
					return err
				}
				if a.jsonOut {
					return a.printRaw()
				}
				if len(res) == 0 {
					_, err := fmt.Fprintln(a.stdout, "no suggestions")
					return err
				}
				t := output.NewTable(output.Column{Header: "ID", Fixed: true, ShortUUIDs: true}, output.Column{Header: "Name"}, output.Column{Header: "Legal form"})
				for _, r := range res {
					t.Row(r.CompanyID, r.Name, string(r.LegalForm))
				}
				return a.render(t)
			}
		},
	}
}
