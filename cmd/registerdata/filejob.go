package main

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"iter"
	"slices"
	"strings"

	registerdata "github.com/registerdata/registerdata-go"
	"github.com/registerdata/registerdata-go/internal/atomicfile"
	"github.com/registerdata/registerdata-go/matchfile"
)

// chunkRows is how many input rows a run reads before it looks them up:
// the rows held in memory at once. Identical lookups within a chunk are
// made once by the SDK; across chunks the journal shares them (see
// rowKeyFunc). A variable for the tests only.
var chunkRows = 256

// rowResult is the outcome of one row looked up.
type rowResult struct {
	row      matchfile.Row
	cells    []string // the added cells
	failed   bool     // the lookup failed: tried again by --resume
	notTried bool     // the budget ran out before it: left out of the output
	kind     int      // the tally's counter (see tally.count)
}

// lookupFunc looks up rows (those not done, in input order) and yields
// their outcomes in the same order; an error ends the walk (a cancelled
// run).
type lookupFunc func(ctx context.Context, c *registerdata.Client, rows []matchfile.Row) iter.Seq2[rowResult, error]

// rowKey names the lookup of a row, so that a later row asking the same
// shares its outcome instead of paying again: for a match the query, for
// an enrichment the company id; empty for a row with nothing to look up.
type rowKeyFunc func(matchfile.Row) string

// fileRun is the shared walk of "match" and "enrich".
type fileRun struct {
	what   string // "match" or "enrich"
	verb   string // for the progress bar
	enrich bool
	lookup lookupFunc
	key    rowKeyFunc
}

// runFile runs a match or an enrichment over the input in chunks of
// chunkRows rows. With --out, each outcome is recorded in the resume
// journal (OUT.resume) as it comes, keyed by the row's record number,
// and the output is written from the journal at the end, whole, with
// atomicfile: a stop at any point leaves the output of the last run that
// ended (or none), never a torn or doubled row, and --resume goes on
// from the journal. Without --out, rows go to stdout as they come.
func (a *app) runFile(f *fileFlags, r fileRun) (err error) {
	job, err := a.openFileJob(f, r.what, r.enrich)
	if err != nil {
		return err
	}
	defer job.close()
	if job.journal != nil {
		a.clientOptions = append(a.clientOptions, registerdata.WithCache(callCache{calls: job.calls, secrets: a.secretForms}))
	}
	c, err := a.api()
	if err != nil {
		return err
	}
	if job.journal != nil && a.rec != nil {
		a.rec.next = callBarrier{next: a.rec.next, calls: job.calls}
	}
	var t tally
	bar := a.newProgress(job.pending(), r.verb)
	var walkErr error
	budgetOut := false
	for chunk := 0; walkErr == nil; chunk++ {
		rows, readErr := job.readChunk() // the rows before a bad record are done first
		if len(rows) == 0 {
			walkErr = readErr
			break
		}
		todo, err := job.sharedFirst(rows, r.key, &t, bar, c.CreditsSpent())
		if err != nil {
			return err
		}
		if budgetOut {
			// The budget ran out in an earlier chunk: the rest is not
			// tried, and the call log keeps the calls of the chunk the
			// budget cut short, for --resume.
			for _, row := range todo {
				t.count(rowResult{row: row, notTried: true})
			}
			continue
		}
		if len(todo) > 0 {
			if err := job.startChunk(chunk); err != nil {
				return err
			}
		}
		for res, err := range r.lookup(a.ctx, c, todo) {
			if err != nil {
				walkErr = err
				break
			}
			if err := job.record(res, r.key(res.row)); err != nil {
				return err
			}
			t.count(res)
			budgetOut = budgetOut || res.notTried
			bar.step(t.matched, c.CreditsSpent())
		}
		if walkErr == nil {
			walkErr = readErr
		}
	}
	bar.finish()
	if err := job.finish(); err != nil {
		return err
	}
	t.summary(a.stderr, r.what, job)
	return t.result(walkErr, r.what, job.unreadable)
}

// The tally's counters.
const (
	kindMatched = iota
	kindAmbiguous
	kindNone
	kindFailed
)

func (t *tally) count(res rowResult) {
	t.rows++
	switch {
	case res.notTried:
		t.notTried++
	case res.kind == kindMatched:
		t.matched++
	case res.kind == kindAmbiguous:
		t.ambiguous++
	case res.kind == kindNone:
		t.none++
	default:
		t.failed++
	}
}

// secretForms are the secrets of the run, as redact knows them.
func (a *app) secretForms() []string {
	a.mu.Lock()
	defer a.mu.Unlock()
	return slices.Clone(a.secrets)
}

// matchKey names a match by its query.
func matchKey(row matchfile.Row) string {
	b, _ := json.Marshal(row.Query)
	h := sha256.Sum256(b)
	return "match " + hex.EncodeToString(h[:16])
}

// enrichKey names an enrichment by its company id.
func enrichKey(row matchfile.Row) string {
	if row.CompanyID == "" {
		return ""
	}
	return "company " + row.CompanyID
}

// readChunk reads the next chunkRows rows (fewer at the end). A malformed
// record is reported on stderr and skipped; a record past the bounds
// ends the run.
func (j *fileJob) readChunk() ([]matchfile.Row, error) {
	var rows []matchfile.Row
	for len(rows) < chunkRows {
		row, err := j.rd.Next()
		if err == io.EOF { //nolint:errorlint // the end is io.EOF itself; a record cut short wraps it
			break
		}
		var be *matchfile.BoundError
		if errors.As(err, &be) {
			return rows, fmt.Errorf("reading the input: %w", err)
		}
		if err != nil {
			if err.Error() == j.lastErr { // the reader cannot get past it
				return rows, fmt.Errorf("reading the input: %w", err)
			}
			j.lastErr = err.Error()
			j.unreadable++
			fmt.Fprintf(j.stderr, "skipped: %v\n", err)
			continue
		}
		j.lastErr = ""
		rows = append(rows, row)
	}
	return rows, nil
}

// startChunk points the call log at chunk, which has rows to look up:
// the calls kept for an earlier chunk are dropped. A chunk before the
// log's (its failed rows tried again by a resumed run) keeps the log: the
// chunk a stop cut short, further on, still needs its calls.
func (j *fileJob) startChunk(chunk int) error {
	if j.calls == nil || chunk <= j.callsChunk {
		return nil
	}
	j.callsChunk = chunk
	return j.calls.Reset(chunk)
}

// sharedFirst returns the rows of chunk still to look up: a row done
// before is skipped, and a row whose lookup an earlier row made (its
// key has an outcome in the journal) gets that outcome without a call.
func (j *fileJob) sharedFirst(rows []matchfile.Row, key rowKeyFunc, t *tally, bar *progress, credits int64) ([]matchfile.Row, error) {
	if j.journal == nil {
		return rows, nil
	}
	var todo []matchfile.Row
	for _, row := range rows {
		if j.journal.Done(row.Index) {
			continue
		}
		k := key(row)
		if k != "" {
			cells, ok, err := j.journal.Shared(k)
			if err != nil {
				return nil, err
			}
			if ok {
				res := rowResult{row: row, cells: cells, kind: kindOf(cells, j.enrich)}
				if err := j.record(res, k); err != nil {
					return nil, err
				}
				t.count(res)
				bar.step(t.matched, credits)
				continue
			}
		}
		todo = append(todo, row)
	}
	return todo, nil
}

// kindOf tells the tally's counter from the added cells of a done row.
func kindOf(cells []string, enrich bool) int {
	if enrich {
		if cells[len(cells)-1] == "" {
			return kindMatched
		}
		return kindNone
	}
	switch cells[3] {
	case matchfile.StatusMatched:
		return kindMatched
	case matchfile.StatusAmbiguous:
		return kindAmbiguous
	case matchfile.StatusNone:
		return kindNone
	}
	return kindFailed
}

// record keeps an outcome: in the journal with --out, else on stdout.
func (j *fileJob) record(res rowResult, key string) error {
	if res.notTried {
		return nil
	}
	if j.journal == nil {
		if err := j.w.WriteCells(res.row, res.cells); err != nil {
			return err
		}
		return j.w.Flush()
	}
	return j.journal.Record(matchfile.Outcome{Index: res.row.Index, Key: key, Cells: res.cells, Failed: res.failed})
}

// finish writes the output from the journal: the input's rows in order,
// each with its latest outcome, those without one left out. It is
// written whole through atomicfile.
func (j *fileJob) finish() error {
	if j.journal == nil {
		return nil
	}
	rd, closeIn, err := j.reopen()
	if err != nil {
		return err
	}
	defer closeIn()
	return atomicfile.WriteFrom(j.out, 0o644, func(out io.Writer) error {
		w, err := j.newWriter(out, rd)
		if err != nil {
			return err
		}
		for {
			row, err := rd.Next()
			if err == io.EOF { //nolint:errorlint // the end is io.EOF itself; a record cut short wraps it
				break
			}
			if err != nil {
				var be *matchfile.BoundError
				if errors.As(err, &be) {
					break // the run stopped there: what came before is written
				}
				continue // reported while reading the first time
			}
			o, ok, err := j.journal.Outcome(row.Index)
			if err != nil {
				return err
			}
			if !ok {
				continue
			}
			if err := w.WriteCells(row, o.Cells); err != nil {
				return err
			}
		}
		return w.Flush()
	})
}

// summary writes the run's last line on stderr.
func (t tally) summary(w io.Writer, what string, j *fileJob) {
	switch what {
	case "enrich":
		fmt.Fprintf(w, "%d rows: %d enriched, %d without company_id, %d failed%s in %s\n",
			t.rows-t.notTried, t.matched, t.none, t.failed, j.extra(t.notTried), j.elapsed())
	default:
		fmt.Fprintf(w, "%d rows: %d matched, %d ambiguous, %d none, %d failed%s in %s\n",
			t.rows-t.notTried, t.matched, t.ambiguous, t.none, t.failed, j.extra(t.notTried), j.elapsed())
	}
}

// settings are the flags that shape the output, for the journal's header.
func (f *fileFlags) settings() string {
	cols := slices.Clone(f.columns)
	slices.Sort(cols)
	return "columns=" + strings.Join(cols, "|") // --raw changes only how the output is written from the journal
}
