package fake

import (
	"errors"
	"io/fs"
	"testing"
	"testing/fstest"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// swappedFS lists and stats its files as they are, but opens the file
// swapped as a named pipe: the entry was replaced after it was listed.
type swappedFS struct {
	fstest.MapFS
	swapped string
}

func (s swappedFS) Open(name string) (fs.File, error) {
	f, err := s.MapFS.Open(name)
	if err != nil || name != s.swapped {
		return f, err
	}
	return pipeFile{f}, nil
}

// pipeFile is a file whose Stat says it is a named pipe.
type pipeFile struct{ fs.File }

func (p pipeFile) Stat() (fs.FileInfo, error) {
	st, err := p.File.Stat()
	if err != nil {
		return nil, err
	}
	return pipeInfo{st}, nil
}

type pipeInfo struct{ fs.FileInfo }

func (pipeInfo) Mode() fs.FileMode { return fs.ModeNamedPipe | 0o644 }

// TestADataFileSwappedAfterItsListingIsCheckedOnceOpened: a data file
// listed as a regular file but a named pipe once opened (replaced in
// between) is refused, a .json file and a .jsonl file alike: the check
// is made on the opened file, not only on the listing.
func TestADataFileSwappedAfterItsListingIsCheckedOnceOpened(t *testing.T) {
	for _, name := range []string{"companies/DE-HRB-F1103-500001.json", "companies.jsonl"} {
		t.Run(name, func(t *testing.T) {
			cfg := defaultConfig()
			cfg.clock = NewClock(testStart)
			cfg.noCurated = true
			cfg.data = append(cfg.data, swappedFS{MapFS: exampleFS(t), swapped: name})
			s, err := newServer(cfg)
			if err == nil {
				s.shutdown(func() {})
			}
			require.Error(t, err)
			var de *DataError
			require.True(t, errors.As(err, &de), "a *DataError: %v", err)
			assert.Contains(t, err.Error(), name)
			assert.Contains(t, err.Error(), "not a regular file (a named pipe)")
		})
	}
}
