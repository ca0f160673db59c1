package webhook

import (
	"crypto/hmac"
	"crypto/sha256"
	"encoding/base64"
	"net/http"
	"strconv"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
)

// testKey is the HMAC key behind testSecret; testSecret is how the
// dashboard shows it.
var (
	testKey    = []byte("registerdata-webhook-test-key-32")
	testSecret = "whsec_" + base64.StdEncoding.EncodeToString(testKey)
	testNow    = time.Date(2025, 3, 14, 9, 26, 53, 0, time.UTC)
	testBody   = []byte(`{"type":"monitor.change","entity_type":"company","entity_id":"DE-HRB-F1103-267645","categories":["basic"],"detected_at":"2025-03-14T09:00:00Z","changes":[{"category":"basic","path":"name.name","before":"Muster GmbH","after":"Muster AG"}]}`)
)

// refSignature signs independently of the package: one HMAC over the
// concatenated content, as the Standard Webhooks scheme describes it.
func refSignature(key []byte, id, ts string, body []byte) string {
	mac := hmac.New(sha256.New, key)
	mac.Write([]byte(id + "." + ts + "." + string(body)))
	return "v1," + base64.StdEncoding.EncodeToString(mac.Sum(nil))
}

// signedHeader returns webhook-* headers signed with refSignature.
func signedHeader(key []byte, id string, ts time.Time, body []byte) http.Header {
	t := strconv.FormatInt(ts.Unix(), 10)
	h := http.Header{}
	h.Set("webhook-id", id)
	h.Set("webhook-timestamp", t)
	h.Set("webhook-signature", refSignature(key, id, t, body))
	return h
}

// testClock is a settable clock, safe for concurrent use.
type testClock struct {
	mu  sync.Mutex
	now time.Time
}

func newTestClock() *testClock { return &testClock{now: testNow} }

func (c *testClock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.now
}

func (c *testClock) Advance(d time.Duration) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.now = c.now.Add(d)
}

// newTestVerifier returns a verifier for testSecret on clock.
func newTestVerifier(t testing.TB, clock *testClock, opts ...Option) *Verifier {
	t.Helper()
	v, err := NewVerifier(testSecret, append([]Option{WithClock(clock.Now)}, opts...)...)
	require.NoError(t, err)
	return v
}
