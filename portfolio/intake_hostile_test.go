package portfolio_test

import (
	"context"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/registerdata/registerdata-go/portfolio"
	"github.com/registerdata/registerdata-go/webhook"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestForgedAndReplayedDeliveriesChangeNothing(t *testing.T) {
	engines(t, func(t *testing.T, dsn string) {
		ctx := context.Background()
		_, c, clk := newFake(t)
		p := open(t, dsn, c, clk)
		importAll(t, p, hardRows()[:1], portfolio.ImportOptions{})
		v, err := webhook.NewVerifier(secret)
		require.NoError(t, err)
		hs := httptest.NewServer(p.Handler(v))
		defer hs.Close()
		body, err := json.Marshal(map[string]any{"type": "monitor.change", "entity_type": "company", "entity_id": nordlicht, "categories": []string{"basic"}})
		require.NoError(t, err)

		// Forged: another secret, a tampered body, an old timestamp.
		forged, err := webhook.SignedHeaders("whsec_"+strings.Repeat("QUFB", 8), "msg_forged", time.Now(), body)
		require.NoError(t, err)
		assert.Equal(t, http.StatusUnauthorized, send(t, hs.URL, forged, body))
		good, err := webhook.SignedHeaders(secret, "msg_1", time.Now(), body)
		require.NoError(t, err)
		assert.Equal(t, http.StatusUnauthorized, send(t, hs.URL, good, append([]byte(nil), strings.Replace(string(body), "basic", "owner", 1)...)))
		old, err := webhook.SignedHeaders(secret, "msg_old", time.Now().Add(-time.Hour), body)
		require.NoError(t, err)
		assert.Equal(t, http.StatusUnauthorized, send(t, hs.URL, old, body))
		n, err := p.Drain(ctx)
		require.NoError(t, err)
		assert.Zero(t, n, "nothing was enqueued")

		// Genuine, then replayed: one job, one journal entry. The replay
		// goes to the same receiver and to another one on the same
		// database (another process: a fresh portfolio and verifier,
		// whose memory has never seen the id), so it is the database
		// that recognises the id.
		assert.Equal(t, http.StatusNoContent, send(t, hs.URL, good, body))
		n, err = p.Drain(ctx)
		require.NoError(t, err)
		assert.Equal(t, 1, n)
		other := open(t, dsn, c, clk)
		v2, err := webhook.NewVerifier(secret)
		require.NoError(t, err)
		hs2 := httptest.NewServer(other.Handler(v2))
		defer hs2.Close()
		for _, url := range []string{hs.URL, hs2.URL} {
			again, err := webhook.SignedHeaders(secret, "msg_1", time.Now(), body)
			require.NoError(t, err)
			assert.Equal(t, http.StatusNoContent, send(t, url, again, body))
		}
		n, err = other.Drain(ctx)
		require.NoError(t, err)
		assert.Zero(t, n, "a replay enqueues no job")
		k := 0
		for e, err := range p.Events(ctx, 0) {
			require.NoError(t, err)
			if e.EventID == "msg_1" {
				k++
			}
		}
		assert.Equal(t, 1, k)
	})
}

func send(t *testing.T, url string, h http.Header, body []byte) int {
	t.Helper()
	req, err := http.NewRequest(http.MethodPost, url, strings.NewReader(string(body)))
	require.NoError(t, err)
	req.Header = h
	resp, err := http.DefaultClient.Do(req)
	require.NoError(t, err)
	resp.Body.Close()
	return resp.StatusCode
}
