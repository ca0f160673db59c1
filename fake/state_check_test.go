package fake

import (
	"encoding/json"
	"fmt"
	"net/http"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// 2^64 ns is 18446744073709.55 ms: a count of milliseconds just above it
// used to wrap around to under a millisecond when made a Duration, and
// pass the range check.
const wrapsToSubMillisecond = 18446744073710

// TestControlsRefuseDurationsThatOverflow: the latency and fault controls
// refuse a count of milliseconds too large for a Duration instead of
// reading it as the short delay it wraps around to.
func TestControlsRefuseDurationsThatOverflow(t *testing.T) {
	srv, _ := newTestServer(t)
	r := do(t, "PUT", srv.URL+"/_fake/latency", "", fmt.Sprintf(`{"min_ms": 0, "max_ms": %d}`, int64(wrapsToSubMillisecond)))
	assert.Equal(t, http.StatusBadRequest, r.status, "%s", r.body)
	for _, body := range []string{
		fmt.Sprintf(`{"count": 1, "latency_ms": %d}`, int64(wrapsToSubMillisecond)),
		fmt.Sprintf(`{"count": 1, "latency_ms": 1, "latency_max_ms": %d}`, int64(wrapsToSubMillisecond)),
		`{"count": 1, "status": 503, "retry_after_seconds": 9223372036854775807}`,
	} {
		r := do(t, "POST", srv.URL+"/_fake/faults", "", body)
		assert.Equal(t, http.StatusBadRequest, r.status, "%s: %s", body, r.body)
	}
	least, most := srv.faults.latency()
	assert.Zero(t, least+most, "refused latencies change nothing")
	assert.Empty(t, srv.PendingFaults(), "refused faults are not queued")
}

// TestSnapshotAndControlsRefuseTheSame: a fault, a latency and a balance
// the HTTP controls refuse are refused in a snapshot too, with the same
// words: one check for each kind of state, whichever way it comes in.
func TestSnapshotAndControlsRefuseTheSame(t *testing.T) {
	t.Parallel() // a fake (or snapshots) of its own: runs beside the package's other parallel tests
	snap, _ := baseSnapshot(t)
	srv, _ := newTestServer(t)
	problem := func(body []byte) string {
		var e struct {
			Detail string `json:"detail"`
			Error  struct {
				Message string `json:"message"`
			} `json:"error"`
		}
		require.NoError(t, json.Unmarshal(body, &e), "%s", body)
		require.NotEmpty(t, e.Detail+e.Error.Message, "the control says why: %s", body)
		return e.Detail + e.Error.Message
	}
	for _, fault := range []string{
		`{"count": 1, "status": 99999}`,
		`{"count": 1, "status": 503, "drop": true}`,
		`{"count": -2, "status": 503}`,
		`{"count": 1, "latency_ms": 86400000}`,
		`{"count": 1, "method": "get", "status": 500}`,
		`{"count": 1}`,
	} {
		r := do(t, "POST", srv.URL+"/_fake/faults", "", fault)
		require.Equal(t, http.StatusBadRequest, r.status, fault)
		var v any
		require.NoError(t, json.Unmarshal([]byte(fault), &v))
		_, err := restore(t, forge(t, snap, []any{v}, "faults"))
		require.Error(t, err, fault)
		controlSays := strings.TrimPrefix(problem(r.body), "fake: invalid fault: ")
		assert.Contains(t, err.Error(), controlSays, "the snapshot refuses %s as the control does", fault)
	}

	r := do(t, "PUT", srv.URL+"/_fake/latency", "", `{"min_ms": 0, "max_ms": 3600000}`)
	require.Equal(t, http.StatusBadRequest, r.status)
	_, err := restore(t, forge(t, snap, []any{0, 3600e9}, "latency"))
	require.Error(t, err)
	assert.Contains(t, err.Error(), strings.TrimPrefix(problem(r.body), "fake: "))

	r = do(t, "PUT", srv.URL+"/_fake/credits", "", `{"credits": -3}`)
	require.Equal(t, http.StatusBadRequest, r.status)
	_, err = restore(t, forge(t, snap, -3, "accounts", "second-key-123456", "credits"))
	require.Error(t, err)
	assert.Contains(t, err.Error(), "credits -3 is negative")

	r = do(t, "POST", srv.URL+"/_fake/clock/advance", "", `{"seconds": 3155000000}`)
	for range 80 {
		if r.status != http.StatusOK {
			break
		}
		r = do(t, "POST", srv.URL+"/_fake/clock/advance", "", `{"seconds": 3155000000}`)
	}
	require.Equal(t, http.StatusBadRequest, r.status, "the clock cannot be advanced past the years a client reads")
	assert.Contains(t, problem(r.body), "outside 1900 to 9000")
	_, err = restore(t, forge(t, snap, "9500-01-01T00:00:00Z", "clock", "now"))
	require.Error(t, err)
	assert.Contains(t, err.Error(), "outside 1900 to 9000")
}
