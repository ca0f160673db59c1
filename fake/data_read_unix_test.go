//go:build unix

package fake

import (
	"errors"
	"os"
	"path/filepath"
	"syscall"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// loadDir loads dir the way registerfake -data does (os.OpenRoot) and
// returns the error, failing the test when loading takes more than ten
// seconds (a read of /dev/zero or a named pipe would not end).
func loadDir(t *testing.T, dir string) error {
	t.Helper()
	root, err := os.OpenRoot(dir)
	require.NoError(t, err)
	defer root.Close()
	done := make(chan error, 1)
	go func() {
		cfg := defaultConfig()
		cfg.clock = NewClock(testStart)
		cfg.noCurated = true
		cfg.data = append(cfg.data, root.FS())
		s, err := newServer(cfg)
		if err == nil {
			s.shutdown(func() {})
		}
		done <- err
	}()
	select {
	case err := <-done:
		return err
	case <-time.After(10 * time.Second):
		t.Fatal("loading the data directory did not end")
		return nil
	}
}

// exampleCopy copies the example register into a new directory.
func exampleCopy(t *testing.T) string {
	t.Helper()
	dir := t.TempDir()
	for name, f := range exampleFS(t) {
		p := filepath.Join(dir, filepath.FromSlash(name))
		require.NoError(t, os.MkdirAll(filepath.Dir(p), 0o755))
		require.NoError(t, os.WriteFile(p, f.Data, 0o644))
	}
	require.NoError(t, loadDir(t, dir), "the copy loads")
	return dir
}

// TestDataDirectoryReadsNothingOutside: a data directory whose files are
// links out of it (to a secret file, to /dev/zero), links to folders,
// named pipes, devices or oversized files is refused with a message
// naming the file, without reading the target (issue 33, item 3).
func TestDataDirectoryReadsNothingOutside(t *testing.T) {
	outside := t.TempDir()
	secret := filepath.Join(outside, "DE-HRB-F1103-500009.json")
	require.NoError(t, os.WriteFile(secret, []byte(`{"id": "DE-HRB-F1103-500009", "secret": "do not serve"}`), 0o600))
	require.NoError(t, os.Mkdir(filepath.Join(outside, "companies"), 0o755))

	cases := []struct {
		name  string
		setup func(dir string) error
		want  []string
	}{
		{"a file linked to a file outside", func(dir string) error {
			return os.Symlink(secret, filepath.Join(dir, "companies", "DE-HRB-F1103-500009.json"))
		}, []string{"companies/DE-HRB-F1103-500009.json", "symbolic link", "copy the file"}},
		{"a JSON Lines file linked to /dev/zero", func(dir string) error {
			return os.Symlink("/dev/zero", filepath.Join(dir, "owners.jsonl"))
		}, []string{"owners.jsonl", "symbolic link"}},
		{"a file linked to a file inside", func(dir string) error {
			return os.Symlink("DE-HRB-F1103-500001.json", filepath.Join(dir, "companies", "DE-HRB-F1103-500008.json"))
		}, []string{"symbolic link"}},
		{"a folder linked to a folder outside", func(dir string) error {
			require.NoError(t, os.RemoveAll(filepath.Join(dir, "financials")))
			return os.Symlink(filepath.Join(outside, "companies"), filepath.Join(dir, "financials"))
		}, []string{"financials", "symbolic link to a folder", "copy the folder"}},
		{"a named pipe", func(dir string) error {
			return syscall.Mkfifo(filepath.Join(dir, "persons.jsonl"), 0o644)
		}, []string{"persons.jsonl", "not a regular file (a named pipe)"}},
		{"a named pipe in a folder", func(dir string) error {
			return syscall.Mkfifo(filepath.Join(dir, "companies", "DE-HRB-F1103-500007.json"), 0o644)
		}, []string{"companies/DE-HRB-F1103-500007.json", "named pipe"}},
		{"a file larger than a data file may be", func(dir string) error {
			f, err := os.Create(filepath.Join(dir, "companies", "DE-HRB-F1103-500006.json"))
			if err != nil {
				return err
			}
			defer f.Close()
			return f.Truncate(maxDataFile + 1) // sparse: nothing written
		}, []string{"companies/DE-HRB-F1103-500006.json", "more than the 67108864 a data file may hold"}},
		{"a JSON Lines file with a line over the bound", func(dir string) error {
			f, err := os.Create(filepath.Join(dir, "insolvencies.jsonl"))
			if err != nil {
				return err
			}
			defer f.Close()
			return f.Truncate(maxDataLine + 10) // one line of zero bytes, never ended
		}, []string{"insolvencies.jsonl line 1", "longer than 67108864 bytes"}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			dir := exampleCopy(t)
			require.NoError(t, tc.setup(dir))
			err := loadDir(t, dir)
			require.Error(t, err)
			var de *DataError
			require.True(t, errors.As(err, &de), "a *DataError: %v", err)
			for _, w := range tc.want {
				assert.Contains(t, err.Error(), w)
			}
			assert.NotContains(t, err.Error(), "do not serve")
		})
	}
}

// TestDataDirectoryDevice: a device node in a data directory is refused
// from its directory entry, before it is opened (the test links /dev to
// reach one, since only root may make device nodes; the link is refused
// first, so the entry check runs on /dev/null through a plain os.DirFS).
func TestDataDirectoryDevice(t *testing.T) {
	err := checkEntry(os.DirFS("/dev"), "null", mustEntry(t, "/dev", "null"))
	require.Error(t, err)
	assert.Contains(t, err.Error(), "not a regular file (a character device)")
}

func mustEntry(t *testing.T, dir, name string) os.DirEntry {
	t.Helper()
	entries, err := os.ReadDir(dir)
	require.NoError(t, err)
	for _, e := range entries {
		if e.Name() == name {
			return e
		}
	}
	t.Fatalf("no %s in %s", name, dir)
	return nil
}
