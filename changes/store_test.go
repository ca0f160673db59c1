package changes_test

import (
	"context"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	registerdata "github.com/registerdata/registerdata-go"
	"github.com/registerdata/registerdata-go/changes"
	"github.com/registerdata/registerdata-go/enums"
)

func TestStores(t *testing.T) {
	fs, err := changes.NewFileStore(filepath.Join(t.TempDir(), "state"))
	require.NoError(t, err)
	for name, s := range map[string]changes.Store{"memory": changes.NewMemoryStore(), "file": fs} {
		t.Run(name, func(t *testing.T) {
			ctx := context.Background()
			_, ok, err := s.Get(ctx, "changes/company/X")
			require.NoError(t, err)
			assert.False(t, ok)
			v := []byte(`{"company":{"id":"X"}}`)
			require.NoError(t, s.Set(ctx, "changes/company/X", v))
			v[0] = 'x' // the store kept its own copy
			got, ok, err := s.Get(ctx, "changes/company/X")
			require.NoError(t, err)
			assert.True(t, ok)
			assert.Equal(t, `{"company":{"id":"X"}}`, string(got))
			for _, hostile := range []string{"../monitor", "a/b", "with space", "changes/company/../../etc"} {
				require.NoError(t, s.Set(ctx, hostile, []byte("1")), hostile)
				got, ok, err := s.Get(ctx, hostile)
				require.NoError(t, err)
				assert.True(t, ok)
				assert.Equal(t, "1", string(got))
			}
		})
	}
	_, err = changes.NewFileStore("")
	assert.Error(t, err)
	_, _, err = fs.Get(context.Background(), "..")
	assert.Error(t, err, "a key that would name the parent directory")
	names, err := os.ReadDir(fs.Dir())
	require.NoError(t, err)
	for _, n := range names {
		assert.NotContains(t, n.Name(), "/")
	}
	assert.Len(t, names, 5, "one file per key, all inside the directory, no temporary file left")
}

// TestPollResumesFromAFileStore: a second run of Poll (a new process)
// finds its baselines on disk and reports what changed in between.
func TestPollResumesFromAFileStore(t *testing.T) {
	srv, _, c, _ := fakeWithReceiver(t, nil)
	dir := t.TempDir()
	run := func() []changes.Set {
		st, err := changes.NewFileStore(dir)
		require.NoError(t, err)
		var out []changes.Set
		for set, err := range changes.Poll(context.Background(), c, st, []string{richID}, changes.PollOptions{Every: time.Hour, Rounds: 1}) {
			require.NoError(t, err)
			out = append(out, set)
		}
		return out
	}
	assert.Empty(t, run())
	require.NoError(t, srv.UpdateCompany(richID, func(co *registerdata.Company) { co.Status = enums.CompanyStatusLiquidation }))
	sets := run()
	require.Len(t, sets, 1)
	assert.Equal(t, []string{"basic/modified/status"}, keysOf(sets[0].Changes))
	assert.Empty(t, run(), "stored: nothing new")
}
