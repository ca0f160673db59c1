package atomicfile

import (
	"errors"
	"io"
	"os"
	"path/filepath"
	"testing"
)

func TestWriteFileReplacesWhole(t *testing.T) {
	dir := t.TempDir()
	p := filepath.Join(dir, "state.json")
	if err := WriteFile(p, []byte("old"), 0o600); err != nil {
		t.Fatal(err)
	}
	if err := WriteFile(p, []byte("new contents"), 0o600); err != nil {
		t.Fatal(err)
	}
	got, err := os.ReadFile(p)
	if err != nil {
		t.Fatal(err)
	}
	if string(got) != "new contents" {
		t.Fatalf("got %q", got)
	}
	st, err := os.Stat(p)
	if err != nil {
		t.Fatal(err)
	}
	if st.Mode().Perm() != 0o600 {
		t.Fatalf("mode %v, want 0600", st.Mode().Perm())
	}
	assertOnly(t, dir, "state.json")
}

func TestWriteFromErrorKeepsTarget(t *testing.T) {
	dir := t.TempDir()
	p := filepath.Join(dir, "state.json")
	if err := WriteFile(p, []byte("old"), 0o644); err != nil {
		t.Fatal(err)
	}
	boom := errors.New("boom")
	err := WriteFrom(p, 0o644, func(w io.Writer) error {
		if _, err := w.Write([]byte("half")); err != nil {
			return err
		}
		return boom
	})
	if !errors.Is(err, boom) {
		t.Fatalf("err = %v, want boom", err)
	}
	got, _ := os.ReadFile(p)
	if string(got) != "old" {
		t.Fatalf("target changed to %q", got)
	}
	assertOnly(t, dir, "state.json")
}

func TestCommitTwiceAndWriteAfterCommit(t *testing.T) {
	dir := t.TempDir()
	f, err := Create(filepath.Join(dir, "x"), 0o644)
	if err != nil {
		t.Fatal(err)
	}
	if err := f.Commit(); err != nil {
		t.Fatal(err)
	}
	if err := f.Commit(); err == nil {
		t.Fatal("second Commit succeeded")
	}
	if _, err := f.Write([]byte("x")); err == nil {
		t.Fatal("Write after Commit succeeded")
	}
	f.Abort() // no effect after Commit
	if _, err := os.Stat(filepath.Join(dir, "x")); err != nil {
		t.Fatal(err)
	}
}

func TestCreateInMissingDirectory(t *testing.T) {
	if _, err := Create(filepath.Join(t.TempDir(), "no", "such", "x"), 0o644); err == nil {
		t.Fatal("Create in a missing directory succeeded")
	}
}

func assertOnly(t *testing.T, dir string, names ...string) {
	t.Helper()
	ents, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	if len(ents) != len(names) {
		var got []string
		for _, e := range ents {
			got = append(got, e.Name())
		}
		t.Fatalf("directory holds %v, want %v (a temporary file left behind?)", got, names)
	}
}

// TestAFailedCommitRemovesItsTemporaryFile commits over a directory that
// holds a file, which no rename can replace: Commit fails, the directory
// is as it was and the temporary file is gone.
func TestAFailedCommitRemovesItsTemporaryFile(t *testing.T) {
	dir := t.TempDir()
	target := filepath.Join(dir, "state.json")
	if err := os.Mkdir(target, 0o700); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(target, "inside"), []byte("x"), 0o600); err != nil {
		t.Fatal(err)
	}
	f, err := Create(target, 0o600)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := f.Write([]byte("new")); err != nil {
		t.Fatal(err)
	}
	if err := f.Commit(); err == nil {
		t.Fatal("Commit over a non-empty directory succeeded")
	}
	if _, err := os.Stat(f.Name()); !errors.Is(err, os.ErrNotExist) {
		t.Fatalf("the temporary file %s is still there after the failed Commit (stat: %v)", f.Name(), err)
	}
	assertOnly(t, dir, "state.json")
}

// TestWriteFileReplacesByRenameNeverInPlace: the new contents are a new
// file renamed over the target, so a reader that opened the old file
// before still reads it whole, and a hard link to the old file keeps the
// old contents; written in place, both would see the new bytes, or a
// torn mix.
func TestWriteFileReplacesByRenameNeverInPlace(t *testing.T) {
	dir := t.TempDir()
	p := filepath.Join(dir, "state.json")
	if err := WriteFile(p, []byte("old contents"), 0o600); err != nil {
		t.Fatal(err)
	}
	before, err := os.Stat(p)
	if err != nil {
		t.Fatal(err)
	}
	link := filepath.Join(dir, "link")
	if err := os.Link(p, link); err != nil {
		t.Skipf("no hard links here: %v", err)
	}
	r, err := os.Open(p)
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	if err := WriteFile(p, []byte("new"), 0o600); err != nil {
		t.Fatal(err)
	}
	after, err := os.Stat(p)
	if err != nil {
		t.Fatal(err)
	}
	if os.SameFile(before, after) {
		t.Error("the target is the same file as before: written in place")
	}
	if got, _ := io.ReadAll(r); string(got) != "old contents" {
		t.Errorf("a reader of the old file reads %q, want the old contents whole", got)
	}
	if got, _ := os.ReadFile(link); string(got) != "old contents" {
		t.Errorf("a link to the old file reads %q, want the old contents", got)
	}
	if got, _ := os.ReadFile(p); string(got) != "new" {
		t.Errorf("the target reads %q, want the new contents", got)
	}
}
