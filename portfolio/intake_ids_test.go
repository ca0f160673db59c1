package portfolio_test

import (
	"context"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/registerdata/registerdata-go/webhook"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestADeliveryWhoseWebhookIDIsOver256BytesIsRefused: a webhook id of
// 256 bytes is recorded, one of 257 is not (and not answered 2xx, so
// nothing claims it is recorded): the store keeps ids of at most 256
// bytes.
func TestADeliveryWhoseWebhookIDIsOver256BytesIsRefused(t *testing.T) {
	engines(t, func(t *testing.T, dsn string) {
		ctx := context.Background()
		_, c, clk := newFake(t)
		p := open(t, dsn, c, clk)
		v, err := webhook.NewVerifier(secret)
		require.NoError(t, err)
		hs := httptest.NewServer(p.Handler(v))
		defer hs.Close()
		body, err := json.Marshal(map[string]any{"type": "monitor.change", "entity_type": "company", "entity_id": nordlicht, "categories": []string{"basic"}})
		require.NoError(t, err)

		longest := "msg_" + strings.Repeat("a", 256-len("msg_"))
		tooLong := longest + "b"
		code := post(t, hs.URL, delivery{id: tooLong, body: body})
		assert.False(t, code >= 200 && code < 300, "a 257-byte id is answered %d, not 2xx", code)
		code = post(t, hs.URL, delivery{id: longest, body: body})
		assert.Equal(t, http.StatusNoContent, code, "a 256-byte id is recorded")

		db := rawDB(t, dsn)
		var ids []string
		rows, err := db.Query(`SELECT event_id FROM portfolio_deliveries`)
		require.NoError(t, err)
		defer rows.Close()
		for rows.Next() {
			var id string
			require.NoError(t, rows.Scan(&id))
			ids = append(ids, id)
		}
		require.NoError(t, rows.Err())
		assert.Equal(t, []string{longest}, ids, "only the 256-byte id is recorded")
		n, err := p.Drain(ctx)
		require.NoError(t, err)
		assert.Equal(t, 1, n, "one job, of the recorded delivery")
	})
}
