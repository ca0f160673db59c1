package main

import (
	"fmt"

	"github.com/spf13/pflag"
)

func portfolioRetry() *command {
	return &command{
		name: "retry", args: "[COMPANY_ID...]", nargs: -1,
		summary: "queue again the checks the workers gave up on (free; the checks cost when worked)",
		help: `Queues again the checks of deliveries whose every attempt failed (the
workers gave up on them: "portfolio events" shows each as "check given
up", "portfolio flags" shows the company's check_failed flag), of the
companies given, or of every company. "portfolio work" runs them; a check
that succeeds journals what it found and clears check_failed, one that
fails again is given up and journalled again. The Go API's Rescreen also
polls such a company, monitor or not.`,
		examples: []string{
			"registerdata portfolio retry",
			"registerdata portfolio retry DE-HRB-F1103-267645 && registerdata portfolio work --drain",
		},
		setup: func(fs *pflag.FlagSet) runFunc {
			db := dbFlag(fs)
			return func(a *app, args []string) error {
				p, err := a.openPortfolio(*db)
				if err != nil {
					return err
				}
				defer p.Close()
				n, err := p.RetryFailed(a.ctx, args...)
				if err != nil {
					return err
				}
				if a.jsonOut {
					return a.jsonLine(map[string]any{"queued": n})
				}
				switch n {
				case 0:
					_, err = fmt.Fprintln(a.stdout, "no check was given up: nothing to retry")
				case 1:
					_, err = fmt.Fprintln(a.stdout, "queued 1 check again: \"registerdata portfolio work\" runs it")
				default:
					_, err = fmt.Fprintf(a.stdout, "queued %d checks again: \"registerdata portfolio work\" runs them\n", n)
				}
				return err
			}
		},
	}
}
