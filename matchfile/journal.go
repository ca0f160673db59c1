package matchfile

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"sync"
)

// Fingerprint identifies the content of an input file: its size and the
// SHA-256 of all its bytes. A resume state names the fingerprint of the
// input it was written for, so that resuming against another file (or
// the same file edited) is refused instead of mixing two files' rows.
type Fingerprint struct {
	Size   int64  `json:"size"`   // in bytes
	SHA256 string `json:"sha256"` // lower-case hex
}

// FingerprintOf reads r to its end and returns its fingerprint.
func FingerprintOf(r io.Reader) (Fingerprint, error) {
	h := sha256.New()
	n, err := io.Copy(h, r)
	if err != nil {
		return Fingerprint{}, err
	}
	return Fingerprint{Size: n, SHA256: hex.EncodeToString(h.Sum(nil))}, nil
}

// String writes the size and the first 12 digits of the hash.
func (f Fingerprint) String() string {
	return fmt.Sprintf("%d bytes, sha256 %.12s…", f.Size, f.SHA256)
}

// JournalHeader is what a Journal belongs to: the command, the formats
// and settings that shape its output, and the input's fingerprint. A
// journal is resumed only by a run with an equal header.
type JournalHeader struct {
	Command  string      `json:"command"`  // "match" or "enrich"
	Format   string      `json:"format"`   // of input and output
	Settings string      `json:"settings"` // anything else that changes the outcomes (the CLI's column overrides)
	Input    Fingerprint `json:"input"`    // of the input the journal was written for
}

// journalVersion marks the format of the journal's lines.
const journalVersion = 1

type journalHead struct {
	Version int `json:"registerdata_resume"`
	JournalHeader
	Calls int `json:"calls_chunk,omitempty"` // CallLog: the chunk its calls belong to
}

// Outcome is the result of one input row, as a Journal keeps it.
type Outcome struct {
	// Index is the row's record number in the input (Row.Index): its
	// identity. Two rows with equal cells are two rows.
	Index int `json:"r"`
	// Key names the lookup the outcome came from (see Journal.Shared), so
	// that a later row asking the same is given the same outcome without
	// paying again; empty when there is no lookup to share.
	Key string `json:"k,omitempty"`
	// Cells are the added cells, as MatchCells or EnrichCells give them.
	Cells []string `json:"c"`
	// Failed marks an outcome to try again on the next run (a lookup that
	// failed); a later outcome of the same row replaces it.
	Failed bool `json:"f,omitempty"`
}

// Journal is the resume state of a run over an input file: the outcome
// of each input row done, keyed by the row's record number, in a file
// beside the output (the CLI's is OUT.resume).
//
// The file is a line log: a header line naming the command, format,
// settings and the input's Fingerprint, then one line per outcome, each
// line carrying a CRC-32C of its content. The header is written whole
// through internal/atomicfile (temp file, fsync, rename, fsync the
// directory); each outcome is appended and fsynced before Record
// returns. A process killed while appending leaves at most one torn line
// at the end, which OpenJournal detects (no line break or a checksum that
// does not match) and cuts off: the row it held is simply done again. An
// outcome is thus either recorded whole or not at all, and a row's latest
// outcome (a retried failure replaces the failure) is the one that
// counts.
//
// The journal keeps in memory the position of each row's latest outcome
// and of each shared lookup's outcome (a few dozen bytes a row), not the
// outcomes themselves, which are read back from the file when needed.
type Journal struct {
	mu     sync.Mutex
	log    *lineLog
	path   string
	rows   map[int]entry
	shared map[string]entry
	final  int
}

type entry struct {
	off    int64
	n      int
	failed bool
}

// OpenJournal opens the journal at path for a run with header h. With
// resume, an existing journal is read (and its torn end cut off) and must
// have been written for an equal header, or OpenJournal refuses it with an
// error that says what differs and what to do; a missing one is created.
// Without resume, any journal at path is replaced by an empty one.
func OpenJournal(path string, h JournalHeader, resume bool) (*Journal, error) {
	j := &Journal{path: path, rows: map[int]entry{}, shared: map[string]entry{}}
	head, err := json.Marshal(journalHead{Version: journalVersion, JournalHeader: h})
	if err != nil {
		return nil, err
	}
	if resume {
		j.log, err = openLog(path, func(b []byte) error { return checkHead(path, b, h) }, j.index)
		if err == nil {
			return j, nil
		}
		if !errors.Is(err, os.ErrNotExist) {
			return nil, err
		}
	}
	if j.log, err = createLog(path, head); err != nil {
		return nil, err
	}
	return j, nil
}

// checkHead compares a journal's header with the run's.
func checkHead(path string, b []byte, h JournalHeader) error {
	var got journalHead
	if err := json.Unmarshal(b, &got); err != nil || got.Version != journalVersion {
		return fmt.Errorf("%s is not a resume state this version wrote: delete it (and run without --resume) to start over", path)
	}
	switch {
	case got.Command != h.Command:
		return fmt.Errorf("%s is the resume state of %q, not of %q: write this run to another --out, or delete the state to start over", path, got.Command, h.Command)
	case got.Input != h.Input:
		return fmt.Errorf("%s was written for another input (%v), this input is %v: resume with the same --in file, unchanged, or run without --resume to start over (the rows done are then done and paid again)", path, got.Input, h.Input)
	case got.Format != h.Format || got.Settings != h.Settings:
		return fmt.Errorf("%s was written with format %s and settings %q, this run has %s and %q: resume with the same --format and --column flags, or run without --resume to start over", path, got.Format, got.Settings, h.Format, h.Settings)
	}
	return nil
}

// index takes in one outcome line of the file.
func (j *Journal) index(off int64, n int, payload []byte) error {
	var o Outcome
	if err := json.Unmarshal(payload, &o); err != nil || o.Index < 0 {
		return fmt.Errorf("%s: a line at byte %d is not an outcome: delete the file to start over", j.path, off)
	}
	j.note(o, entry{off: off, n: n, failed: o.Failed})
	return nil
}

func (j *Journal) note(o Outcome, e entry) {
	if old, ok := j.rows[o.Index]; !ok || old.failed {
		if !e.failed {
			j.final++
		}
	} else if e.failed {
		j.final--
	}
	j.rows[o.Index] = e
	if o.Key != "" && !o.Failed {
		j.shared[o.Key] = e
	}
}

// Done reports whether row index has an outcome that is not Failed: a
// resumed run skips it.
func (j *Journal) Done(index int) bool {
	j.mu.Lock()
	defer j.mu.Unlock()
	e, ok := j.rows[index]
	return ok && !e.failed
}

// Finished is the number of rows Done.
func (j *Journal) Finished() int {
	j.mu.Lock()
	defer j.mu.Unlock()
	return j.final
}

// Outcome returns the latest outcome of row index, and false when there
// is none.
func (j *Journal) Outcome(index int) (Outcome, bool, error) {
	j.mu.Lock()
	defer j.mu.Unlock()
	e, ok := j.rows[index]
	if !ok {
		return Outcome{}, false, nil
	}
	o, err := j.read(e)
	return o, err == nil, err
}

// Shared returns the cells of an outcome recorded with key that is not
// Failed, and false when there is none.
func (j *Journal) Shared(key string) ([]string, bool, error) {
	j.mu.Lock()
	defer j.mu.Unlock()
	e, ok := j.shared[key]
	if !ok {
		return nil, false, nil
	}
	o, err := j.read(e)
	return o.Cells, err == nil, err
}

func (j *Journal) read(e entry) (Outcome, error) {
	b, err := j.log.read(e.off, e.n)
	if err != nil {
		return Outcome{}, err
	}
	var o Outcome
	return o, json.Unmarshal(b, &o)
}

// Record appends o and syncs it to disk: once Record returns, o survives
// a crash.
func (j *Journal) Record(o Outcome) error {
	if o.Index < 0 {
		return fmt.Errorf("matchfile: Outcome.Index is %d: want a record number from 0", o.Index)
	}
	b, err := json.Marshal(o)
	if err != nil {
		return err
	}
	j.mu.Lock()
	defer j.mu.Unlock()
	off, n, err := j.log.append(b)
	if err != nil {
		return fmt.Errorf("matchfile: recording row %d in %s: %w", o.Index, j.path, err)
	}
	j.note(o, entry{off: off, n: n, failed: o.Failed})
	return nil
}

// Close closes the file.
func (j *Journal) Close() error { return j.log.close() }
