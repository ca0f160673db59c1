package main

import (
	"encoding/json"
	"math/rand/v2"
	"net/http"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/registerdata/registerdata-go/fake"
)

// TestKillWhileRecording: registerfake -record is SIGKILLed at a random
// moment of a session of lookups, 50 times over one directory; every
// recorded file is whole, and registerfake -data serves the recording,
// each company as the upstream answered it.
func TestKillWhileRecording(t *testing.T) {
	t.Parallel() // its own directory and processes: it waits on them beside the other kill test
	rnd := rand.New(rand.NewPCG(killSeed(t), 2))
	const key = "upstream-key-for-the-kill-test"
	upstream := fake.NewServer(fake.WithAPIKey(key))
	defer upstream.Close()
	ids := upstream.CompanyIDs()
	dir := t.TempDir()
	env := []string{upstreamKeyEnv + "=" + key}
	var tempsSeen, maxFiles int
	for i := 1; i <= kills; i++ {
		p := startBinary(t, env, "-record", dir, "-upstream", upstream.URL)
		stop := make(chan struct{})
		done := make(chan struct{})
		go func() { // the session: lookups of every company, until the kill
			defer close(done)
			for j := 0; ; j++ {
				select {
				case <-stop:
					return
				default:
				}
				req, _ := http.NewRequest(http.MethodGet, p.base+"/v1/company/"+ids[(i+j)%len(ids)], nil)
				req.Header.Set("Authorization", "Bearer any")
				if res, err := http.DefaultClient.Do(req); err == nil {
					res.Body.Close()
				} else {
					return
				}
			}
		}()
		p.killAfter(time.Duration(rnd.Int64N(int64(150 * time.Millisecond))))
		close(stop)
		<-done
		files, temps := filesParseWhole(t, dir)
		tempsSeen += temps
		maxFiles = max(maxFiles, files)
	}
	replay := startBinary(t, nil, "-data", dir, "-curated=false")
	recorded, err := filepath.Glob(filepath.Join(dir, "companies", "*.json"))
	require.NoError(t, err)
	require.NotEmpty(t, recorded)
	for _, f := range recorded {
		id := strings.TrimSuffix(filepath.Base(f), ".json")
		status, body := get(t, replay.base+"/v1/company/"+id, fake.DefaultAPIKey)
		require.Equal(t, http.StatusOK, status, "%s: %s", id, body)
		want, ok := upstream.Company(id)
		require.True(t, ok)
		var got map[string]any
		require.NoError(t, json.Unmarshal(body, &got))
		assert.Equal(t, want.Name.Name, got["name"].(map[string]any)["name"], id)
	}
	t.Logf("%d kills: %d companies recorded, %d temporary files left by kills mid-write (removed by the next start)", kills, len(recorded), tempsSeen)
}
