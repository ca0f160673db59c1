package main

import (
	"strings"

	"github.com/registerdata/registerdata-go/cmd/registerdata/internal/output"
	"github.com/registerdata/registerdata-go/filters"
	"github.com/spf13/pflag"
)

func searchFields() *command {
	return &command{
		name: "fields", args: "[companies|persons|insolvencies]", nargs: -1,
		summary: "the filter fields the SDK knows, with their kind (free, offline)",
		help: `Lists the filter fields of company and person searches that the SDK knows,
with their kind (which operators apply) and what they match. Fields marked
"unconfirmed" carry a name the service has not published. Other names are
sent unchecked, so fields the service adds work too.`,
		examples: []string{"registerdata search fields companies"},
		setup: func(fs *pflag.FlagSet) runFunc {
			return func(a *app, args []string) error {
				scope := filters.ScopeCompany | filters.ScopePerson
				switch strings.Join(args, " ") {
				case "":
				case "companies":
					scope = filters.ScopeCompany
				case "persons":
					scope = filters.ScopePerson
				case "insolvencies":
					scope = filters.ScopeInsolvency
				default:
					return usagef("search fields takes companies, persons, insolvencies or nothing, not %q", strings.Join(args, " "))
				}
				t := output.NewTable(output.Column{Header: "Field", Fixed: true}, output.Column{Header: "Search"},
					output.Column{Header: "Kind"}, output.Column{Header: "Matches"})
				for _, fi := range filters.Fields(scope) {
					kind := fi.Kind.String()
					if !fi.Confirmed {
						kind += ", unconfirmed"
					}
					t.Row(string(fi.Name), scopeName(fi.Scope), kind, fi.Doc)
				}
				return a.render(t)
			}
		},
	}
}

func scopeName(s filters.Scope) string {
	switch s {
	case filters.ScopeCompany:
		return "companies"
	case filters.ScopePerson:
		return "persons"
	case filters.ScopeInsolvency:
		return "insolvencies"
	}
	return "both"
}
