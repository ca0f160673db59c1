package main

import (
	"context"
	"errors"
	"iter"

	registerdata "github.com/registerdata/registerdata-go"
	"github.com/registerdata/registerdata-go/matchfile"
	"github.com/spf13/pflag"
)

// enrichGroup is "registerdata enrich": the company's columns added to
// rows that carry its id.
func enrichGroup() *group {
	return &group{name: "enrich", summary: "add the company's columns to each row carrying a company_id", commands: []*command{enrichCommand()}}
}

func enrichCommand() *command {
	return &command{
		name: "", nargs: 0, billable: true,
		summary: "add the company's columns to each row carrying a company_id",
		help: `Reads rows that carry a company_id column (the output of "registerdata
match", or any CSV or JSON Lines file with one; --column company_id=HEADER
names another) and adds the company's status, legal form, address,
capital and currency, latest revenue and employees with their date, and
current directors. Each row costs one company lookup (10 credits; an id
that appears in several rows is looked up once, with --out across the
whole file). A row without an id, or whose lookup failed, gets the reason
in the error column. --resume, --budget and --raw work as for match.`,
		examples: []string{
			"registerdata --fake match --in customers.csv | registerdata --fake enrich",
			"registerdata --budget 1000 enrich --in matched.csv --out enriched.csv --resume",
		},
		setup: func(fs *pflag.FlagSet) runFunc {
			var f fileFlags
			f.declare(fs)
			return reconciled(fs, func(a *app, _ []string) error { return a.runEnrich(&f) })
		},
	}
}

var errNoCompanyID = errors.New("the row has no company_id: nothing to look up")

func (a *app) runEnrich(f *fileFlags) error {
	return a.runFile(f, fileRun{what: "enrich", verb: "enriching", enrich: true, lookup: enrichLookup(f), key: enrichKey})
}

// enrichLookup looks up the company of each row with GetCompaniesSeq; a
// row without an id gets the reason at once. Outcomes come in the rows'
// order.
func enrichLookup(f *fileFlags) lookupFunc {
	return func(ctx context.Context, c *registerdata.Client, rows []matchfile.Row) iter.Seq2[rowResult, error] {
		return func(yield func(rowResult, error) bool) {
			var ids []string
			var pos []int // the row of each id
			for i, r := range rows {
				if r.CompanyID != "" {
					ids, pos = append(ids, r.CompanyID), append(pos, i)
				}
			}
			next := 0 // the next row to yield
			noIDs := func(upto int) bool {
				for ; next < upto; next++ {
					// Not a failure: an unmatched row of "match" has no id.
					if !yield(rowResult{row: rows[next], cells: matchfile.EnrichCells(nil, errNoCompanyID), kind: kindNone}, nil) {
						return false
					}
				}
				return true
			}
			k := 0 // results seen: they come in the order of ids
			for r, err := range c.GetCompaniesSeq(ctx, ids, registerdata.BatchOptions{Concurrency: f.concurrency}) {
				if err != nil {
					yield(rowResult{}, err)
					return
				}
				row := pos[k]
				k++
				if !noIDs(row) {
					return
				}
				next = row + 1
				res := rowResult{row: rows[row]}
				switch {
				case errors.Is(r.Err, registerdata.ErrBudgetExceeded):
					res.notTried = true // left out of the output, so that --resume tries it
				case r.Err != nil:
					res.cells, res.failed, res.kind = matchfile.EnrichCells(nil, r.Err), true, kindFailed
				default:
					res.cells, res.kind = matchfile.EnrichCells(r.Company, nil), kindMatched
				}
				if !yield(res, nil) {
					return
				}
			}
			noIDs(len(rows))
		}
	}
}
