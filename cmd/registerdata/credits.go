package main

import (
	"strconv"
	"time"

	registerdata "github.com/registerdata/registerdata-go"
	"github.com/registerdata/registerdata-go/cmd/registerdata/internal/output"
	"github.com/spf13/pflag"
)

// creditsGroup is "registerdata credits": the account's credit usage.
func creditsGroup() *group {
	return &group{
		name:     "credits",
		summary:  "the account's credits: included, used, remaining (free)",
		commands: []*command{creditsShow()},
	}
}

func creditsShow() *command {
	return &command{
		name: "", nargs: 0,
		summary: "the account's credits: included, used, remaining (free)",
		help:    `Shows the credits of the API key's account for the current period: included, used, remaining, overage, and when the period resets. It costs nothing.`,
		examples: []string{
			"registerdata --fake credits",
			"registerdata credits --json | jq .remaining_credits",
		},
		setup: func(fs *pflag.FlagSet) runFunc {
			return func(a *app, _ []string) error {
				c, err := a.api()
				if err != nil {
					return err
				}
				u, err := c.GetCredits(a.ctx)
				if err != nil {
					return err
				}
				if a.jsonOut {
					return a.printRaw()
				}
				return renderCredits(a, u)
			}
		},
	}
}

func renderCredits(a *app, u *registerdata.CreditUsage) error {
	var p output.Profile
	p.Field("Included", thousands64(u.Included))
	p.Field("Used", thousands64(u.Used))
	p.Field("Remaining", thousands64(u.Remaining))
	p.Field("Overage", thousands64(u.Overage))
	p.Field("Paid plan", yesNo(u.Paid))
	p.Field("Period", u.Period.Type)
	if !u.Period.ResetAt.IsZero() {
		p.Field("Resets", u.Period.ResetAt.UTC().Format(time.RFC3339))
	}
	return p.Render(a.stdout, a.width())
}

// thousands64 formats a credit count, negative ones too.
func thousands64(n int64) string {
	if n < 0 {
		return strconv.FormatInt(n, 10)
	}
	return thousands(n)
}
