package portfolio_test

import (
	"context"
	"fmt"
	"net/http"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	registerdata "github.com/registerdata/registerdata-go"
	"github.com/registerdata/registerdata-go/fake"
	"github.com/registerdata/registerdata-go/internal/requestlog"
	"github.com/registerdata/registerdata-go/portfolio"
)

func countingClient(t *testing.T, srv *fake.Server) (*registerdata.Client, *requestlog.Log) {
	t.Helper()
	at := &requestlog.Log{}
	c, err := registerdata.NewClient(registerdata.WithAPIKey(srv.APIKey), registerdata.WithBaseURL(srv.URL),
		registerdata.WithHTTPClient(&http.Client{Transport: at}))
	require.NoError(t, err)
	return c, at
}

// TestImportAsksASharedWordOnceAcrossChunks imports 600 rows by name and
// city (three chunks) whose names share words across chunks: the whole
// import asks each autocomplete text once, where one walk per chunk asks
// the shared ones again, and every row is resolved as those walks resolve
// it.
func TestImportAsksASharedWordOnceAcrossChunks(t *testing.T) {
	engines(t, func(t *testing.T, dsn string) {
		srv, _, clk := newFake(t, fake.WithGenerated(2000))
		rows := nameRowsOf(srv, 600)
		for i := range rows {
			rows[i].Ref = fmt.Sprintf("S%04d", i)
		}

		perChunk, chunkAsked := countingClient(t, srv)
		want := map[string]string{}
		for lo := 0; lo < len(rows); lo += 256 {
			part := rows[lo:min(lo+256, len(rows))]
			qs := make([]registerdata.MatchQuery, len(part))
			for i, r := range part {
				qs[i] = r.Query
			}
			for r, err := range perChunk.MatchCompaniesSeq(context.Background(), qs, registerdata.BatchOptions{Concurrency: 4}) {
				require.NoError(t, err)
				require.NoError(t, r.Err)
				if r.Match.Best != nil {
					want[part[r.Index].Ref] = r.Match.Best.CompanyID
				}
			}
		}
		chunkAsks, texts := chunkAsked.Autocompletes()
		require.Greater(t, chunkAsks, texts+50, "the chunks must share words for this test to mean anything")

		c, asked := countingClient(t, srv)
		p := open(t, dsn, c, clk)
		rs := importAll(t, p, rows, portfolio.ImportOptions{Batch: registerdata.BatchOptions{Concurrency: 4}})
		require.Len(t, rs, len(rows))
		got := map[string]string{}
		for _, r := range rs {
			require.NoError(t, r.Err, r.Row.Ref)
			if r.Status == portfolio.Matched {
				got[r.Row.Ref] = r.CompanyID
			}
		}
		assert.Equal(t, want, got, "the rows are resolved as without the shared answers")
		asks, importTexts := asked.Autocompletes()
		assert.Equal(t, texts, importTexts)
		assert.Equal(t, importTexts, asks, "each autocomplete text is asked once over the import")
	})
}
