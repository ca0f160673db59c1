package main

import (
	"errors"
	"fmt"
	"io"
	"math"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"github.com/registerdata/registerdata-go/cmd/registerdata/internal/output"
	"github.com/registerdata/registerdata-go/matchfile"
	"github.com/registerdata/registerdata-go/portfolio"
	"github.com/spf13/pflag"
)

func portfolioImport() *command {
	return &command{
		name: "import", nargs: 0, billable: true,
		summary: "resolve a customer list to register entries and keep it (matching is billed once per row)",
		help: `Reads a CSV or JSON Lines file of counterparties and stores each row under
its own key (the "ref" column): a row with a company id as it is, any other
row matched by name, place and identifiers (as "registerdata match" does).
A row that fits several companies or none is kept for review, never
guessed. Each row is committed as soon as it is resolved: an import stopped
by --budget, Ctrl-C or a crash resumes where it stopped when run again, and
rows already stored with the same data are not matched or billed again. A
row whose ref comes back with other data is resolved again, unless a
person resolved it ("portfolio resolve"): then it keeps that company and
waits for review with both versions. The rows that wait for a person are
listed with their line in the file; "portfolio review" shows them with the
candidates. When rows fail (an invalid row, a ref repeated in the file, the
budget, a service error) the exit status is 1 and the message says how many
of how many.

Columns: ref (the customer's key, required), tags (separated by ";"), and
the match columns: name, city, postal_code, street, register, vat_id, lei,
website, company_id (German and English spellings are recognised; --column
names others).`,
		examples: []string{
			"registerdata --fake portfolio import --in customers.csv --db sqlite:demo.db",
			"registerdata --budget 2000 portfolio import --in suppliers.jsonl --tag supplier",
			"registerdata portfolio import --in crm.csv --ref Kundennummer --column name=Firma --json",
		},
		setup: func(fs *pflag.FlagSet) runFunc {
			db := dbFlag(fs)
			in := fs.String("in", "", "the input `FILE` (- for stdin)")
			format := fs.String("format", "", "csv or jsonl (default: from the file name's extension, else csv)")
			refCol := fs.String("ref", "ref", "the `COLUMN` that holds each row's key")
			tagsCol := fs.String("tags-column", "tags", "the `COLUMN` of each row's tags, separated by \";\"")
			tags := fs.StringSlice("tag", nil, "a `TAG` to add to every row (repeatable)")
			columns := fs.StringArray("column", nil, "take a match field from another column: `FIELD=HEADER` (name=Firma)")
			concurrency := fs.Int("concurrency", 4, "rows matched at once")
			return reconciled(fs, func(a *app, _ []string) error {
				if *in == "" {
					return usagef("--in is required: the CSV or JSON Lines file to import (- for stdin)")
				}
				fm, err := importFormat(*format, *in)
				if err != nil {
					return err
				}
				overrides, err := matchfile.ParseOverrides(*columns)
				if err != nil {
					return usageError{err}
				}
				if *concurrency < 1 || *concurrency > 16 {
					return usagef("--concurrency %d: want 1 to 16", *concurrency)
				}
				return a.runPortfolioImport(*db, *in, fm, overrides, *refCol, *tagsCol, *tags, *concurrency)
			})
		},
	}
}

// importFormat is --format, else the extension of the input.
func importFormat(flag, in string) (matchfile.Format, error) {
	if flag != "" {
		fm, err := matchfile.ParseFormat(flag)
		if err != nil {
			return 0, usagef("--format %q: use csv or jsonl", flag)
		}
		return fm, nil
	}
	switch strings.ToLower(filepath.Ext(in)) {
	case ".jsonl", ".ndjson", ".json":
		return matchfile.JSONL, nil
	}
	return matchfile.CSV, nil
}

// importCounts are the outcomes of an import, for its summary line.
type importCounts struct {
	byStatus map[portfolio.Status]int
	credits  int64
}

func (a *app) runPortfolioImport(db, in string, fm matchfile.Format, overrides map[string]string, refCol, tagsCol string, tags []string, concurrency int) error {
	var src io.Reader = a.stdin
	if in != "-" {
		f, err := os.Open(in)
		if err != nil {
			return usagef("--in %s: %v", in, err)
		}
		defer f.Close()
		src = f
	}
	rd, err := matchfile.NewReader(src, matchfile.ReaderOptions{Format: fm, Overrides: overrides})
	if err != nil {
		return usagef("--in %s: %v", in, err)
	}
	p, err := a.openPortfolioCreating(db)
	if err != nil {
		return err
	}
	defer p.Close()

	// lines[i] is the line of the input row i+1 starts on, to name rows
	// as the file numbers them (4 bytes a row).
	var lines []int32
	rows := func(yield func(portfolio.Row, error) bool) {
		for {
			r, err := rd.Next()
			if errors.Is(err, io.EOF) {
				return
			}
			if err != nil {
				yield(portfolio.Row{}, fmt.Errorf("--in %s: %w", in, err))
				return
			}
			lines = append(lines, int32(min(r.Line, math.MaxInt32)))
			if !yield(importRow(r, refCol, tagsCol, tags), nil) {
				return
			}
		}
	}
	counts := importCounts{byStatus: map[portfolio.Status]int{}}
	opts := portfolio.ImportOptions{}
	opts.Batch.Concurrency = concurrency
	var review *output.Table
	if !a.jsonOut {
		review = output.NewTable(output.Column{Header: "LINE", Right: true, Fixed: true}, output.Column{Header: "REF", Fixed: true},
			output.Column{Header: "OUTCOME", Fixed: true}, output.Column{Header: "NAME"}, output.Column{Header: "CITY", Optional: true, OmitEmpty: true},
			output.Column{Header: "WHY", Prose: true})
	}
	var failed []string // the first few failures, for the error
	total := 0
	bar := a.newProgress(a.importTotal(in, fm, overrides), "importing")
	for res, err := range p.Import(a.ctx, rows, opts) {
		if err != nil {
			bar.finish()
			a.printImportSummary(counts)
			return err
		}
		total++
		line := 0
		if total <= len(lines) {
			line = int(lines[total-1])
		}
		counts.byStatus[res.Status]++
		counts.credits += res.Credits
		bar.step(counts.byStatus[portfolio.Matched]+counts.byStatus[portfolio.Unchanged], counts.credits)
		why := importWhy(res, lines)
		if res.Status == portfolio.Failed && len(failed) < 3 {
			failed = append(failed, fmt.Sprintf("line %d (%s): %s", line, output.Clean(res.Row.Ref), output.Clean(why)))
		}
		if a.jsonOut {
			m := importJSON(res)
			m["line"] = line
			if res.Err != nil {
				m["error"] = why
			}
			if err := a.jsonLine(m); err != nil {
				return err
			}
			continue
		}
		switch res.Status {
		case portfolio.Ambiguous, portfolio.NotFound, portfolio.Failed, portfolio.Changed:
			review.Row(strconv.Itoa(line), res.Row.Ref, string(res.Status), res.Row.Query.Name, res.Row.Query.City, why)
		}
	}
	bar.finish()
	if review != nil && review.Len() > 0 {
		if err := a.render(review); err != nil {
			return err
		}
	}
	a.printImportSummary(counts)
	if n := counts.byStatus[portfolio.Failed]; n > 0 {
		more := ""
		if n > len(failed) {
			more = fmt.Sprintf("; %d more", n-len(failed))
		}
		return fmt.Errorf("%d of %d rows failed: %s%s (a row whose match failed waits in \"registerdata portfolio review\" and is retried when the file is imported again; correct the other rows in the file)",
			n, total, strings.Join(failed, "; "), more)
	}
	return nil
}

// importWhy says why a row of an import awaits review or failed, naming
// the rows of a repeated Ref by their lines in the file (lines[i] is row
// i+1's).
func importWhy(res portfolio.ImportResult, lines []int32) string {
	var dup *portfolio.DuplicateRefError
	switch {
	case res.Status == portfolio.Changed:
		return "the row changed since a person resolved it: it keeps that company and waits for review"
	case res.Err == nil:
		return strings.Join(res.Reasons, "; ")
	case errors.As(res.Err, &dup) && dup.Row >= 1 && dup.Earlier >= 1 && dup.Row <= len(lines) && dup.Earlier <= len(lines):
		return fmt.Sprintf("ref repeated: line %d has the ref %q of line %d, which is imported; line %d is not (give each customer its own ref)",
			lines[dup.Row-1], res.Row.Ref, lines[dup.Earlier-1], lines[dup.Row-1])
	}
	return res.Err.Error()
}

// importTotal counts the rows of the input file for the progress line,
// when there is one to draw: -1 (unknown) for standard input, 0 (no line)
// off a terminal. The count reads the file once more, streamed and
// bounded like the import itself (countRecords, as match and enrich do).
func (a *app) importTotal(in string, fm matchfile.Format, overrides map[string]string) int {
	if !a.stderrTTY {
		return 0
	}
	if in == "-" {
		return -1
	}
	f, err := os.Open(in)
	if err != nil {
		return -1
	}
	defer f.Close()
	rd, err := matchfile.NewReader(f, matchfile.ReaderOptions{Format: fm, Overrides: overrides})
	if err != nil {
		return -1
	}
	return countRecords(rd)
}

// importRow turns an input record into a portfolio row: its ref and tags
// from their columns, the rest as a match query or company id.
func importRow(r matchfile.Row, refCol, tagsCol string, extra []string) portfolio.Row {
	row := portfolio.Row{CompanyID: r.CompanyID, Query: r.Query}
	for i, h := range r.Header {
		if i >= len(r.Cells) {
			break
		}
		switch {
		case strings.EqualFold(strings.TrimSpace(h), refCol):
			row.Ref = strings.TrimSpace(r.Cells[i])
		case strings.EqualFold(strings.TrimSpace(h), tagsCol):
			for _, t := range strings.Split(r.Cells[i], ";") {
				if t = strings.TrimSpace(t); t != "" {
					row.Tags = append(row.Tags, t)
				}
			}
		}
	}
	for _, t := range extra {
		if !slices.Contains(row.Tags, t) {
			row.Tags = append(row.Tags, t)
		}
	}
	return row
}

// importJSON is one line of "portfolio import --json".
func importJSON(res portfolio.ImportResult) map[string]any {
	m := map[string]any{"ref": res.Row.Ref, "status": res.Status, "company_id": res.CompanyID, "score": res.Score, "credits": res.Credits}
	if res.Err != nil {
		m["error"] = res.Err.Error()
	}
	return m
}

// printImportSummary says on stderr what the import did.
func (a *app) printImportSummary(c importCounts) {
	fmt.Fprintf(a.stderr, "imported: %d matched, %d ambiguous, %d not found, %d changed since resolved (kept for review), %d unchanged, %d failed; %d credits\n",
		c.byStatus[portfolio.Matched], c.byStatus[portfolio.Ambiguous], c.byStatus[portfolio.NotFound], c.byStatus[portfolio.Changed],
		c.byStatus[portfolio.Unchanged], c.byStatus[portfolio.Failed], c.credits)
}
