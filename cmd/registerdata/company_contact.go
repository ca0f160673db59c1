package main

import (
	"github.com/registerdata/registerdata-go/cmd/registerdata/internal/output"
	"github.com/spf13/pflag"
)

func companyContact() *command {
	return &command{
		name: "contact", args: "ID", nargs: 1, billable: true,
		summary: "email, phone and VAT id from the company's website (10 credits)",
		help:    `Shows the contact details the service found on the company's website, with the page they came from.`,
		examples: []string{
			"registerdata --fake company contact DE-HRB-F1103-267645",
		},
		setup: func(fs *pflag.FlagSet) runFunc {
			return func(a *app, args []string) error {
				c, err := a.api()
				if err != nil {
					return err
				}
				d, err := c.GetContactDetails(a.ctx, args[0])
				if err != nil {
					return err
				}
				if a.jsonOut {
					return a.printRaw()
				}
				var p output.Profile
				p.Field("Email", d.Email)
				p.Field("Phone", d.Phone)
				p.Field("VAT ID", d.VATID)
				p.Field("Source", d.SourceURL)
				return p.Render(a.stdout, a.width())
			}
		},
	}
}

func companyLookup() *command {
	return &command{
		name: "lookup", args: "WEBSITE_URL", nargs: 1, billable: true,
		summary: "the company behind a website (10 credits)",
		help:    `Finds the company that runs a website, with the contact details found there.`,
		examples: []string{
			"registerdata --fake company lookup https://www.nordlicht-solartechnik.example",
		},
		setup: func(fs *pflag.FlagSet) runFunc {
			return func(a *app, args []string) error {
				c, err := a.api()
				if err != nil {
					return err
				}
				l, err := c.LookupCompanyByURL(a.ctx, args[0])
				if err != nil {
					return err
				}
				if a.jsonOut {
					return a.printRaw()
				}
				var p output.Profile
				p.Field("Company", l.CompanyID)
				p.Field("Email", l.Email)
				p.Field("Phone", l.Phone)
				p.Field("VAT ID", l.VATID)
				return p.Render(a.stdout, a.width())
			}
		},
	}
}
