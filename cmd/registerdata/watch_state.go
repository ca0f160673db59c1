package main

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"time"

	"github.com/registerdata/registerdata-go/changes"
	"github.com/registerdata/registerdata-go/internal/atomicfile"
)

// watchStore is the Store of "watch": it remembers, per key, a
// fingerprint of the snapshot a check read (the base its changes were
// found against), and which keys got their first snapshot (baselines).
// Keys are the changes package's: "changes/company/ID",
// "changes/person/UUID".
type watchStore struct {
	changes.Store
	mu    sync.Mutex
	base  map[string]string // key -> fingerprint of the snapshot read
	fresh map[string]bool   // keys read without a snapshot
	first map[string]bool   // keys whose first snapshot was stored
}

func newWatchStore(s changes.Store) *watchStore {
	return &watchStore{Store: s, base: map[string]string{}, fresh: map[string]bool{}, first: map[string]bool{}}
}

// fingerprint identifies a stored snapshot; "none" when there is none.
func fingerprint(v []byte, ok bool) string {
	if !ok {
		return "none"
	}
	sum := sha256.Sum256(v)
	return hex.EncodeToString(sum[:16])
}

func (s *watchStore) Get(ctx context.Context, key string) ([]byte, bool, error) {
	v, ok, err := s.Store.Get(ctx, key)
	if err == nil {
		s.mu.Lock()
		s.base[key] = fingerprint(v, ok)
		if !ok {
			s.fresh[key] = true
		}
		s.mu.Unlock()
	}
	return v, ok, err
}

func (s *watchStore) Set(ctx context.Context, key string, value []byte) error {
	err := s.Store.Set(ctx, key, value)
	if err == nil {
		s.mu.Lock()
		if s.fresh[key] {
			s.first[key] = true
			delete(s.fresh, key)
		}
		s.mu.Unlock()
	}
	return err
}

// baseOf is the fingerprint of the snapshot the last check of key read.
func (s *watchStore) baseOf(key string) string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.base[key]
}

// baselines says how many companies and persons got their first snapshot.
func (s *watchStore) baselines() (companies, persons int) {
	s.mu.Lock()
	defer s.mu.Unlock()
	for k := range s.first {
		if strings.HasPrefix(k, "changes/person/") {
			persons++
		} else {
			companies++
		}
	}
	return companies, persons
}

// baselineNote is what a round that stored baselines says on stderr.
func baselineNote(companies, persons int, kept, once bool) string {
	var who []string
	if companies > 0 {
		who = append(who, fmt.Sprintf("%d compan%s", companies, map[bool]string{true: "y", false: "ies"}[companies == 1]))
	}
	if persons > 0 {
		who = append(who, fmt.Sprintf("%d person%s", persons, plural(int64(persons))))
	}
	if len(who) == 0 {
		return ""
	}
	next := "round"
	if once {
		next = "run"
	}
	s := "baselines stored for " + strings.Join(who, " and ") + "; changes show from the next " + next
	if !kept {
		s += " (the baselines are in memory: add --state DIR to keep them for the next run)"
	}
	return s + "\n"
}

// firstRoundClock calls done once, when Poll first waits for its next
// round (the first round is over).
type firstRoundClock struct {
	changes.Clock
	once sync.Once
	done func()
}

func (c *firstRoundClock) After(d time.Duration) <-chan time.Time {
	c.once.Do(c.done)
	return c.Clock.After(d)
}

// outFile is "watch --out FILE": the changes appended to FILE exactly
// once, even when a run is killed. Before a Set is appended, a note of
// the entity, the snapshot its changes were found against and the size
// of FILE is written crash-safely to the state directory; the snapshot
// is stored after the append. A run that finds the note's entity still
// on that snapshot (the run before died between the append and the
// store) cuts FILE back to the noted size, so the changes, found again,
// are appended once; a torn line is cut the same way.
type outFile struct {
	f    *os.File
	path string // absolute
	note string // the note in the state directory
}

// outNote is the note of the last Set appended.
type outNote struct {
	File   string `json:"file"`
	Key    string `json:"key"`
	Base   string `json:"base"`
	Offset int64  `json:"offset"`
}

// openOut opens path for appending and repairs the end the last run may
// have left (see outFile), reading the stored snapshots from store.
func openOut(ctx context.Context, path, stateDir string, store changes.Store) (*outFile, error) {
	abs, err := filepath.Abs(path)
	if err != nil {
		return nil, err
	}
	f, err := os.OpenFile(abs, os.O_RDWR|os.O_CREATE|os.O_APPEND, 0o644)
	if err != nil {
		return nil, err
	}
	o := &outFile{f: f, path: abs, note: filepath.Join(stateDir, ".watch-out.json")}
	if err := o.repair(ctx, store); err != nil {
		f.Close()
		return nil, err
	}
	return o, nil
}

func (o *outFile) repair(ctx context.Context, store changes.Store) error {
	b, err := os.ReadFile(o.note)
	if errors.Is(err, fs.ErrNotExist) {
		return nil
	}
	if err != nil {
		return err
	}
	var n outNote
	if err := json.Unmarshal(b, &n); err != nil {
		return fmt.Errorf("%s is not valid (%v): delete it if %s holds no change twice", o.note, err, o.path)
	}
	if n.File != o.path {
		return nil // the note is of another file
	}
	v, ok, err := store.Get(ctx, n.Key)
	if err != nil {
		return err
	}
	if fingerprint(v, ok) != n.Base {
		return nil // the snapshot was stored after the append: the line is whole
	}
	st, err := o.f.Stat()
	if err != nil {
		return err
	}
	if st.Size() > n.Offset {
		if err := o.f.Truncate(n.Offset); err != nil {
			return err
		}
		return o.f.Sync()
	}
	return nil
}

// append writes the output of one Set of key, found against the snapshot
// base, and syncs it.
func (o *outFile) append(key, base string, out []byte) error {
	st, err := o.f.Stat()
	if err != nil {
		return err
	}
	n, err := json.Marshal(outNote{File: o.path, Key: key, Base: base, Offset: st.Size()})
	if err != nil {
		return err
	}
	if err := atomicfile.WriteFile(o.note, n, 0o600); err != nil {
		return err
	}
	if _, err := o.f.Write(out); err != nil {
		return err
	}
	return o.f.Sync()
}

func (o *outFile) Close() error { return o.f.Close() }

var _ io.Closer = (*outFile)(nil)
