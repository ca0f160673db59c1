package main

import (
	"fmt"

	"github.com/spf13/pflag"
)

// reconciled declares --reconcile on fs and wraps run: with the flag, the
// account's credit usage is read before run and again after it
// (Client.ReconcileCredits), and stderr says what the service billed
// against what the run counted, with a warning when the two differ.
func reconciled(fs *pflag.FlagSet, run runFunc) runFunc {
	on := fs.Bool("reconcile", false, "read the account's credit usage before and after the run and print what the service billed against what this run counted (other users of the API key make the service's figure larger)")
	return func(a *app, args []string) error {
		if !*on {
			return run(a, args)
		}
		c, err := a.api()
		if err != nil {
			return err
		}
		before, err := c.GetCredits(a.ctx)
		if err != nil {
			return fmt.Errorf("--reconcile: reading the account's credit usage before the run: %w", err)
		}
		runErr := run(a, args)
		r, err := c.ReconcileCredits(a.ctx, before)
		if err != nil {
			fmt.Fprintf(a.stderr, "registerdata: --reconcile: %v\n", err)
			return runErr
		}
		fmt.Fprintln(a.stderr, r)
		if r.Drifted() && !r.PeriodChanged {
			fmt.Fprintln(a.stderr, "warning: the service's bill and this run's count differ: if nobody else used the API key meanwhile, a price changed; see the README, \"Known differences from the service's documentation\"")
		}
		return runErr
	}
}
