package main

import (
	"context"
	"errors"
	"fmt"
	"iter"

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
row, and --resume then goes on where it stopped: rows done are kept and
cost nothing again, rows that failed are tried again. A row is known by
its position in --in (a resume against a changed file is refused), so
duplicate rows stay duplicates. The resume state lives beside the output
(OUT.resume, OUT.resume-calls); the output is written whole at the end of
each run. Register text that a spreadsheet would read as a formula gets
a leading ' in CSV output (--raw keeps it as received). A progress bar
shows on a terminal; a summary line ends the run on stderr.`,
		examples: []string{
			"registerdata --fake match --in customers.csv --out matched.csv",
			"registerdata --budget 500 match --in customers.csv --out matched.csv --resume",
			"registerdata match --in crm.jsonl --column name=Kunde --column city=Niederlassung --format jsonl",
		},
		setup: func(fs *pflag.FlagSet) runFunc {
			var f fileFlags
			f.declare(fs)
			return reconciled(fs, func(a *app, _ []string) error { return a.runMatch(&f) })
		},
	}
}

// tally counts the outcomes of a run for its summary.
type tally struct {
	rows, matched, ambiguous, none, failed, notTried int
}

func (a *app) runMatch(f *fileFlags) error {
	return a.runFile(f, fileRun{what: "match", verb: "matching", lookup: matchLookup(f), key: matchKey})
}

// matchLookup matches rows with MatchCompaniesSeq.
func matchLookup(f *fileFlags) lookupFunc {
	return func(ctx context.Context, c *registerdata.Client, rows []matchfile.Row) iter.Seq2[rowResult, error] {
		return func(yield func(rowResult, error) bool) {
			queries := make([]registerdata.MatchQuery, len(rows))
			for i, r := range rows {
				queries[i] = r.Query
			}
			for r, err := range c.MatchCompaniesSeq(ctx, queries, registerdata.BatchOptions{Concurrency: f.concurrency}) {
				if err != nil {
					yield(rowResult{}, err)
					return
				}
				res := rowResult{row: rows[r.Index]}
				if errors.Is(r.Err, registerdata.ErrBudgetExceeded) {
					res.notTried = true // left out of the output, so --resume tries it
				} else {
					res.cells = matchfile.MatchCells(r.Match, r.Err, 0)
					res.failed = r.Err != nil
					res.kind = kindOf(res.cells, false)
				}
				if !yield(res, nil) {
					return
				}
			}
		}
	}
}

// result is the run's error: the walk's, then the input's, the budget's,
// and the failed rows'.
func (t tally) result(walkErr error, what string, unreadable int) error {
	switch {
	case walkErr != nil:
		return walkErr
	case unreadable > 0:
		return fmt.Errorf("%d input records could not be read (see above): fix them and run again with --out (and --resume, which keeps the rows done)", unreadable)
	case t.notTried > 0:
		return fmt.Errorf("%w: %d rows not tried; run again with --resume (and a larger --budget) to go on without paying twice", registerdata.ErrBudgetExceeded, t.notTried)
	case t.failed > 0:
		if what == "match" {
			what = "matches"
		} else {
			what = "rows"
		}
		return fmt.Errorf("%d %s failed: their rows have status error (and --resume tries them again)", t.failed, what)
	}
	return nil
}
