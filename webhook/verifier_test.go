package webhook

import (
	"bytes"
	"crypto/hmac"
	"crypto/sha256"
	"encoding/base64"
	"encoding/json"
	"net/http"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/registerdata/registerdata-go/internal/race"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestNewVerifierAcceptsPrefixedAndBareSecret(t *testing.T) {
	h := signedHeader(testKey, "msg_1", testNow, testBody)
	bare := strings.TrimPrefix(testSecret, "whsec_")
	for _, secret := range []string{testSecret, bare, " " + testSecret + "\n"} {
		v, err := NewVerifier(secret, WithClock(func() time.Time { return testNow }))
		require.NoError(t, err, "secret %q", secret)
		assert.NoError(t, v.Verify(h, testBody), "secret %q", secret)
	}
}

func TestNewVerifierRejectsBadSecret(t *testing.T) {
	for _, secret := range []string{"", "whsec_", "   ", "whsec_not*base64!", "c2VjcmV0LXdpdGgtbm8tcGFkZGluZw"} {
		v, err := NewVerifier(secret)
		require.ErrorIs(t, err, ErrInvalidSecret, "secret %q", secret)
		assert.Nil(t, v)
		if s := strings.TrimPrefix(secret, "whsec_"); len(s) > 3 {
			assert.NotContains(t, err.Error(), s, "the error must not echo the secret")
		}
	}
}

func TestNewVerifierRejectsBadOptions(t *testing.T) {
	for name, opt := range map[string]Option{
		"zero tolerance":     WithTolerance(0),
		"negative tolerance": WithTolerance(-time.Second),
		"nil clock":          WithClock(nil),
		"zero body limit":    WithMaxBodyBytes(0),
		"nil deduper":        WithDeduper(nil),
	} {
		_, err := NewVerifier(testSecret, opt)
		assert.ErrorIs(t, err, ErrInvalidOption, name)
	}
}

func TestVerifyAcceptsValidDelivery(t *testing.T) {
	v := newTestVerifier(t, newTestClock())
	require.NoError(t, v.Verify(signedHeader(testKey, "msg_1", testNow, testBody), testBody))
}

func TestVerifyRejects(t *testing.T) {
	ts := strconv.FormatInt(testNow.Unix(), 10)
	good := refSignature(testKey, "msg_1", ts, testBody)
	header := func(id, ts, sig string) http.Header {
		h := http.Header{}
		for k, v := range map[string]string{"webhook-id": id, "webhook-timestamp": ts, "webhook-signature": sig} {
			if v != "" {
				h.Set(k, v)
			}
		}
		return h
	}
	tampered := bytes.Replace(testBody, []byte("Muster AG"), []byte("Muster SE"), 1)
	var decoded any
	require.NoError(t, json.Unmarshal(testBody, &decoded))
	reserialised, err := json.MarshalIndent(decoded, "", " ")
	require.NoError(t, err)
	wrongKey := []byte("another-key-of-thirty-two-bytes!")

	tests := []struct {
		name string
		h    http.Header
		body []byte
		want error
	}{
		{"tampered body", header("msg_1", ts, good), tampered, ErrNoMatchingSignature},
		{"re-serialised body", header("msg_1", ts, good), reserialised, ErrNoMatchingSignature},
		{"wrong secret", header("msg_1", ts, refSignature(wrongKey, "msg_1", ts, testBody)), testBody, ErrNoMatchingSignature},
		{"other id", header("msg_2", ts, good), testBody, ErrNoMatchingSignature},
		{"other version", header("msg_1", ts, "v2,"+strings.TrimPrefix(good, "v1,")), testBody, ErrNoMatchingSignature},
		{"no version", header("msg_1", ts, strings.TrimPrefix(good, "v1,")), testBody, ErrNoMatchingSignature},
		{"truncated signature", header("msg_1", ts, good[:20]), testBody, ErrNoMatchingSignature},
		{"signature of an empty body", header("msg_1", ts, refSignature(testKey, "msg_1", ts, nil)), testBody, ErrNoMatchingSignature},
		{"missing id", header("", ts, good), testBody, ErrMissingHeaders},
		{"blank id", header(" ", ts, good), testBody, ErrMissingHeaders},
		{"missing timestamp", header("msg_1", "", good), testBody, ErrMissingHeaders},
		{"missing signature", header("msg_1", ts, ""), testBody, ErrMissingHeaders},
		{"blank signature", header("msg_1", ts, "   "), testBody, ErrMissingHeaders},
		{"no headers", http.Header{}, testBody, ErrMissingHeaders},
		{"nil headers", nil, testBody, ErrMissingHeaders},
		{"text timestamp", header("msg_1", "yesterday", good), testBody, ErrInvalidTimestamp},
		{"signed timestamp", header("msg_1", "+"+ts, good), testBody, ErrInvalidTimestamp},
		{"negative timestamp", header("msg_1", "-"+ts, good), testBody, ErrInvalidTimestamp},
		{"fractional timestamp", header("msg_1", ts+".5", good), testBody, ErrInvalidTimestamp},
		{"padded timestamp", header("msg_1", " "+ts, good), testBody, ErrInvalidTimestamp},
		{"millisecond timestamp", header("msg_1", ts+"000", good), testBody, ErrTimestampTooNew},
		{"huge timestamp", header("msg_1", "9999999999999999999999", good), testBody, ErrInvalidTimestamp},
	}
	v := newTestVerifier(t, newTestClock())
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			err := v.Verify(tt.h, tt.body)
			require.ErrorIs(t, err, tt.want)
			for _, other := range verificationErrors {
				if other != tt.want {
					assert.NotErrorIs(t, err, other)
				}
			}
		})
	}
}

func TestVerifyMissingHeaderNamesIt(t *testing.T) {
	for _, name := range []string{"webhook-id", "webhook-timestamp", "webhook-signature"} {
		h := signedHeader(testKey, "msg_1", testNow, testBody)
		h.Del(name)
		err := newTestVerifier(t, newTestClock()).Verify(h, testBody)
		require.ErrorIs(t, err, ErrMissingHeaders)
		assert.Contains(t, err.Error(), name+" absent")
	}
}

func TestVerifyTimestampWindow(t *testing.T) {
	clock := newTestClock()
	v := newTestVerifier(t, clock)
	h := signedHeader(testKey, "msg_1", testNow, testBody)

	clock.Advance(DefaultTolerance)
	require.NoError(t, v.Verify(h, testBody), "exactly the tolerance old is accepted")
	clock.Advance(time.Second)
	err := v.Verify(h, testBody)
	require.ErrorIs(t, err, ErrTimestampTooOld)
	assert.Contains(t, err.Error(), "5m1s in the past")

	clock.Advance(-time.Second - 2*DefaultTolerance)
	require.NoError(t, v.Verify(h, testBody), "exactly the tolerance ahead is accepted")
	clock.Advance(-time.Second)
	err = v.Verify(h, testBody)
	require.ErrorIs(t, err, ErrTimestampTooNew)
	assert.Contains(t, err.Error(), "5m1s in the future")
}

func TestVerifyCustomTolerance(t *testing.T) {
	clock := newTestClock()
	v := newTestVerifier(t, clock, WithTolerance(30*time.Second))
	h := signedHeader(testKey, "msg_1", testNow, testBody)
	clock.Advance(30 * time.Second)
	require.NoError(t, v.Verify(h, testBody))
	clock.Advance(time.Second)
	require.ErrorIs(t, v.Verify(h, testBody), ErrTimestampTooOld)
}

func TestVerifySvixHeaders(t *testing.T) {
	std := signedHeader(testKey, "msg_1", testNow, testBody)
	h := http.Header{}
	h.Set("svix-id", std.Get("webhook-id"))
	h.Set("svix-timestamp", std.Get("webhook-timestamp"))
	h.Set("svix-signature", std.Get("webhook-signature"))
	v := newTestVerifier(t, newTestClock())
	require.NoError(t, v.Verify(h, testBody))

	h.Del("svix-timestamp")
	err := v.Verify(h, testBody)
	require.ErrorIs(t, err, ErrMissingHeaders)
	assert.Contains(t, err.Error(), "svix-timestamp absent")
}

func TestVerifyLowerCaseHeaderMap(t *testing.T) {
	std := signedHeader(testKey, "msg_1", testNow, testBody)
	h := http.Header{
		"webhook-id":        {std.Get("webhook-id")},
		"webhook-timestamp": {std.Get("webhook-timestamp")},
		"webhook-signature": {std.Get("webhook-signature")},
	}
	require.NoError(t, newTestVerifier(t, newTestClock()).Verify(h, testBody))
}

func TestVerifySeveralSignatures(t *testing.T) {
	good := signedHeader(testKey, "msg_1", testNow, testBody).Get("webhook-signature")
	other := refSignature([]byte("rotated-out-old-key-thirty-two-b"), "msg_1", strconv.FormatInt(testNow.Unix(), 10), testBody)
	v := newTestVerifier(t, newTestClock())
	for name, sig := range map[string]string{
		"valid last":             other + " " + good,
		"valid first":            good + " " + other,
		"with other versions":    "v2,abc v1a,xyz " + good,
		"double spaces":          "  " + other + "  " + good + "  ",
		"garbage then valid":     "v1,!!!! v1," + strings.Repeat("A", 100) + " " + good,
		"valid in second header": "",
	} {
		h := signedHeader(testKey, "msg_1", testNow, testBody)
		if sig == "" {
			h.Set("webhook-signature", other)
			h.Add("webhook-signature", good)
		} else {
			h.Set("webhook-signature", sig)
		}
		assert.NoError(t, v.Verify(h, testBody), name)
	}
	h := signedHeader(testKey, "msg_1", testNow, testBody)
	h.Set("webhook-signature", other+" v1,"+base64.StdEncoding.EncodeToString(make([]byte, 32)))
	assert.ErrorIs(t, v.Verify(h, testBody), ErrNoMatchingSignature, "no valid signature among several")
}

func TestVerifyOpaqueIDs(t *testing.T) {
	v := newTestVerifier(t, newTestClock())
	for _, id := range []string{"../monitor", "a/b", "msg with spaces", "ünïcödé", strings.Repeat("x", 10000)} {
		assert.NoError(t, v.Verify(signedHeader(testKey, id, testNow, testBody), testBody), "id %.20q", id)
	}
}

func TestVerifyAllocationsIndependentOfBodySize(t *testing.T) {
	if race.Enabled {
		t.Skip("sync.Pool drops items at random under the race detector")
	}
	v := newTestVerifier(t, newTestClock())
	allocs := func(size int) float64 {
		body := bytes.Repeat([]byte{'x'}, size)
		h := signedHeader(testKey, "msg_1", testNow, body)
		require.NoError(t, v.Verify(h, body))
		return testing.AllocsPerRun(100, func() { _ = v.Verify(h, body) })
	}
	small, large := allocs(1<<10), allocs(1<<20)
	assert.Equal(t, small, large, "allocations must not grow with the body")
	assert.LessOrEqual(t, large, 1.0, "a verification reuses pooled state")
}

func TestZeroVerifierIsAnErrorNotAPanic(t *testing.T) {
	h := http.Header{}
	h.Set("webhook-id", "msg_1")
	h.Set("webhook-timestamp", "1700000000")
	h.Set("webhook-signature", "v1,AAAA")
	var zero Verifier
	assert.ErrorIs(t, zero.Verify(h, []byte(`{}`)), ErrInvalidSecret)
	var nilV *Verifier
	_, err := nilV.Parse(h, []byte(`{}`))
	assert.ErrorIs(t, err, ErrInvalidSecret)
}

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
