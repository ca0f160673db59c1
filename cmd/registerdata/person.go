package main

import (
	"fmt"
	"strconv"

	"github.com/registerdata/registerdata-go/cmd/registerdata/internal/output"
	"github.com/spf13/pflag"
)

// personGroup is "registerdata person ...": one natural person.
func personGroup() *group {
	return &group{
		name:     "person",
		summary:  "one person: profile with management positions, holdings",
		commands: []*command{personGet(), personHoldings()},
	}
}

func personGet() *command {
	return &command{
		name: "get", args: "PERSON_ID", nargs: 1, billable: true,
		summary: "a person's profile and management positions (10 credits)",
		help:    `Fetches a natural person by id (a UUID, as search persons and the representatives of a company show it): name, city, date of birth and every management position, current and former.`,
		examples: []string{
			"registerdata --fake person get 3f6c2a1e-8b4d-4c7a-9e21-5d0b7a4c1f01",
			"registerdata person get 3f6c2a1e-8b4d-4c7a-9e21-5d0b7a4c1f01 --json | jq .management_positions",
		},
		setup: func(fs *pflag.FlagSet) runFunc {
			return func(a *app, args []string) error {
				c, err := a.api()
				if err != nil {
					return err
				}
				p, err := c.GetPerson(a.ctx, args[0])
				if err != nil {
					return err
				}
				if a.jsonOut {
					return a.printRaw()
				}
				fmt.Fprintln(a.stdout, output.Clean(join(" ", p.FirstName, p.LastName)))
				var pr output.Profile
				pr.Field("ID", p.ID)
				pr.Field("City", str(p.City))
				pr.Field("Born", date(p.DateOfBirth))
				if p.Age != nil {
					pr.Field("Age", strconv.Itoa(*p.Age))
				}
				if err := pr.Render(a.stdout, a.width()); err != nil {
					return err
				}
				if len(p.ManagementPositions) == 0 {
					return nil
				}
				t := output.NewTable(
					output.Column{Header: "Company"}, output.Column{Header: "Register ID", Fixed: true},
					output.Column{Header: "Role"}, output.Column{Header: "Since", Fixed: true, OmitEmpty: true}, output.Column{Header: "Until", Fixed: true, OmitEmpty: true},
				)
				for _, m := range p.ManagementPositions {
					t.Row(m.CompanyName, m.RegisterID, m.Role, date(&m.StartDate), date(m.EndDate))
				}
				return a.section("Management positions", t)
			}
		},
	}
}

func personHoldings() *command {
	return &command{
		name: "holdings", args: "PERSON_ID", nargs: 1, billable: true,
		summary: "stakes the person holds in companies (10 credits)",
		help:    `Lists the companies in which the person holds a stake, with the share, the nominal value in EUR and when the stake began and ended.`,
		examples: []string{
			"registerdata --fake person holdings 3f6c2a1e-8b4d-4c7a-9e21-5d0b7a4c1f01",
		},
		setup: func(fs *pflag.FlagSet) runFunc {
			return func(a *app, args []string) error {
				c, err := a.api()
				if err != nil {
					return err
				}
				h, err := c.GetPersonHoldings(a.ctx, args[0])
				if err != nil {
					return err
				}
				return a.renderHoldings(h, h.PersonID)
			}
		},
	}
}
