package webhook

import (
	"bytes"
	"context"
	"errors"
	"net/http"
	"net/http/httptest"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestObserverSeesEveryOutcome(t *testing.T) {
	clk := newTestClock()
	v, err := NewVerifier(testSecret, WithClock(clk.Now), WithMaxBodyBytes(4096))
	require.NoError(t, err)
	failing := errors.New("database down")
	fail := true
	var seen []Outcome
	h := Handler(v, func(ctx context.Context, ev *Event) error {
		if fail {
			return failing
		}
		return nil
	}, WithObserver(func(r *http.Request, o Outcome) { seen = append(seen, o) }))

	send := func(method string, header http.Header, body []byte) int {
		req := httptest.NewRequest(method, "/hook", bytes.NewReader(body))
		for k, vs := range header {
			req.Header[k] = vs
		}
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, req)
		return rec.Code
	}
	good := signedHeader(testKey, "msg_1", clk.Now(), testBody)
	forged := signedHeader([]byte("another-key-of-32-bytes-length!!"), "msg_1", clk.Now(), testBody)

	assert.Equal(t, 405, send(http.MethodGet, good, nil))
	assert.Equal(t, 401, send(http.MethodPost, http.Header{}, testBody))
	assert.Equal(t, 401, send(http.MethodPost, forged, testBody))
	assert.Equal(t, 413, send(http.MethodPost, good, bytes.Repeat([]byte("x"), 5000)))
	assert.Equal(t, 500, send(http.MethodPost, good, testBody))
	fail = false
	assert.Equal(t, 204, send(http.MethodPost, good, testBody))
	assert.Equal(t, 204, send(http.MethodPost, good, testBody))

	require.Len(t, seen, 7, "every request is observed once")
	assert.Equal(t, 405, seen[0].Status)
	assert.ErrorIs(t, seen[1].Err, ErrMissingHeaders)
	assert.ErrorIs(t, seen[2].Err, ErrNoMatchingSignature)
	assert.Nil(t, seen[2].Event, "a forged delivery yields no event")
	assert.ErrorIs(t, seen[3].Err, ErrBodyTooLarge)
	assert.ErrorIs(t, seen[4].Err, failing, "the callback's error is observed")
	assert.True(t, seen[4].CallbackFailed)
	assert.Equal(t, "msg_1", seen[4].Event.ID)
	assert.NotContains(t, seen[4].Reason, "database", "the answer does not leak the callback's error")
	assert.Equal(t, Outcome{Status: 204, Event: seen[5].Event}, seen[5])
	assert.True(t, seen[6].Duplicate)
	for _, o := range seen[:5] {
		assert.NotEmpty(t, o.Reason, "every rejection says why")
	}
}
