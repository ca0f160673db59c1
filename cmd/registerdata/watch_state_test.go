package main

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/registerdata/registerdata-go/changes"
)

// TestWatchOutCutsWhatARunDidNotStore: a run that appended a Set to
// --out and died before storing its snapshot leaves a note; the next run
// cuts FILE back to before that Set (a torn line included), so that the
// changes, found again, are appended once. A Set whose snapshot was
// stored stays.
func TestWatchOutCutsWhatARunDidNotStore(t *testing.T) {
	ctx := context.Background()
	state := t.TempDir()
	store, err := changes.NewFileStore(state)
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), "out.jsonl")
	const key = "changes/company/X"
	if err := store.Set(ctx, key, []byte(`{"v":1}`)); err != nil {
		t.Fatal(err)
	}
	base := fingerprint([]byte(`{"v":1}`), true)

	o, err := openOut(ctx, path, state, store)
	if err != nil {
		t.Fatal(err)
	}
	if err := o.append(key, base, []byte("first\n")); err != nil {
		t.Fatal(err)
	}
	if err := store.Set(ctx, key, []byte(`{"v":2}`)); err != nil { // stored: "first" stays
		t.Fatal(err)
	}
	if err := o.append(key, fingerprint([]byte(`{"v":2}`), true), []byte("second\nand a torn li")); err != nil {
		t.Fatal(err)
	}
	o.Close() // killed before storing {"v":3}

	o, err = openOut(ctx, path, state, store)
	if err != nil {
		t.Fatal(err)
	}
	o.Close()
	if b, _ := os.ReadFile(path); string(b) != "first\n" {
		t.Errorf("after the restart the file holds %q, want %q", b, "first\n")
	}

	// The same after the snapshot was stored: nothing is cut.
	o, _ = openOut(ctx, path, state, store)
	if err := o.append(key, fingerprint([]byte(`{"v":2}`), true), []byte("second\n")); err != nil {
		t.Fatal(err)
	}
	o.Close()
	if err := store.Set(ctx, key, []byte(`{"v":3}`)); err != nil {
		t.Fatal(err)
	}
	o, _ = openOut(ctx, path, state, store)
	o.Close()
	if b, _ := os.ReadFile(path); string(b) != "first\nsecond\n" {
		t.Errorf("the file holds %q, want both lines", b)
	}

	// A note of another file cuts nothing of this one.
	other := filepath.Join(t.TempDir(), "other.jsonl")
	o, _ = openOut(ctx, other, state, store)
	if err := o.append(key, fingerprint([]byte(`{"v":3}`), true), []byte("x\n")); err != nil {
		t.Fatal(err)
	}
	o.Close()
	o, _ = openOut(ctx, path, state, store)
	o.Close()
	if b, _ := os.ReadFile(path); string(b) != "first\nsecond\n" {
		t.Errorf("the file holds %q after a note of another file", b)
	}
}

func TestWatchOutNeedsState(t *testing.T) {
	r := cli(t, "--fake", "watch", watchedID, "--out", filepath.Join(t.TempDir(), "x")).wantCode(t, exitUsage)
	if want := "--out needs --state DIR"; !strings.Contains(r.stderr, want) {
		t.Errorf("stderr %q, want %q", r.stderr, want)
	}
}
