package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"iter"

	registerdata "github.com/registerdata/registerdata-go"
	"github.com/registerdata/registerdata-go/cmd/registerdata/internal/output"
	"github.com/registerdata/registerdata-go/filters"
)

// searchKind is what a search command does with the SDK: one page (page),
// every page through the SDK's iterator (all: the one page walker of the
// project) and a table row per result (row).
type searchKind[T any] struct {
	scope    filters.Scope
	validate func() error
	table    *output.Table
	page     func(*registerdata.Client, registerdata.PageRequest) ([]T, registerdata.Pagination, error)
	all      func(*registerdata.Client, ...registerdata.CallOption) iter.Seq2[T, error]
	row      func(*output.Table, T)
}

// runSearch is the flow of every search command: the filters are
// checked and the request validated before anything is sent, then one
// page is printed (as a table with a line saying where the others are,
// or as the service's JSON), or with --all every page from --page on (as
// one table, or as JSON Lines: one result a line, as the service sent
// it). A progress line goes to stderr when stderr is a terminal. When a
// page fails, what was fetched before is still printed.
func runSearch[T any](a *app, sf *searchFlags, k searchKind[T]) error {
	if err := a.checkFilters(k.scope, sf.filters.list); err != nil {
		return err
	}
	if err := k.validate(); err != nil {
		return err
	}
	if sf.pages.maxPages < 0 {
		return usagef("--max-pages %d: want 1 or more (0: no bound)", sf.pages.maxPages)
	}
	c, err := a.api()
	if err != nil {
		return err
	}
	if !sf.pages.all {
		results, pg, err := k.page(c, sf.pages.request())
		if err != nil {
			return err
		}
		if a.jsonOut {
			return a.printRaw()
		}
		for _, r := range results {
			k.row(k.table, r)
		}
		if err := a.render(k.table); err != nil {
			return err
		}
		return pageFooter(a.stdout, pg)
	}
	var opts []registerdata.CallOption
	if sf.pages.maxPages > 0 {
		opts = append(opts, registerdata.MaxPages(sf.pages.maxPages))
	}
	n, printed := 0, 0 // results; bodies printed as JSON Lines
	var walkErr error
	for r, err := range k.all(c, opts...) {
		if err != nil {
			walkErr = err
			break
		}
		n++
		if a.jsonOut {
			// The iterator yields a page's results after reading it: a
			// new recorded body is the page these results came from.
			if body, seq := a.rec.lastSeq(); seq != printed {
				printed = seq
				if err := a.writeResultLines(body); err != nil {
					return err
				}
			}
		} else {
			k.row(k.table, r)
		}
		if a.stderrTTY {
			fmt.Fprintf(a.stderr, "\r%d results so far\x1b[K", n)
		}
	}
	if a.stderrTTY {
		fmt.Fprint(a.stderr, "\r\x1b[K")
	}
	if !a.jsonOut {
		if err := a.render(k.table); err != nil {
			return err
		}
		fmt.Fprintf(a.stdout, "%d result%s\n", n, plural(int64(n)))
	}
	if walkErr != nil {
		return fmt.Errorf("the walk stopped after %d result%s: %w", n, plural(int64(n)), walkErr)
	}
	return nil
}

// pageFooter says which page this was and how to get the others.
func pageFooter(w io.Writer, pg registerdata.Pagination) error {
	var err error
	switch {
	case pg.TotalResults == 0:
		_, err = fmt.Fprintln(w, "no results")
	case pg.Page < pg.TotalPages:
		_, err = fmt.Fprintf(w, "page %d of %d, %d results; next: --page %d, every page: --all\n", pg.Page, pg.TotalPages, pg.TotalResults, pg.Page+1)
	default:
		_, err = fmt.Fprintf(w, "page %d of %d, %d result%s\n", pg.Page, pg.TotalPages, pg.TotalResults, plural(int64(pg.TotalResults)))
	}
	return err
}

// writeResultLines writes each element of the "results" array of a page
// on a line of its own, compacted but otherwise as received.
func (a *app) writeResultLines(raw []byte) error {
	var page struct {
		Results []json.RawMessage `json:"results"`
	}
	if err := json.Unmarshal(raw, &page); err != nil {
		return fmt.Errorf("reading the results of the page: %w", err)
	}
	var b bytes.Buffer
	for _, r := range page.Results {
		if err := json.Compact(&b, r); err != nil {
			return err
		}
		b.WriteByte('\n')
	}
	_, err := a.stdout.Write(b.Bytes())
	return err
}
