package main

import (
	"bytes"
	"encoding/csv"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"

	registerdata "github.com/registerdata/registerdata-go"
	"github.com/registerdata/registerdata-go/matchfile"
	"github.com/spf13/pflag"
)

// fileFlags are the flags "match" and "enrich" share: where the rows come
// from and go to.
type fileFlags struct {
	in, out     string
	format      string
	resume      bool
	columns     []string
	concurrency int
}

func (f *fileFlags) declare(fs *pflag.FlagSet) {
	fs.StringVar(&f.in, "in", "", "read the rows from `FILE` (default stdin)")
	fs.StringVar(&f.out, "out", "", "write the rows to `FILE` (default stdout)")
	fs.StringVar(&f.format, "format", "", "csv or jsonl, for input and output (default: from the file name's extension, else csv)")
	fs.BoolVar(&f.resume, "resume", false, "skip the rows --out holds already and append the others: a stopped run goes on without paying twice")
	fs.StringArrayVar(&f.columns, "column", nil, "take a field from the column `field=header`, such as name=Firma (repeatable)")
	fs.IntVar(&f.concurrency, "concurrency", 4, "how many rows are looked up at once (1 to 64)")
}

// fileJob is an opened match or enrich run: the rows still to do and the
// writer their results go to.
type fileJob struct {
	rows       []matchfile.Row // not in the output yet
	skipped    int             // rows --resume found in the output
	unreadable int             // malformed records, reported on stderr
	w          *matchfile.Writer
	closeOut   func() error
}

// formatOf picks the format: --format, else the extension of --in or
// --out, else CSV.
func (f *fileFlags) formatOf() (matchfile.Format, error) {
	if f.format != "" {
		fm, err := matchfile.ParseFormat(f.format)
		if err != nil {
			return 0, usagef("--format %q: use csv or jsonl", f.format)
		}
		return fm, nil
	}
	for _, name := range []string{f.in, f.out} {
		switch strings.ToLower(filepath.Ext(name)) {
		case ".jsonl", ".ndjson", ".json":
			return matchfile.JSONL, nil
		case ".csv", ".tsv", ".txt":
			return matchfile.CSV, nil
		}
	}
	return matchfile.CSV, nil
}

// open reads the input, and with --resume the output written before, and
// opens the output. enrich selects the enrichment's columns.
func (a *app) openFileJob(f *fileFlags, enrich bool) (*fileJob, error) {
	if f.concurrency < 1 || f.concurrency > registerdata.MaxBatchConcurrency {
		return nil, usagef("--concurrency %d: want 1 to %d", f.concurrency, registerdata.MaxBatchConcurrency)
	}
	if f.resume && f.out == "" {
		return nil, usagef("--resume needs --out FILE: it skips the rows that file holds already")
	}
	if f.in != "" && f.in == f.out {
		return nil, usagef("--in and --out are both %s: write the results to another file", f.in)
	}
	format, err := f.formatOf()
	if err != nil {
		return nil, err
	}
	overrides, err := matchfile.ParseOverrides(f.columns)
	if err != nil {
		return nil, usageError{err}
	}
	in := a.stdin
	if f.in != "" {
		file, err := os.Open(f.in)
		if err != nil {
			return nil, usageError{fmt.Errorf("--in: %w", err)}
		}
		defer file.Close()
		in = file
	}
	rd, err := matchfile.NewReader(in, matchfile.ReaderOptions{Format: format, Overrides: overrides})
	if err != nil {
		return nil, usageError{err}
	}
	job := &fileJob{closeOut: func() error { return nil }}
	var all []matchfile.Row
	lastErr := ""
	for {
		row, err := rd.Next()
		if err == io.EOF { //nolint:errorlint // the end is io.EOF itself; a record cut short wraps it
			break
		}
		if err != nil {
			// A malformed record is reported and skipped; the same error
			// twice means the reader cannot get past it.
			if err.Error() == lastErr {
				return nil, fmt.Errorf("reading the input: %w", err)
			}
			lastErr = err.Error()
			job.unreadable++
			fmt.Fprintf(a.stderr, "skipped: %v\n", err)
			continue
		}
		lastErr = ""
		all = append(all, row)
	}
	var header []string
	if format == matchfile.CSV {
		header = rd.Header()
	}
	var done matchfile.Done
	appendOut := false
	if f.resume {
		if done, appendOut, err = readDone(f.out, format); err != nil {
			return nil, err
		}
	}
	for _, row := range all {
		if done.Has(row) {
			job.skipped++
			continue
		}
		job.rows = append(job.rows, row)
	}
	out := a.stdout
	if f.out != "" {
		flags := os.O_WRONLY | os.O_CREATE | os.O_TRUNC
		if f.resume {
			flags = os.O_WRONLY | os.O_CREATE | os.O_APPEND
		}
		file, err := os.OpenFile(f.out, flags, 0o644)
		if err != nil {
			return nil, usageError{fmt.Errorf("--out: %w", err)}
		}
		out, job.closeOut = file, file.Close
	}
	job.w, err = matchfile.NewWriter(out, matchfile.WriterOptions{Format: format, Header: header, Enrich: enrich, Append: appendOut})
	if err != nil {
		_ = job.closeOut()
		return nil, err
	}
	if appendOut && format == matchfile.CSV {
		if err := checkHeader(f.out, job.w.Columns()); err != nil {
			_ = job.closeOut()
			return nil, err
		}
	}
	return job, nil
}

// readDone reads the rows an output written before holds. A last line
// cut short by a stop is cut off the file, so that the rows appended
// after it start on a line of their own. appendOut reports whether the
// file has content (for CSV: its header line).
func readDone(path string, format matchfile.Format) (done matchfile.Done, appendOut bool, err error) {
	b, err := os.ReadFile(path)
	if errors.Is(err, os.ErrNotExist) {
		return matchfile.Done{}, false, nil
	}
	if err != nil {
		return nil, false, usageError{fmt.Errorf("--resume: %w", err)}
	}
	if n := bytes.LastIndexByte(b, '\n') + 1; n < len(b) {
		if err := os.Truncate(path, int64(n)); err != nil {
			return nil, false, fmt.Errorf("--resume: cutting the unfinished last line of %s: %w", path, err)
		}
		b = b[:n]
	}
	done, err = matchfile.ReadDone(bytes.NewReader(b), format)
	if err != nil {
		return nil, false, usageError{fmt.Errorf("--resume: %s: %w", path, err)}
	}
	return done, len(b) > 0, nil
}

// checkHeader refuses to append to a CSV output whose columns differ from
// the ones this run writes.
func checkHeader(path string, want []string) error {
	f, err := os.Open(path)
	if err != nil {
		return err
	}
	defer f.Close()
	r := csv.NewReader(f)
	r.Comma = ','
	r.FieldsPerRecord = -1
	got, err := r.Read()
	if err != nil {
		return usageError{fmt.Errorf("--resume: reading the header of %s: %w", path, err)}
	}
	if !slices.Equal(got, want) {
		return usageError{fmt.Errorf("--resume: %s has the columns %q, this run writes %q: resume with the same input and --column flags, or write to a new file", path, got, want)}
	}
	return nil
}
