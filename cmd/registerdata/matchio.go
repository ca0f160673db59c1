package main

import (
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"time"

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
	raw         bool
	columns     []string
	concurrency int
}

func (f *fileFlags) declare(fs *pflag.FlagSet) {
	fs.StringVar(&f.in, "in", "", "read the rows from `FILE` (default stdin)")
	fs.StringVar(&f.out, "out", "", "write the rows to `FILE` (default stdout); its resume state goes to FILE.resume")
	fs.StringVar(&f.format, "format", "", "csv or jsonl, for input and output (default: from the file name's extension, else csv)")
	fs.BoolVar(&f.resume, "resume", false, "go on from the resume state of --out (FILE.resume): the rows done are kept and not paid again")
	fs.BoolVar(&f.raw, "raw", false, "write register text into CSV cells as received (by default a cell a spreadsheet would read as a formula gets a leading ')")
	fs.StringArrayVar(&f.columns, "column", nil, "take a field from the column `field=header`, such as name=Firma (repeatable)")
	fs.IntVar(&f.concurrency, "concurrency", 4, "how many rows are looked up at once (1 to 64)")
}

// fileJob is an opened match or enrich run: the input being read, and
// the journal (with --out) or the writer (stdout) its outcomes go to.
type fileJob struct {
	f          *fileFlags
	in         string // the input file: --in, or standard input kept in a file; "" for standard input read as it comes
	spooled    string // the file standard input was kept in, removed at the end
	format     matchfile.Format
	enrich     bool
	overrides  map[string]string
	out        string // --out, or "" for stdout
	stderr     io.Writer
	start      time.Time
	total      int // rows of the input; -1 when unknown (stdin)
	done       int // rows the journal held when the run started
	rd         *matchfile.Reader
	closeIn    func() error
	lastErr    string
	unreadable int
	journal    *matchfile.Journal // with --out
	calls      *matchfile.CallLog // with --out
	callsChunk int
	w          *matchfile.Writer // without --out
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

// openFileJob checks the flags and opens the input and, with --out, the
// resume state. A file input is read once first, streaming, for its
// fingerprint (size and SHA-256) and its number of rows; then it is read
// again, a chunk at a time, as the run goes.
func (a *app) openFileJob(f *fileFlags, what string, enrich bool) (*fileJob, error) {
	if f.concurrency < 1 || f.concurrency > registerdata.MaxBatchConcurrency {
		return nil, usagef("--concurrency %d: want 1 to %d", f.concurrency, registerdata.MaxBatchConcurrency)
	}
	if f.resume && f.out == "" {
		return nil, usagef("--resume needs --out FILE: it goes on from that file's resume state, FILE.resume")
	}
	if f.resume && f.in == "" {
		return nil, usagef("--resume needs --in FILE: a row is known by its position in that file, and standard input cannot be read again")
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
	j := &fileJob{f: f, in: f.in, format: format, enrich: enrich, overrides: overrides, out: f.out, stderr: a.stderr, start: time.Now(), total: -1, callsChunk: -1}
	if j.in == "" && f.out != "" {
		// The output is written from the input at the end: standard input
		// is kept in a file beside it for that, streamed to disk.
		if err := j.spool(a.stdin); err != nil {
			return nil, err
		}
	}
	var fp matchfile.Fingerprint
	if j.in != "" {
		if fp, j.total, err = j.survey(); err != nil {
			return nil, err
		}
	}
	if j.rd, j.closeIn, err = j.reopen(); err != nil {
		j.close()
		return nil, err
	}
	if j.in == "" {
		j.closeIn = func() error { return nil }
		if j.rd, err = matchfile.NewReader(a.stdin, matchfile.ReaderOptions{Format: format, Overrides: overrides}); err != nil {
			return nil, usageError{err}
		}
	}
	if f.out == "" {
		if j.w, err = j.newWriter(a.stdout, j.rd); err != nil {
			j.close()
			return nil, err
		}
		return j, nil
	}
	h := matchfile.JournalHeader{Command: what, Format: format.String(), Settings: f.settings(), Input: fp}
	if j.journal, err = matchfile.OpenJournal(f.out+".resume", h, f.resume); err != nil {
		j.close()
		return nil, usageError{fmt.Errorf("--resume: %w", err)}
	}
	j.done = j.journal.Finished()
	if j.calls, err = matchfile.OpenCallLog(f.out+".resume-calls", h, f.resume); err != nil {
		j.close()
		return nil, usageError{fmt.Errorf("--resume: %w", err)}
	}
	j.callsChunk = j.calls.Chunk()
	return j, nil
}

// spool copies r into a hidden file beside --out and reads the input
// from there.
func (j *fileJob) spool(r io.Reader) error {
	file, err := os.CreateTemp(filepath.Dir(j.out), "."+filepath.Base(j.out)+".stdin-*")
	if err != nil {
		return usageError{fmt.Errorf("--out: keeping standard input beside the output: %w", err)}
	}
	j.spooled = file.Name()
	_, err = io.Copy(file, r)
	if cerr := file.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		_ = os.Remove(j.spooled)
		return fmt.Errorf("reading standard input: %w", err)
	}
	j.in = j.spooled
	return nil
}

// survey reads the input file once, streaming: its fingerprint and its
// number of rows.
func (j *fileJob) survey() (matchfile.Fingerprint, int, error) {
	file, err := os.Open(j.in)
	if err != nil {
		return matchfile.Fingerprint{}, 0, usageError{fmt.Errorf("--in: %w", err)}
	}
	fp, err := matchfile.FingerprintOf(file)
	file.Close()
	if err != nil {
		return fp, 0, fmt.Errorf("--in: %w", err)
	}
	rd, closeIn, err := j.reopen()
	if err != nil {
		return fp, 0, err
	}
	defer closeIn()
	return fp, countRecords(rd), nil
}

// countRecords counts the records rd yields up to its end or to a record
// past the bounds; a malformed record is not counted (the run reports it
// when it gets there). It is the row count of a progress line.
func countRecords(rd *matchfile.Reader) int {
	n, last := 0, ""
	for {
		_, err := rd.Next()
		switch {
		case err == nil:
			n++
			continue
		case err == io.EOF: //nolint:errorlint // the end is io.EOF itself; a record cut short wraps it
			return n
		}
		var be *matchfile.BoundError
		if errors.As(err, &be) || err.Error() == last {
			return n
		}
		last = err.Error()
	}
}

// reopen opens the input file from its start.
func (j *fileJob) reopen() (*matchfile.Reader, func() error, error) {
	if j.in == "" {
		return nil, nil, nil
	}
	file, err := os.Open(j.in)
	if err != nil {
		return nil, nil, usageError{fmt.Errorf("--in: %w", err)}
	}
	rd, err := matchfile.NewReader(file, matchfile.ReaderOptions{Format: j.format, Overrides: j.overrides})
	if err != nil {
		file.Close()
		return nil, nil, usageError{err}
	}
	return rd, file.Close, nil
}

// newWriter starts the output on w, for the rows of rd.
func (j *fileJob) newWriter(w io.Writer, rd *matchfile.Reader) (*matchfile.Writer, error) {
	var header []string
	if j.format == matchfile.CSV {
		header = rd.Header()
	}
	return matchfile.NewWriter(w, matchfile.WriterOptions{Format: j.format, Header: header, Enrich: j.enrich, Raw: j.f.raw})
}

// pending is the number of rows still to do, for the progress bar; -1
// when unknown.
func (j *fileJob) pending() int {
	if j.total < 0 {
		return -1
	}
	return j.total - j.done
}

func (j *fileJob) close() {
	if j.closeIn != nil {
		_ = j.closeIn()
	}
	if j.spooled != "" {
		_ = os.Remove(j.spooled)
	}
	if j.journal != nil {
		_ = j.journal.Close()
	}
	if j.calls != nil {
		_ = j.calls.Close()
	}
}

func (j *fileJob) elapsed() time.Duration { return time.Since(j.start).Round(time.Millisecond) }

// extra is the summary's note of rows not done by this run.
func (j *fileJob) extra(notTried int) string {
	s := ""
	if j.done > 0 {
		s += fmt.Sprintf(", %d already in the output (skipped)", j.done)
	}
	if j.unreadable > 0 {
		s += fmt.Sprintf(", %d unreadable", j.unreadable)
	}
	if notTried > 0 {
		s += fmt.Sprintf(", %d not tried: the budget ran out", notTried)
	}
	return s
}
