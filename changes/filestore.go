package changes

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"net/url"
	"os"
	"path/filepath"

	"github.com/registerdata/registerdata-go/internal/atomicfile"
)

// FileStore is a Store in a directory, one file per key, for a single
// process that restarts (a `registerdata watch` run by cron keeps its
// baselines between runs). Writes are crash-safe (temporary file, fsync,
// rename, fsync of the directory), so a crash or a kill never leaves half
// a snapshot; a kill may leave a temporary ".*.tmp-*" file behind, which
// is never read. Several processes sharing a directory are not
// coordinated: give a fleet a shared store such as redisstore.NewStore.
type FileStore struct {
	dir string
}

// NewFileStore returns a FileStore keeping its files in dir, which is
// created (with its parents) when missing.
func NewFileStore(dir string) (*FileStore, error) {
	if dir == "" {
		return nil, errors.New("changes: NewFileStore needs a directory, such as \"./registerdata-state\"")
	}
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return nil, fmt.Errorf("changes: creating the store directory: %w", err)
	}
	return &FileStore{dir: dir}, nil
}

// Dir returns the directory of the store.
func (s *FileStore) Dir() string { return s.dir }

// path is the file of key: the key escaped into one file name, so no key
// ("../x", "a/b") reaches outside the directory.
func (s *FileStore) path(key string) (string, error) {
	name := url.PathEscape(key)
	if name == "" || name == "." || name == ".." {
		return "", fmt.Errorf("changes: %q cannot be a store key", key)
	}
	return filepath.Join(s.dir, name+".json"), nil
}

// Get implements Store.
func (s *FileStore) Get(_ context.Context, key string) ([]byte, bool, error) {
	p, err := s.path(key)
	if err != nil {
		return nil, false, err
	}
	b, err := os.ReadFile(p)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return nil, false, nil
	case err != nil:
		return nil, false, fmt.Errorf("changes: reading the snapshot %q: %w", key, err)
	}
	return b, true, nil
}

// Set implements Store. The value is written crash-safely
// (internal/atomicfile): a temporary file, synced, renamed over the old
// one, and the directory synced, so a crash or a kill at any point leaves
// the old snapshot or the new one, whole.
func (s *FileStore) Set(_ context.Context, key string, value []byte) error {
	p, err := s.path(key)
	if err != nil {
		return err
	}
	if err := atomicfile.WriteFile(p, value, 0o600); err != nil {
		return fmt.Errorf("changes: storing the snapshot %q: %w", key, err)
	}
	return nil
}
