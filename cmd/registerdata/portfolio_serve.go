package main

import (
	"context"
	"errors"
	"fmt"
	"net"

	"github.com/registerdata/registerdata-go/portfolio"
	"github.com/registerdata/registerdata-go/webhook"
	"github.com/spf13/pflag"
)

func portfolioServe() *command {
	return &command{
		name: "serve", nargs: 0, billable: true,
		summary: "receive the service's webhooks for the portfolio, and work them off",
		help: `Receives the service's webhook deliveries on --addr (default
127.0.0.1:8080, this machine only; ":8080" listens on every interface) with
the secret from $REGISTERDATA_WEBHOOK_SECRET or --secret-file. Each delivery
is verified, its event id recorded and its work queued in one transaction,
and answered at once; a redelivery or a replay changes nothing. Unless
--no-work is given, the same process also works the queue: it fetches what
each event's categories need, compares it with the stored snapshot and
writes the journal entry and the flag changes in one transaction. Any
number of "serve" and "work" processes may share one PostgreSQL database.
Stop it with Ctrl-C.`,
		examples: []string{
			"registerdata portfolio serve --secret-file ~/.config/registerdata/webhook-secret",
			"registerdata portfolio serve --db postgres://kyc@db:5432/kyc --addr :8080 --no-work",
		},
		setup: func(fs *pflag.FlagSet) runFunc {
			db := dbFlag(fs)
			addr := fs.String("addr", defaultListenAddr, "the `address` to listen on (\":8080\": every interface)")
			secret := declareSecretFlags(fs)
			tolerance := fs.Duration("tolerance", webhook.DefaultTolerance, "how far a delivery's timestamp may lie from now")
			noWork := fs.Bool("no-work", false, "only receive: leave the queued work to \"portfolio work\" processes")
			return func(a *app, _ []string) error {
				v, err := a.verifier(secret, *tolerance)
				if err != nil {
					return err
				}
				p, err := a.openPortfolioCalling(*db, a.workLogger())
				if err != nil {
					return err
				}
				defer p.Close()
				l, err := a.listenTCP("--addr", *addr)
				if err != nil {
					return err
				}
				return a.servePortfolio(p, v, l, !*noWork)
			}
		},
	}
}

// servePortfolio serves p's handler on l, and works the queue in the same
// process when work is set, until the command's context ends.
func (a *app) servePortfolio(p *portfolio.Portfolio, v *webhook.Verifier, l net.Listener, work bool) error {
	ctx, cancel := context.WithCancel(a.ctx)
	defer cancel()
	workDone := make(chan error, 1)
	if work {
		go func() { workDone <- p.Work(ctx) }()
	} else {
		workDone <- nil
	}
	fmt.Fprintf(a.stderr, "receiving webhooks on http://%s/ (Ctrl-C to stop)\n", l.Addr())
	serveErr := serveUntilDone(ctx, webhookServer(p.Handler(v), listenLimits), l)
	cancel()
	workErr := <-workDone
	if errors.Is(workErr, context.Canceled) {
		workErr = nil
	}
	return errors.Join(serveErr, workErr)
}

func portfolioWork() *command {
	return &command{
		name: "work", nargs: 0, billable: true,
		summary: "work off the queued events: fetch, compare, journal, flag",
		help: `Works the portfolio's queue until Ctrl-C (or, with --drain, until it is
empty): for each event it fetches what the event's categories need,
compares it with the stored snapshot and writes the journal entry, the new
snapshot and the flag changes in one transaction. Any number of workers may
run on one PostgreSQL database; a job of a worker that dies is taken over by
another, and nothing is journalled twice.`,
		examples: []string{
			"registerdata portfolio work --db postgres://kyc@db:5432/kyc",
			"registerdata portfolio work --drain",
		},
		setup: func(fs *pflag.FlagSet) runFunc {
			db := dbFlag(fs)
			drain := fs.Bool("drain", false, "run what is queued now and exit")
			return func(a *app, _ []string) error {
				p, err := a.openPortfolioCalling(*db, a.workLogger())
				if err != nil {
					return err
				}
				defer p.Close()
				if *drain {
					n, err := p.Drain(a.ctx)
					fmt.Fprintf(a.stderr, "ran %d jobs\n", n)
					return err
				}
				fmt.Fprintln(a.stderr, "working the queue (Ctrl-C to stop)")
				if err := p.Work(a.ctx); err != nil && !errors.Is(err, context.Canceled) {
					return err
				}
				return nil
			}
		},
	}
}
