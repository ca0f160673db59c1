package main

import (
	"bufio"
	"errors"
	"fmt"
	"net/url"
	"strings"

	registerdata "github.com/registerdata/registerdata-go"
	"github.com/registerdata/registerdata-go/cmd/registerdata/internal/output"
)

// maxStdinIDs bounds the ids "company get -" reads.
const maxStdinIDs = 1_000_000

// getCompanies looks up several companies with GetCompaniesSeq: a table
// row (or the record as received, with --json) per id in input order, a
// progress line on a terminal, and exit status 1 when any id failed.
func (a *app) getCompanies(args []string, params *registerdata.GetCompanyParams, concurrency int) error {
	ids, err := a.readIDs(args)
	if err != nil {
		return err
	}
	if concurrency < 1 || concurrency > registerdata.MaxBatchConcurrency {
		return usagef("--concurrency %d: want 1 to %d", concurrency, registerdata.MaxBatchConcurrency)
	}
	c, err := a.api()
	if err != nil {
		return err
	}
	a.rec.keepByPath()
	opts := registerdata.BatchOptions{Concurrency: concurrency, Params: params}
	if a.stderrTTY {
		opts.Progress = func(p registerdata.BatchProgress) {
			fmt.Fprintf(a.stderr, "\r%d of %d looked up, %d failed\x1b[K", p.Done, p.Total, p.Failed)
		}
	}
	t := output.NewTable(output.Column{Header: "ID", Fixed: true, ShortUUIDs: true}, output.Column{Header: "Name"},
		output.Column{Header: "Legal form"}, output.Column{Header: "Status"}, output.Column{Header: "City"}, output.Column{Header: "Error"})
	pending := map[string]int{} // positions still to print per id, so a repeated id's body is kept until its last one
	for _, id := range ids {
		pending[id]++
	}
	failed := 0
	var walkErr error
	for r, err := range c.GetCompaniesSeq(a.ctx, ids, opts) {
		if err != nil {
			walkErr = err
			break
		}
		if r.Err != nil {
			failed++
			if a.jsonOut {
				fmt.Fprintf(a.stderr, "%s: %s\n", output.Clean(r.ID), withoutPrefix(output.Clean(r.Err.Error())))
			} else {
				t.Row(r.ID, "", "", "", "", shortError(r.Err))
			}
			continue
		}
		if a.jsonOut {
			path := "/v1/company/" + url.PathEscape(r.ID)
			body := a.rec.bodyOf(path)
			if pending[r.ID]--; pending[r.ID] == 0 {
				a.rec.forget(path)
			}
			if body == nil {
				return fmt.Errorf("%s: the response body was not recorded", r.ID)
			}
			if err := a.writeLine(body); err != nil {
				return err
			}
			continue
		}
		co := r.Company
		t.Row(r.ID, co.Name.Name, string(co.LegalForm), string(co.Status), co.Address.City, "")
	}
	if a.stderrTTY {
		fmt.Fprint(a.stderr, "\r\x1b[K")
	}
	if !a.jsonOut {
		if err := a.render(t); err != nil {
			return err
		}
	}
	switch {
	case walkErr != nil:
		return walkErr
	case failed > 0:
		return fmt.Errorf("%d of %d lookups failed", failed, len(ids))
	}
	return nil
}

// shortError is the reason of a failed lookup for the table: the
// sentinel's text without the "registerdata: " prefix.
func shortError(err error) string {
	for _, s := range []error{registerdata.ErrNotFound, registerdata.ErrBudgetExceeded, registerdata.ErrInvalidRequest,
		registerdata.ErrInsufficientCredits, registerdata.ErrRateLimited, registerdata.ErrServer, registerdata.ErrUnauthorized} {
		if errors.Is(err, s) {
			return strings.TrimPrefix(s.Error(), "registerdata: ")
		}
	}
	return err.Error()
}

// readIDs returns the ids of the command line, reading those of a "-"
// from stdin, one a line (blank lines and # comments skipped).
func (a *app) readIDs(args []string) ([]string, error) {
	var ids []string
	for _, arg := range args {
		if arg != "-" {
			ids = append(ids, arg)
			continue
		}
		sc := bufio.NewScanner(a.stdin)
		for sc.Scan() {
			line := strings.TrimSpace(sc.Text())
			if line == "" || strings.HasPrefix(line, "#") {
				continue
			}
			if len(ids) >= maxStdinIDs {
				return nil, usagef("more than %d ids on stdin: split the list", maxStdinIDs)
			}
			ids = append(ids, line)
		}
		if err := sc.Err(); err != nil {
			return nil, fmt.Errorf("reading ids from stdin: %w", err)
		}
	}
	if len(ids) == 0 {
		return nil, usagef("company get takes at least one company id (or - to read them from stdin)")
	}
	return ids, nil
}
