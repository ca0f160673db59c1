package main

import (
	"bytes"
	"context"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/registerdata/registerdata-go/webhook"
)

func TestDemoPrintsTheVerifiedEvent(t *testing.T) {
	var out bytes.Buffer
	require.NoError(t, demo(context.Background(), &out))
	s := out.String()
	assert.Contains(t, s, "monitor created: company "+demoCompany+", weekly checks, 25 credits")
	assert.Contains(t, s, "verified event msg_")
	assert.Contains(t, s, "(detected 2025-06-09 09:00:00)")
	assert.Contains(t, s, "monitor.change for company "+demoCompany+": basic\n")
	assert.Contains(t, s, "basic          /status\n      before: \"active\"\n      after:  \"liquidation\"\n")
	assert.Equal(t, 1, strings.Count(s, "verified event"), "delivered once")
}

func TestReceiverRejectsWhatItCannotVerify(t *testing.T) {
	now := time.Unix(1_750_000_000, 0)
	var out bytes.Buffer
	p := &printer{w: &out}
	h, err := newReceiver(demoSecret, p.handle, webhook.WithClock(func() time.Time { return now }))
	require.NoError(t, err)
	body := []byte(`{"type":"monitor.change","entity_type":"company","entity_id":"X","categories":["basic"]}`)

	post := func(body []byte, hdr http.Header) int {
		r := httptest.NewRequest(http.MethodPost, hookPath, bytes.NewReader(body))
		for k, v := range hdr {
			r.Header[k] = v
		}
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, r)
		return rec.Code
	}
	signed, err := webhook.SignedHeaders(demoSecret, "msg_1", now, body)
	require.NoError(t, err)

	assert.Equal(t, http.StatusUnauthorized, post(body, nil), "unsigned")
	assert.Equal(t, http.StatusUnauthorized, post(append([]byte(" "), body...), signed), "tampered body")
	other, err := webhook.SignedHeaders("whsec_b3RoZXItc2VjcmV0LW90aGVyLXNlY3JldA==", "msg_1", now, body)
	require.NoError(t, err)
	assert.Equal(t, http.StatusUnauthorized, post(body, other), "wrong secret")
	assert.Empty(t, out.String(), "nothing unverified reaches the callback")

	assert.Equal(t, http.StatusNoContent, post(body, signed))
	assert.Contains(t, out.String(), "monitor.change for company X: basic")

	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, httptest.NewRequest(http.MethodGet, hookPath, nil))
	assert.NotEqual(t, http.StatusNoContent, rec.Code, "only POST is accepted")
}

func TestServeNeedsASecret(t *testing.T) {
	err := serve(context.Background(), &bytes.Buffer{}, "127.0.0.1:0", "")
	assert.ErrorContains(t, err, envSecret)
}
