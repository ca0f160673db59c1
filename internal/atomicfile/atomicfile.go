// Package atomicfile writes files crash-safely: the bytes go to a temporary
// file in the target's directory, the temporary file is synced to disk,
// renamed over the target, and the directory is synced so that the rename
// itself survives a power loss. A reader, or a process restarted after a
// SIGKILL, sees either the old file whole or the new file whole, never a
// torn one.
//
// Every piece of state in this repository that outlives one run (resume
// state, watcher baselines, the fake's snapshots and recordings, output
// files that are rewritten) is written through this package, so there is
// one implementation of the protocol to test.
package atomicfile

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
)

// File is a file being written. Its contents replace the target only when
// Commit succeeds; Abort (or a crash) leaves the target as it was.
type File struct {
	f      *os.File
	target string
	perm   fs.FileMode
	done   bool
}

// Create starts writing path. The temporary file lives in the same
// directory (a rename is only atomic within one file system), named after
// the target with a leading dot so directory listings and globs skip it.
func Create(path string, perm fs.FileMode) (*File, error) {
	dir := filepath.Dir(path)
	f, err := os.CreateTemp(dir, "."+filepath.Base(path)+".tmp-*")
	if err != nil {
		return nil, fmt.Errorf("atomicfile: creating a temporary file beside %s: %w", path, err)
	}
	return &File{f: f, target: path, perm: perm}, nil
}

// Write appends p to the pending contents.
func (w *File) Write(p []byte) (int, error) {
	if w.done {
		return 0, errors.New("atomicfile: write after Commit or Abort")
	}
	return w.f.Write(p)
}

// Name is the path of the temporary file.
func (w *File) Name() string { return w.f.Name() }

// Commit syncs the pending contents, renames them over the target and syncs
// the directory. After an error the target is unchanged and the temporary
// file is removed.
func (w *File) Commit() error {
	if w.done {
		return errors.New("atomicfile: Commit after Commit or Abort")
	}
	w.done = true
	tmp := w.f.Name()
	err := w.f.Chmod(w.perm)
	if err == nil {
		err = w.f.Sync()
	}
	if cerr := w.f.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Rename(tmp, w.target)
	}
	if err != nil {
		_ = os.Remove(tmp)
		return fmt.Errorf("atomicfile: writing %s: %w", w.target, err)
	}
	if err := SyncDir(filepath.Dir(w.target)); err != nil {
		return fmt.Errorf("atomicfile: writing %s: %w", w.target, err)
	}
	return nil
}

// Abort drops the pending contents. It is safe to call after Commit (it
// then does nothing), so `defer f.Abort()` is the usual pattern.
func (w *File) Abort() {
	if w.done {
		return
	}
	w.done = true
	_ = w.f.Close()
	_ = os.Remove(w.f.Name())
}

// WriteFile replaces path with data crash-safely.
func WriteFile(path string, data []byte, perm fs.FileMode) error {
	return WriteFrom(path, perm, func(w io.Writer) error {
		_, err := w.Write(data)
		return err
	})
}

// WriteFrom replaces path with what write produces, crash-safely. When
// write returns an error the target is left as it was.
func WriteFrom(path string, perm fs.FileMode, write func(io.Writer) error) error {
	f, err := Create(path, perm)
	if err != nil {
		return err
	}
	defer f.Abort()
	if err := write(f); err != nil {
		return err
	}
	return f.Commit()
}

// SyncDir fsyncs a directory, making the creation, rename or removal of an
// entry in it durable. Appending writers call it once after creating their
// file.
func SyncDir(dir string) error {
	d, err := os.Open(dir)
	if err != nil {
		return err
	}
	err = d.Sync()
	if cerr := d.Close(); err == nil {
		err = cerr
	}
	return err
}
