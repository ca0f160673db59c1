package portfolio_test

import (
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	registerdata "github.com/registerdata/registerdata-go"
	"github.com/registerdata/registerdata-go/portfolio"
	"github.com/registerdata/registerdata-go/webhook"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestImportHostileRowsFailAloneAndLoseNothing(t *testing.T) {
	engines(t, func(t *testing.T, dsn string) {
		_, c, clk := newFake(t)
		p := open(t, dsn, c, clk)
		tags := make([]string, portfolio.MaxTags+1)
		for i := range tags {
			tags[i] = "t"
		}
		rows := []portfolio.Row{
			{Ref: "ok-1", CompanyID: nordlicht},
			{Ref: "formula", Query: registerdata.MatchQuery{Name: `=HYPERLINK("http://evil.example","x")`, City: "+cmd|' /C calc'!A0"}},
			{Ref: "huge", Query: registerdata.MatchQuery{Name: strings.Repeat("A", 100_000)}},
			{Ref: "bad\xffutf8", CompanyID: nordlicht},
			{Ref: strings.Repeat("r", portfolio.MaxRefLength+1), CompanyID: nordlicht},
			{Ref: "tags", CompanyID: nordlicht, Tags: tags},
			{Ref: "path", CompanyID: "../../v1/monitor"},
			{Ref: "empty"},
			{Ref: "ok-2", Query: registerdata.MatchQuery{Name: "Löwenherz Bau GmbH", City: "Berlin"}},
		}
		rs := importAll(t, p, rows, portfolio.ImportOptions{})
		require.Len(t, rs, len(rows))
		assert.Equal(t, portfolio.Matched, rs[0].Status)
		assert.NotEqual(t, portfolio.Failed, rs[1].Status, "formula text is a name like any other, stored inert")
		for i := 2; i <= 7; i++ {
			assert.Equal(t, portfolio.Failed, rs[i].Status, rows[i].Ref)
			assert.ErrorIs(t, rs[i].Err, portfolio.ErrInvalidRow, rows[i].Ref)
			assert.Less(t, len(rs[i].Err.Error()), 400, "the error quotes no huge field")
		}
		assert.Equal(t, portfolio.Matched, rs[8].Status, "rows after bad ones are imported")
		var refs []string
		for e, err := range p.Entries(context.Background()) {
			require.NoError(t, err)
			refs = append(refs, e.Ref)
		}
		assert.Equal(t, []string{"formula", "ok-1", "ok-2"}, refs)

		// An input that fails half-way stops the import with its error;
		// what came before is kept.
		broken := func(yield func(portfolio.Row, error) bool) {
			_ = yield(portfolio.Row{Ref: "ok-3", CompanyID: nordlicht}, nil) && yield(portfolio.Row{}, errors.New("line 2: bad quoting"))
		}
		var stop error
		for _, err := range p.Import(context.Background(), broken, portfolio.ImportOptions{}) {
			stop = err
		}
		assert.ErrorContains(t, stop, "line 2: bad quoting")
	})
}

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

		// Genuine, then replayed: one job, one journal entry.
		assert.Equal(t, http.StatusNoContent, send(t, hs.URL, good, body))
		n, err = p.Drain(ctx)
		require.NoError(t, err)
		assert.Equal(t, 1, n)
		again, err := webhook.SignedHeaders(secret, "msg_1", time.Now(), body)
		require.NoError(t, err)
		assert.Equal(t, http.StatusNoContent, send(t, hs.URL, again, body))
		n, err = p.Drain(ctx)
		require.NoError(t, err)
		assert.Zero(t, n)
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
