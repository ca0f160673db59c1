package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"

	registerdata "github.com/registerdata/registerdata-go"
	"github.com/registerdata/registerdata-go/cmd/registerdata/internal/output"
)

// fetchPage fetches one page of a search, adds its rows to the table and
// returns its pagination.
type fetchPage func(registerdata.PageRequest) (registerdata.Pagination, error)

// walkPages runs a search: one page, printed as a table (with a line
// saying where the others are) or as the service's JSON; or, with --all,
// every page from --page on, printed as one table or as JSON Lines (one
// result a line, as the service sent it). A progress line goes to stderr
// when stderr is a terminal. When a page fails, what was fetched before
// is still printed.
func walkPages(a *app, pf pageFlags, t *output.Table, fetch fetchPage) error {
	p := pf.request()
	if !pf.all {
		pg, err := fetch(p)
		if err != nil {
			return err
		}
		if a.jsonOut {
			return a.printRaw()
		}
		if err := t.Render(a.stdout, a.width()); err != nil {
			return err
		}
		return pageFooter(a.stdout, pg)
	}
	if p.Page == 0 {
		p.Page = 1
	}
	var walkErr error
	for {
		pg, err := fetch(p)
		if err != nil {
			walkErr = err
			break
		}
		if a.jsonOut {
			if err := a.printResultLines(); err != nil {
				return err
			}
		}
		if a.stderrTTY {
			fmt.Fprintf(a.stderr, "\rpage %d of %d, %d results so far\x1b[K", p.Page, pg.TotalPages, t.Len())
		}
		if p.Page >= pg.TotalPages || pg.PerPage == 0 {
			break
		}
		p.Page++
	}
	if a.stderrTTY {
		fmt.Fprint(a.stderr, "\r\x1b[K")
	}
	if !a.jsonOut {
		if err := t.Render(a.stdout, a.width()); err != nil {
			return err
		}
		fmt.Fprintf(a.stdout, "%d result%s\n", t.Len(), plural(int64(t.Len())))
	}
	if walkErr != nil {
		return fmt.Errorf("stopped at page %d: %w", p.Page, walkErr)
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

// printResultLines writes each element of the "results" array of the last
// response on a line of its own, compacted but otherwise as received.
func (a *app) printResultLines() error {
	raw, err := a.rawJSON()
	if err != nil {
		return err
	}
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
	_, err = a.stdout.Write(b.Bytes())
	return err
}
