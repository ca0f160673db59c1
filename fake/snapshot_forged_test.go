package fake

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"net/http"
	"net/http/httptest"
	"os"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// The hostile snapshots here are made by editing the JSON of a real
// snapshot, without the fake's validation code: each forgery sets one
// value of the document to what an attacker (or a corrupted disk) would
// put there. A restored fake must either refuse the snapshot with an
// error, or serve every call without hanging past a minute, panicking, or
// answering with a status HTTP does not have (issue 29, defect 9).

// baseSnapshot is a snapshot of a fake with a fault, a latency, a second
// account, owners, a Transparenzregister outcome and a moved clock.
func baseSnapshot(t *testing.T) (snap []byte, companyID string) {
	t.Helper()
	s := NewServer(WithClock(NewClock(testStart)), WithSeed(7))
	t.Cleanup(s.Close)
	require.NoError(t, s.InjectFault(Fault{PathPrefix: "/v1/company/", Count: 3, Status: 503, RetryAfter: 2 * time.Second, Latency: 10 * time.Millisecond}))
	require.NoError(t, s.SetLatency(time.Millisecond, 5*time.Millisecond))
	s.SetCredits("second-key-123456", 40)
	id := s.CompanyIDs()[0]
	require.NoError(t, s.SetTransparencyOutcome(id, TransparencyDiscrepancy))
	s.Clock().Advance(48 * time.Hour)
	var buf bytes.Buffer
	require.NoError(t, s.Snapshot(&buf))
	return buf.Bytes(), id
}

// forge returns snap with the value at path (keys and array indexes)
// replaced by v; a path into an absent key creates it.
func forge(t *testing.T, snap []byte, v any, path ...any) []byte {
	t.Helper()
	var doc any
	require.NoError(t, json.Unmarshal(snap, &doc))
	require.True(t, set(&doc, path, v), "no value at %v", path)
	b, err := json.Marshal(doc)
	require.NoError(t, err)
	return b
}

// set replaces the value at path in *at; it reports false when path
// does not lead through objects and arrays.
func set(at *any, path []any, v any) bool {
	if len(path) == 0 {
		*at = v
		return true
	}
	switch k := path[0].(type) {
	case string:
		m, ok := (*at).(map[string]any)
		if !ok {
			return false
		}
		e := m[k]
		ok = set(&e, path[1:], v)
		m[k] = e
		return ok
	case int:
		a, ok := (*at).([]any)
		return ok && k < len(a) && set(&a[k], path[1:], v)
	}
	return false
}

// canSet reports whether set(&at, path, v) would succeed, changing nothing.
func canSet(at any, path []any) bool {
	if len(path) == 0 {
		return true
	}
	switch k := path[0].(type) {
	case string:
		m, ok := at.(map[string]any)
		return ok && canSet(m[k], path[1:])
	case int:
		a, ok := at.([]any)
		return ok && k < len(a) && canSet(a[k], path[1:])
	}
	return false
}

// cloneJSON copies a tree of encoding/json values (objects and arrays
// deeply; other values are immutable).
func cloneJSON(v any) any {
	switch x := v.(type) {
	case map[string]any:
		m := make(map[string]any, len(x))
		for k, e := range x {
			m[k] = cloneJSON(e)
		}
		return m
	case []any:
		a := make([]any, len(x))
		for i, e := range x {
			a[i] = cloneJSON(e)
		}
		return a
	}
	return v
}

// restore builds a fake from snap, turning a panic into a test failure.
func restore(t *testing.T, snap []byte) (s *Server, err error) {
	t.Helper()
	defer func() {
		if p := recover(); p != nil {
			t.Errorf("restoring panicked: %v\nsnapshot: %.400s", p, snap)
			err = fmt.Errorf("panicked: %v", p)
		}
	}()
	cfg := defaultConfig()
	cfg.clock = NewClock(testStart)
	cfg.snapshot = bytes.NewReader(snap)
	return newServer(cfg)
}

// TestForgedSnapshotsAreRefused: each forgery of a value the controls
// refuse is refused at restore, with an error naming what is wrong.
func TestForgedSnapshotsAreRefused(t *testing.T) {
	t.Parallel() // a fake (or snapshots) of its own: runs beside the package's other parallel tests
	snap, id := baseSnapshot(t)
	_, err := restore(t, snap)
	require.NoError(t, err, "the untouched snapshot restores")
	fault := func(k string, v any) []byte { return forge(t, snap, v, "faults", 0, k) }
	cases := []struct {
		name string
		snap []byte
		want string
	}{
		{"latency of 9e18 ns", forge(t, snap, []any{0, 9e18}, "latency"), "latency"},
		{"negative latency", forge(t, snap, []any{-1, 0}, "latency"), "latency"},
		{"least latency above most", forge(t, snap, []any{2e9, 1e9}, "latency"), "latency"},
		{"fault status 99999", fault("status", 99999), "status 99999"},
		{"fault status 200", fault("status", 200), "status 200"},
		{"fault latency_ms that overflows nanoseconds", fault("latency_ms", 9.2e15), "latency"},
		{"fault latency_ms of a day", fault("latency_ms", 86_400_000), "latency"},
		{"fault retry_after_seconds that overflows", fault("retry_after_seconds", 9.2e15), "faults[0]"},
		{"fault count -5", fault("count", -5), "count"},
		{"fault probability 7", fault("probability", 7), "probability"},
		{"fault doing nothing", forge(t, snap, []any{map[string]any{"count": 1}}, "faults"), "does nothing"},
		{"negative credits", forge(t, snap, -1, "accounts", "second-key-123456", "credits"), "negative"},
		{"negative usage", forge(t, snap, -7, "accounts", "second-key-123456", "used"), "negative"},
		{"empty API key", forge(t, snap, map[string]any{"credits": 5}, "accounts", ""), "empty API key"},
		{"clock in year 1", forge(t, snap, "0001-01-01T00:00:00Z", "clock", "now"), "clock"},
		{"clock in year 9999", forge(t, snap, "9999-12-31T00:00:00Z", "clock", "now"), "clock"},
		{"wall clock offset of 292 years", forge(t, snap, map[string]any{"manual": false, "offset": 9e18}, "clock"), "offset"},
		{"a trillion generated companies", forge(t, snap, 1e12, "register", "generated"), "generated"},
		{"unknown transparency outcome", forge(t, snap, "explode", "transparency", "outcomes", id), "outcome"},
		{"curated company with an unknown status", forge(t, snap, "bogus", "register", "curated", 0, "status"), "status"},
		{"curated company whose id disagrees with its register", forge(t, snap, "HRB 1", "register", "curated", 0, "register", "register_number"), "register_number"},
		{"owners adding up to 300 %", forge(t, snap, []any{map[string]any{"id": "x", "date": "2020-01-01T00:00:00Z", "owners": []any{
			map[string]any{"name": "A", "type": "natural_person", "relation_type": "shareholder", "nominal_share": 1, "percentage_share": 150},
			map[string]any{"name": "B", "type": "natural_person", "relation_type": "shareholder", "nominal_share": 1, "percentage_share": 150},
		}}}, "register", "owners", id), "100"},
		{"owners of a company not in the register", forge(t, snap, []any{}, "register", "owners", "DE-HRB-X9999-1"), "not in the register"},
		{"financials of a company not in the register", forge(t, snap, map[string]any{"indicators": []any{}, "reports": []any{}}, "register", "financials", "DE-HRB-X9999-1"), "not in the register"},
		{"proceeding with an id that is no UUID", forge(t, snap, map[string]any{"id": "nope", "current_status": "opened"}, "register", "proceedings", "nope"), "UUID"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			_, err := restore(t, tc.snap)
			require.Error(t, err, "a forged snapshot must be refused")
			assert.Contains(t, err.Error(), tc.want)
			assert.Contains(t, err.Error(), "snapshot")
		})
	}
}

// hostileValues are what the generator puts at a random place of a
// snapshot: extremes of every JSON kind.
var hostileValues = []any{
	9e18, -9e18, 9.2e15, -1, 0, 99999, 1e308, 0.5, "", strings.Repeat("x", 5000), "0001-01-01T00:00:00Z",
	"9999-12-31T23:59:59Z", "not-a-value", true, nil, []any{}, map[string]any{},
}

// leaves lists the paths of every value of doc.
func leaves(doc any, path []any, out *[][]any) {
	*out = append(*out, slices.Clone(path))
	switch x := doc.(type) {
	case map[string]any:
		for k, v := range x {
			leaves(v, append(path, k), out)
		}
	case []any:
		for i, v := range x {
			leaves(v, append(path, i), out)
		}
	}
}

// TestRandomlyForgedSnapshotsNeverHangOrPanic: 200 snapshots, each with
// one to three values replaced at random (seeded), are either refused or
// restored into a fake whose calls never wait more than a minute, never
// panic and answer with a real HTTP status.
func TestRandomlyForgedSnapshotsNeverHangOrPanic(t *testing.T) {
	t.Parallel() // one of the package's longest; each forgery is a fake of its own
	snap, id := baseSnapshot(t)
	var doc any
	require.NoError(t, json.Unmarshal(snap, &doc))
	orig, err := parseRawTree(snap)
	require.NoError(t, err)
	var paths [][]any
	leaves(doc, nil, &paths)
	// Favour the state the controls set: those paths are where a hang or
	// a panic hides; the register's thousands of leaves get the rest.
	var hot [][]any
	for _, p := range paths {
		if len(p) > 0 && slices.Contains([]any{"faults", "latency", "clock", "accounts", "random", "signing_key", "requests"}, p[0]) {
			hot = append(hot, p)
		}
	}
	seed := uint64(time.Now().UnixNano())
	if v, err := strconv.ParseUint(os.Getenv("FORGE_SEED"), 10, 64); err == nil {
		seed = v
	}
	t.Logf("seed %d (FORGE_SEED=%d repeats the forgeries)", seed, seed)
	rnd := rand.New(rand.NewPCG(seed, 29))
	n := 200
	if testing.Short() {
		n = 40
	}
	refused := 0
	for i := range n {
		// The snapshot is parsed once: each forgery edits a copy of its
		// tree, and is written once, with all its replacements, copying
		// the bytes of what it left alone (spliced).
		forgedDoc := cloneJSON(doc)
		var what []string
		var marks changed // the paths set, which spliced re-encodes
		for range 1 + rnd.IntN(3) {
			pool := paths
			if rnd.IntN(3) > 0 {
				pool = hot
			}
			p := pool[rnd.IntN(len(pool))]
			v := hostileValues[rnd.IntN(len(hostileValues))]
			if !canSet(forgedDoc, p) {
				continue // an earlier forgery replaced a parent of p
			}
			require.True(t, set(&forgedDoc, p, cloneJSON(v)))
			marks.mark(p)
			short := fmt.Sprint(v)
			what = append(what, fmt.Sprintf("%v=%s", p, short[:min(len(short), 30)]))
		}
		forged := snap
		if len(what) > 0 {
			b, err := spliced(forgedDoc, orig, &marks)
			require.NoError(t, err)
			forged = b
		}
		desc := fmt.Sprintf("forgery %d: %s", i, strings.Join(what, ", "))
		done := make(chan bool, 1)
		go func() {
			s, err := restore(t, forged)
			if err == nil {
				serveForged(t, s, id, desc)
			}
			done <- err != nil
		}()
		select {
		case wasRefused := <-done:
			if wasRefused {
				refused++
			}
		case <-time.After(5 * time.Minute): // generous: the machine may be loaded; a hang never ends
			t.Fatalf("%s: restoring and serving it did not end within five minutes", desc)
		}
	}
	t.Logf("%d of %d forged snapshots refused, the others served", refused, n)
}

// serveForged calls a restored fake the way a client does and checks
// every wait, every status and that nothing panics.
func serveForged(t *testing.T, s *Server, id, what string) {
	t.Helper()
	defer s.shutdown(func() {}) // not listening: only the extensions' clean-up
	s.sleeper = func(_ context.Context, d time.Duration) bool {
		if d < 0 || d > time.Minute {
			t.Errorf("%s: a call waits %v", what, d)
		}
		return true
	}
	h := s.Handler()
	for _, path := range []string{"/v1/company/" + id, "/v1/company/" + id, "/v1/company/" + id + "/owners", "/_fake/faults", "/_fake/credits", "/_fake/clock", "/_fake/snapshot"} {
		func() {
			defer func() {
				if p := recover(); p != nil {
					t.Errorf("%s: GET %s panicked: %v", what, path, p)
				}
			}()
			req := httptest.NewRequest(http.MethodGet, path, nil)
			req.Header.Set("Authorization", "Bearer "+s.APIKey)
			rec := httptest.NewRecorder()
			h.ServeHTTP(rec, req)
			if rec.Code < 100 || rec.Code > 599 {
				t.Errorf("%s: GET %s answered %d", what, path, rec.Code)
			}
		}()
	}
}
