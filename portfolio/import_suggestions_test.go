package portfolio_test

import (
	"context"
	"fmt"
	"net/http"
	"strings"
	"sync"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	registerdata "github.com/registerdata/registerdata-go"
	"github.com/registerdata/registerdata-go/fake"
	"github.com/registerdata/registerdata-go/portfolio"
)

// autocompleteTexts counts the autocomplete requests per text.
type autocompleteTexts struct {
	mu    sync.Mutex
	texts map[string]int
}

func (a *autocompleteTexts) RoundTrip(r *http.Request) (*http.Response, error) {
	if strings.HasSuffix(r.URL.Path, "/autocomplete/company") {
		a.mu.Lock()
		a.texts[r.URL.Query().Get("query")]++
		a.mu.Unlock()
	}
	return http.DefaultTransport.RoundTrip(r)
}

func (a *autocompleteTexts) counts() (asks, texts int) {
	a.mu.Lock()
	defer a.mu.Unlock()
	for _, n := range a.texts {
		asks += n
	}
	return asks, len(a.texts)
}

func countingClient(t *testing.T, srv *fake.Server) (*registerdata.Client, *autocompleteTexts) {
	t.Helper()
	at := &autocompleteTexts{texts: map[string]int{}}
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
		chunkAsks, texts := chunkAsked.counts()
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
		asks, importTexts := asked.counts()
		assert.Equal(t, texts, importTexts)
		assert.Equal(t, importTexts, asks, "each autocomplete text is asked once over the import")
	})
}
