package main

import (
	"net/http"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// TestSeedFlagMakesTwoRunsDrawTheSameFaults: -seed is fake.WithSeed, so
// two runs with one seed fail the same requests of a probabilistic fault
// (what registerfaketc.WithSeed passes to the image).
func TestSeedFlagMakesTwoRunsDrawTheSameFaults(t *testing.T) {
	draws := func() string {
		base, key, stop := startRun(t, "-seed", "7")
		req, err := http.NewRequest(http.MethodPost, base+"/_fake/faults",
			strings.NewReader(`{"path_prefix": "/v1/", "probability": 0.5, "count": 0, "status": 503}`))
		require.NoError(t, err)
		req.Header.Set("Content-Type", "application/json")
		res, err := http.DefaultClient.Do(req)
		require.NoError(t, err)
		res.Body.Close()
		require.Less(t, res.StatusCode, 300, "POST /_fake/faults")
		var got strings.Builder
		for range 40 {
			status, _ := get(t, base+"/v1/company/DE-HRB-F1103-267645", key)
			if status == http.StatusServiceUnavailable {
				got.WriteByte('x')
			} else {
				got.WriteByte('.')
			}
		}
		require.NoError(t, stop())
		return got.String()
	}
	first, second := draws(), draws()
	require.Contains(t, first, "x", "the fault never fired: the test checks nothing")
	require.Contains(t, first, ".", "the fault always fired: the test checks nothing")
	require.Equal(t, first, second, "two runs with -seed 7 drew different faults")
}
