package main

import (
	"errors"
	"fmt"
	"time"

	registerdata "github.com/registerdata/registerdata-go"
	"github.com/registerdata/registerdata-go/matchfile"
	"github.com/spf13/pflag"
)

// matchGroup is "registerdata match": customer records to register
// entries.
func matchGroup() *group {
	return &group{name: "match", summary: "find the register entry of each row of a CSV or JSON Lines file", commands: []*command{matchCommand()}}
}

func matchCommand() *command {
	return &command{
		name: "", nargs: 0, billable: true,
		summary: "find the register entry of each row of a CSV or JSON Lines file",
		help: `Reads customer records (CSV with a header line, comma or semicolon, or JSON
Lines) and finds each one's register entry with MatchCompany: register
references, VAT ids, LEIs and websites first, then names with free
autocomplete before any paid search. The columns are found by their usual
German and English names (firma/name/company, ort/stadt/city,
plz/postal_code/zip, strasse/street, register/hrb/handelsregister,
ust-id/vat, lei, website/url/domain); --column field=header names others.

Writes every input column plus company_id, matched_name, score, status
(matched, ambiguous, none, error) and reasons. A match costs 0 to a few
credits; --budget stops the run when the budget cannot pay for the next
row, and --resume then goes on where it stopped: rows already in --out are
skipped and cost nothing again. A progress bar shows on a terminal; a
summary line ends the run on stderr.`,
		examples: []string{
			"registerdata --fake match --in customers.csv --out matched.csv",
			"registerdata --budget 500 match --in customers.csv --out matched.csv --resume",
			"registerdata match --in crm.jsonl --column name=Kunde --column city=Niederlassung --format jsonl",
		},
		setup: func(fs *pflag.FlagSet) runFunc {
			var f fileFlags
			f.declare(fs)
			return func(a *app, _ []string) error { return a.runMatch(&f) }
		},
	}
}

// tally counts the outcomes of a run for its summary.
type tally struct {
	rows, matched, ambiguous, none, failed, notTried int
}

func (a *app) runMatch(f *fileFlags) (err error) {
	job, err := a.openFileJob(f, false)
	if err != nil {
		return err
	}
	defer func() {
		if cerr := job.closeOut(); err == nil {
			err = cerr
		}
	}()
	c, err := a.api()
	if err != nil {
		return err
	}
	queries := make([]registerdata.MatchQuery, len(job.rows))
	for i, r := range job.rows {
		queries[i] = r.Query
	}
	start := time.Now()
	bar := a.newProgress(len(job.rows), "matching")
	var t tally
	var charged int64
	opts := registerdata.BatchOptions{Concurrency: f.concurrency, Progress: func(p registerdata.BatchProgress) { charged = p.Charged }}
	var walkErr error
	for r, err := range c.MatchCompaniesSeq(a.ctx, queries, opts) {
		if err != nil {
			walkErr = err
			break
		}
		t.rows++
		if errors.Is(r.Err, registerdata.ErrBudgetExceeded) {
			// Not tried: left out of the output, so --resume tries it.
			t.notTried++
			bar.step(t.matched, charged)
			continue
		}
		if werr := job.w.WriteMatch(job.rows[r.Index], r.Match, r.Err); werr != nil {
			return werr
		}
		if werr := job.w.Flush(); werr != nil {
			return werr
		}
		switch matchfile.MatchCells(r.Match, r.Err, 0)[3] {
		case matchfile.StatusMatched:
			t.matched++
		case matchfile.StatusAmbiguous:
			t.ambiguous++
		case matchfile.StatusNone:
			t.none++
		default:
			t.failed++
		}
		bar.step(t.matched, charged)
	}
	bar.finish()
	fmt.Fprintf(a.stderr, "%d rows: %d matched, %d ambiguous, %d none, %d failed%s in %s\n",
		t.rows-t.notTried, t.matched, t.ambiguous, t.none, t.failed, job.extra(t.notTried), time.Since(start).Round(time.Millisecond))
	return t.result(walkErr, "matches", job.unreadable)
}

// extra is the summary's note of rows not done by this run.
func (j *fileJob) extra(notTried int) string {
	s := ""
	if j.skipped > 0 {
		s += fmt.Sprintf(", %d already in the output (skipped)", j.skipped)
	}
	if j.unreadable > 0 {
		s += fmt.Sprintf(", %d unreadable", j.unreadable)
	}
	if notTried > 0 {
		s += fmt.Sprintf(", %d not tried: the budget ran out", notTried)
	}
	return s
}

// result is the run's error: the walk's, then the input's, the budget's,
// and the failed rows'.
func (t tally) result(walkErr error, what string, unreadable int) error {
	switch {
	case walkErr != nil:
		return walkErr
	case unreadable > 0:
		return fmt.Errorf("%d input records could not be read (see above): fix them and run again with --out and --resume, which adds only the rows missing", unreadable)
	case t.notTried > 0:
		return fmt.Errorf("%w: %d rows not tried; run again with --resume (and a larger --budget) to go on without paying twice", registerdata.ErrBudgetExceeded, t.notTried)
	case t.failed > 0:
		return fmt.Errorf("%d %s failed: their rows have status error (and --resume tries them again)", t.failed, what)
	}
	return nil
}
