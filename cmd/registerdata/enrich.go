package main

import (
	"errors"
	"fmt"
	"time"

	registerdata "github.com/registerdata/registerdata-go"
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
that appears in several rows is looked up once). A row without an id, or
whose lookup failed, gets the reason in the error column. --resume and
--budget work as for match.`,
		examples: []string{
			"registerdata --fake match --in customers.csv | registerdata --fake enrich",
			"registerdata --budget 1000 enrich --in matched.csv --out enriched.csv --resume",
		},
		setup: func(fs *pflag.FlagSet) runFunc {
			var f fileFlags
			f.declare(fs)
			return func(a *app, _ []string) error { return a.runEnrich(&f) }
		},
	}
}

var errNoCompanyID = errors.New("the row has no company_id: nothing to look up")

func (a *app) runEnrich(f *fileFlags) (err error) {
	job, err := a.openFileJob(f, true)
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
	// Rows without an id are written at once, with the reason; the
	// others are looked up in input order.
	var ids []string
	var pos []int // the row of each id
	for i, r := range job.rows {
		if r.CompanyID == "" {
			continue
		}
		ids, pos = append(ids, r.CompanyID), append(pos, i)
	}
	start := time.Now()
	bar := a.newProgress(len(job.rows), "enriching")
	var t tally
	var charged int64
	next := 0 // the next row to write
	writeNoID := func(upto int) error {
		for ; next < upto; next++ {
			t.rows++
			t.none++ // not a failure: an unmatched row of "match" has no id
			if err := job.w.WriteEnriched(job.rows[next], nil, errNoCompanyID); err != nil {
				return err
			}
			bar.step(t.matched, charged)
		}
		return job.w.Flush()
	}
	opts := registerdata.BatchOptions{Concurrency: f.concurrency, Progress: func(p registerdata.BatchProgress) { charged = p.Charged }}
	var walkErr error
	k := 0 // results seen: they come in the order of ids
	for r, err := range c.GetCompaniesSeq(a.ctx, ids, opts) {
		if err != nil {
			walkErr = err
			break
		}
		row := pos[k]
		k++
		if err := writeNoID(row); err != nil {
			return err
		}
		next = row + 1
		t.rows++
		switch {
		case errors.Is(r.Err, registerdata.ErrBudgetExceeded):
			t.notTried++ // left out of the output, so that --resume tries it
		default:
			if err := job.w.WriteEnriched(job.rows[row], r.Company, r.Err); err != nil {
				return err
			}
			if err := job.w.Flush(); err != nil {
				return err
			}
			if r.Err != nil {
				t.failed++
			} else {
				t.matched++
			}
		}
		bar.step(t.matched, charged)
	}
	if walkErr == nil {
		if err := writeNoID(len(job.rows)); err != nil {
			return err
		}
	}
	bar.finish()
	fmt.Fprintf(a.stderr, "%d rows: %d enriched, %d without company_id, %d failed%s in %s\n",
		t.rows-t.notTried, t.matched, t.none, t.failed, job.extra(t.notTried), time.Since(start).Round(time.Millisecond))
	return t.result(walkErr, "rows", job.unreadable)
}
