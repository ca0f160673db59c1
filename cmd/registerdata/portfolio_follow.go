package main

import (
	"fmt"
	"iter"
	"time"

	"github.com/registerdata/registerdata-go/portfolio"
)

// followRetryFirst is the first wait of "portfolio events --follow" before
// it reads the journal again when the database is unavailable; the wait
// doubles up to --every.
const followRetryFirst = 100 * time.Millisecond

// followEvents prints (with print) the journal entries read yields after
// since, and with follow keeps looking for new ones every `every` until the
// command's context ends (Ctrl-C), which is no error. A read that fails
// because the database is unavailable (portfolio.Unavailable: what the
// workers ride out, PostgreSQL stopped or restarting) ends the run
// without --follow; with it, it is said on stderr and tried again, with
// a growing wait, from the last entry printed, so that no entry is
// skipped or printed twice. Any other failure ends the run.
func (a *app) followEvents(read func(after int64) iter.Seq2[portfolio.Event, error], since int64, follow bool, every time.Duration, print func(portfolio.Event) error) error {
	last := since
	wait := min(followRetryFirst, every)
	down := false // the last read failed: the database is unavailable
	for {
		var readErr error
		for ev, err := range read(last) {
			if err != nil {
				readErr = err
				break
			}
			if err := print(ev); err != nil {
				return err
			}
			last = ev.Seq
		}
		next := every
		switch {
		case a.ctx.Err() != nil:
			return nil
		case readErr == nil:
			if down {
				fmt.Fprintf(a.stderr, "the portfolio database answers again; following the journal after #%d\n", last)
				down, wait = false, min(followRetryFirst, every)
			}
		case !follow || !portfolio.Unavailable(readErr):
			return readErr
		default:
			fmt.Fprintf(a.stderr, "the portfolio database is unavailable; reading the journal after #%d again in %s (Ctrl-C to stop): %v\n", last, wait, readErr)
			down, next, wait = true, wait, min(2*wait, every)
		}
		if !follow {
			return nil
		}
		t := time.NewTimer(next)
		select {
		case <-a.ctx.Done():
			t.Stop()
			return nil
		case <-t.C:
		}
	}
}
