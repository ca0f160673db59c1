package webhook

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// delivery builds a POST signed like the service signs it.
func delivery(id string, ts time.Time, body []byte) *http.Request {
	r := httptest.NewRequest(http.MethodPost, "/webhooks/registerdata", bytes.NewReader(body))
	for k, vs := range signedHeader(testKey, id, ts, body) {
		r.Header[k] = vs
	}
	return r
}

func serve(h http.Handler, r *http.Request) *httptest.ResponseRecorder {
	w := httptest.NewRecorder()
	h.ServeHTTP(w, r)
	return w
}

// callback records the events it receives and fails while failures > 0.
type callback struct {
	mu       sync.Mutex
	events   []*Event
	failures int
}

func (c *callback) fn(_ context.Context, ev *Event) error {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.events = append(c.events, ev)
	if c.failures > 0 {
		c.failures--
		return errors.New("database unavailable")
	}
	return nil
}

func (c *callback) calls() int {
	c.mu.Lock()
	defer c.mu.Unlock()
	return len(c.events)
}

func TestHandlerDeliversVerifiedEvent(t *testing.T) {
	cb := &callback{}
	h := Handler(newTestVerifier(t, newTestClock()), cb.fn)
	w := serve(h, delivery("msg_1", testNow, testBody))
	require.Equal(t, http.StatusNoContent, w.Code, w.Body.String())
	require.Equal(t, 1, cb.calls())
	assert.Equal(t, "msg_1", cb.events[0].ID)
	assert.Equal(t, "DE-HRB-F1103-267645", cb.events[0].EntityID)
	assert.Equal(t, string(testBody), string(cb.events[0].Raw))
}

func TestHandlerRejectsWithoutCallingBack(t *testing.T) {
	tampered := delivery("msg_1", testNow, testBody)
	tampered.Body = io.NopCloser(strings.NewReader(strings.Replace(string(testBody), "Muster AG", "Muster SE", 1)))
	unsigned := delivery("msg_1", testNow, testBody)
	unsigned.Header.Del("webhook-signature")
	stale := delivery("msg_1", testNow.Add(-DefaultTolerance-time.Second), testBody)
	future := delivery("msg_1", testNow.Add(DefaultTolerance+time.Second), testBody)
	notJSON := delivery("msg_1", testNow, []byte(`["not an object"]`))
	get := delivery("msg_1", testNow, testBody)
	get.Method = http.MethodGet

	tests := []struct {
		name   string
		r      *http.Request
		status int
		reason string
	}{
		{"tampered body", tampered, http.StatusUnauthorized, "no matching signature"},
		{"missing signature", unsigned, http.StatusUnauthorized, "missing signature headers"},
		{"stale timestamp", stale, http.StatusUnauthorized, "timestamp too old"},
		{"future timestamp", future, http.StatusUnauthorized, "timestamp too new"},
		{"signed non-object", notJSON, http.StatusBadRequest, "invalid payload"},
		{"GET", get, http.StatusMethodNotAllowed, "POST"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			cb := &callback{}
			w := serve(Handler(newTestVerifier(t, newTestClock()), cb.fn), tt.r)
			assert.Equal(t, tt.status, w.Code)
			assert.Contains(t, w.Body.String(), tt.reason)
			assert.NotContains(t, w.Body.String(), strings.TrimPrefix(testSecret, "whsec_"))
			assert.Equal(t, 0, cb.calls())
		})
	}
}

func TestHandlerMethodNotAllowedSetsAllow(t *testing.T) {
	r := httptest.NewRequest(http.MethodPut, "/", nil)
	w := serve(Handler(newTestVerifier(t, newTestClock()), (&callback{}).fn), r)
	assert.Equal(t, http.StatusMethodNotAllowed, w.Code)
	assert.Equal(t, http.MethodPost, w.Header().Get("Allow"))
}

// countingReader serves an endless body and counts what was read.
type countingReader struct{ n atomic.Int64 }

func (c *countingReader) Read(p []byte) (int, error) {
	for i := range p {
		p[i] = 'x'
	}
	c.n.Add(int64(len(p)))
	return len(p), nil
}

func TestHandlerRefusesOversizedBody(t *testing.T) {
	const limit = 4 << 10
	v := newTestVerifier(t, newTestClock(), WithMaxBodyBytes(limit))

	t.Run("declared length", func(t *testing.T) {
		cb, body := &callback{}, &countingReader{}
		r := delivery("msg_1", testNow, testBody)
		r.Body, r.ContentLength = io.NopCloser(body), 10<<20
		w := serve(Handler(v, cb.fn), r)
		assert.Equal(t, http.StatusRequestEntityTooLarge, w.Code)
		assert.Contains(t, w.Body.String(), "4096 bytes")
		assert.Zero(t, body.n.Load(), "nothing read when the length is declared")
		assert.Equal(t, 0, cb.calls())
	})
	t.Run("chunked", func(t *testing.T) {
		cb, body := &callback{}, &countingReader{}
		r := delivery("msg_1", testNow, testBody)
		r.Body, r.ContentLength = io.NopCloser(body), -1
		w := serve(Handler(v, cb.fn), r)
		assert.Equal(t, http.StatusRequestEntityTooLarge, w.Code)
		assert.Less(t, body.n.Load(), int64(limit+64<<10), "reading stops near the limit")
		assert.Equal(t, 0, cb.calls())
	})
	t.Run("exactly the limit", func(t *testing.T) {
		cb := &callback{}
		body := append([]byte(`{"pad":"`), bytes.Repeat([]byte{'x'}, limit-10)...)
		body = append(body, `"}`...)
		require.Len(t, body, limit)
		w := serve(Handler(v, cb.fn), delivery("msg_1", testNow, body))
		assert.Equal(t, http.StatusNoContent, w.Code, w.Body.String())
		assert.Equal(t, 1, cb.calls())
	})
}

func TestHandlerDeduplicatesReplays(t *testing.T) {
	clock := newTestClock()
	cb := &callback{}
	h := Handler(newTestVerifier(t, clock), cb.fn)
	for range 3 {
		assert.Equal(t, http.StatusNoContent, serve(h, delivery("msg_1", testNow, testBody)).Code)
	}
	clock.Advance(time.Minute)
	assert.Equal(t, http.StatusNoContent, serve(h, delivery("msg_1", clock.Now(), testBody)).Code, "a redelivery re-signed later")
	assert.Equal(t, 1, cb.calls())
	assert.Equal(t, http.StatusNoContent, serve(h, delivery("msg_2", clock.Now(), testBody)).Code)
	assert.Equal(t, 2, cb.calls(), "another id is another event")
}

func TestHandlerRedeliversAfterFailure(t *testing.T) {
	clock := newTestClock()
	cb := &callback{failures: 1}
	h := Handler(newTestVerifier(t, clock), cb.fn)

	w := serve(h, delivery("msg_1", clock.Now(), testBody))
	assert.Equal(t, http.StatusInternalServerError, w.Code)
	assert.NotContains(t, w.Body.String(), "database", "callback errors stay private")
	clock.Advance(5 * time.Second)
	assert.Equal(t, http.StatusNoContent, serve(h, delivery("msg_1", clock.Now(), testBody)).Code)
	clock.Advance(5 * time.Minute)
	assert.Equal(t, http.StatusNoContent, serve(h, delivery("msg_1", clock.Now(), testBody)).Code)
	assert.Equal(t, 2, cb.calls(), "failed once, succeeded once, then de-duplicated")
}

func TestHandlerForgetsIDsAfterExpiry(t *testing.T) {
	clock := newTestClock()
	cb := &callback{}
	h := Handler(newTestVerifier(t, clock), cb.fn)
	require.Equal(t, http.StatusNoContent, serve(h, delivery("msg_1", clock.Now(), testBody)).Code)
	clock.Advance(2*DefaultTolerance - time.Second)
	require.Equal(t, http.StatusNoContent, serve(h, delivery("msg_1", clock.Now(), testBody)).Code)
	assert.Equal(t, 1, cb.calls(), "still remembered just before twice the tolerance")
	clock.Advance(time.Second)
	require.Equal(t, http.StatusNoContent, serve(h, delivery("msg_1", clock.Now(), testBody)).Code)
	assert.Equal(t, 2, cb.calls(), "forgotten at twice the tolerance")
}

func TestHandlerConcurrentSameID(t *testing.T) {
	started, finish := make(chan struct{}), make(chan struct{})
	var calls atomic.Int32
	fn := func(context.Context, *Event) error {
		calls.Add(1)
		close(started)
		<-finish
		return nil
	}
	h := Handler(newTestVerifier(t, newTestClock()), fn)

	first := make(chan int)
	go func() { first <- serve(h, delivery("msg_1", testNow, testBody)).Code }()
	<-started
	w := serve(h, delivery("msg_1", testNow, testBody))
	assert.Equal(t, http.StatusConflict, w.Code, "the same id while the first is running")
	close(finish)
	assert.Equal(t, http.StatusNoContent, <-first)
	assert.Equal(t, http.StatusNoContent, serve(h, delivery("msg_1", testNow, testBody)).Code)
	assert.Equal(t, int32(1), calls.Load())
}

func TestHandlerReleasesClaimWhenCallbackPanics(t *testing.T) {
	var calls int
	fn := func(context.Context, *Event) error {
		calls++
		if calls == 1 {
			panic("callback bug")
		}
		return nil
	}
	h := Handler(newTestVerifier(t, newTestClock()), fn)
	require.Panics(t, func() { serve(h, delivery("msg_1", testNow, testBody)) })
	assert.Equal(t, http.StatusNoContent, serve(h, delivery("msg_1", testNow, testBody)).Code)
	assert.Equal(t, 2, calls)
}

// failingDeduper is a store that is down.
type failingDeduper struct{}

func (failingDeduper) Claim(context.Context, string, time.Time) (ClaimResult, error) {
	return 0, errors.New("connection refused")
}
func (failingDeduper) Release(context.Context, string, bool, time.Time) error { return nil }

func TestHandlerStoreFailureIsRetryable(t *testing.T) {
	cb := &callback{}
	h := Handler(newTestVerifier(t, newTestClock(), WithDeduper(failingDeduper{})), cb.fn)
	w := serve(h, delivery("msg_1", testNow, testBody))
	assert.Equal(t, http.StatusServiceUnavailable, w.Code)
	assert.NotContains(t, w.Body.String(), "connection refused")
	assert.Equal(t, 0, cb.calls())
}

func TestHandlerNilArguments(t *testing.T) {
	v := newTestVerifier(t, newTestClock())
	for name, h := range map[string]http.Handler{
		"nil verifier": Handler(nil, (&callback{}).fn),
		"nil callback": Handler(v, nil),
	} {
		assert.Equal(t, http.StatusInternalServerError, serve(h, delivery("msg_1", testNow, testBody)).Code, name)
	}
}

func TestHandlerOverHTTP(t *testing.T) {
	cb := &callback{}
	srv := httptest.NewServer(Handler(newTestVerifier(t, newTestClock(), WithMaxBodyBytes(1<<10)), cb.fn))
	defer srv.Close()

	send := func(body []byte) int {
		req, err := http.NewRequest(http.MethodPost, srv.URL, bytes.NewReader(body))
		require.NoError(t, err)
		for k, vs := range signedHeader(testKey, "msg_http", testNow, body) {
			req.Header[k] = vs
		}
		resp, err := srv.Client().Do(req)
		require.NoError(t, err)
		defer resp.Body.Close()
		return resp.StatusCode
	}
	assert.Equal(t, http.StatusRequestEntityTooLarge, send(bytes.Repeat([]byte{' '}, 2<<10)))
	assert.Equal(t, http.StatusNoContent, send(testBody))
	assert.Equal(t, 1, cb.calls())
}

func TestHandlerRetryLaterAnswers503WithRetryAfter(t *testing.T) {
	down := errors.New("database unavailable")
	for _, tc := range []struct {
		name       string
		err        error
		retryAfter string
	}{
		{"whole seconds", &RetryLater{After: 10 * time.Second, Err: down}, "10"},
		{"rounded up", &RetryLater{After: 1500 * time.Millisecond, Err: down}, "2"},
		{"wrapped", fmt.Errorf("recording msg_1: %w", &RetryLater{After: time.Second, Err: down}), "1"},
		{"no wait given", &RetryLater{Err: down}, ""},
		{"no cause", &RetryLater{After: time.Minute}, "60"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			fail := true
			var calls int
			var seen Outcome
			h := Handler(newTestVerifier(t, newTestClock()), func(context.Context, *Event) error {
				calls++
				if fail {
					return tc.err
				}
				return nil
			}, WithObserver(func(_ *http.Request, o Outcome) { seen = o }))
			w := serve(h, delivery("msg_1", testNow, testBody))
			assert.Equal(t, http.StatusServiceUnavailable, w.Code)
			assert.Equal(t, tc.retryAfter, w.Header().Get("Retry-After"))
			assert.NotContains(t, w.Body.String(), "database", "the cause stays in the process")
			assert.True(t, seen.CallbackFailed)
			assert.ErrorIs(t, seen.Err, tc.err, "the observer sees the callback's error")
			var rl *RetryLater
			assert.ErrorAs(t, seen.Err, &rl)

			fail = false
			assert.Equal(t, http.StatusNoContent, serve(h, delivery("msg_1", testNow, testBody)).Code, "the id was forgotten: the redelivery reaches the callback")
			assert.Equal(t, 2, calls)
		})
	}
}

func TestRetryLaterUnwrapsItsCause(t *testing.T) {
	down := errors.New("connection refused")
	err := fmt.Errorf("recording: %w", &RetryLater{After: time.Second, Err: down})
	assert.ErrorIs(t, err, down)
	var rl *RetryLater
	require.ErrorAs(t, err, &rl)
	assert.Equal(t, time.Second, rl.After)
	assert.Equal(t, "recording: webhook: retry the delivery later: connection refused", err.Error())
	assert.Equal(t, "webhook: retry the delivery later", (&RetryLater{}).Error())
	assert.Nil(t, (&RetryLater{}).Unwrap())
}

func TestHandlerOtherErrorsStay500WithoutRetryAfter(t *testing.T) {
	h := Handler(newTestVerifier(t, newTestClock()), func(context.Context, *Event) error { return errors.New("bug") })
	w := serve(h, delivery("msg_1", testNow, testBody))
	assert.Equal(t, http.StatusInternalServerError, w.Code)
	assert.Empty(t, w.Header().Get("Retry-After"))
}
