package registerdata_test

import (
	"context"
	"encoding/json"
	"net/http"
	"strings"
	"sync"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	registerdata "github.com/registerdata/registerdata-go"
	"github.com/registerdata/registerdata-go/fake"
	"github.com/registerdata/registerdata-go/internal/requestlog"
)

// generatedQueries are distinct name-and-city queries of the first n
// generated companies of srv.
func generatedQueries(t *testing.T, srv *fake.Server, n int) []registerdata.MatchQuery {
	t.Helper()
	seen := map[registerdata.MatchQuery]bool{}
	var qs []registerdata.MatchQuery
	for _, id := range srv.CompanyIDs()[:n] {
		co, ok := srv.Company(id)
		require.True(t, ok)
		q := registerdata.MatchQuery{Name: co.Name.Name, City: co.Address.City}
		if !seen[q] {
			seen[q] = true
			qs = append(qs, q)
		}
	}
	return qs
}

// TestMatchCompaniesSeqAsksASharedWordOnce matches generated names one by
// one with MatchCompany, then all at once with MatchCompaniesSeq against
// the same fake: every outcome is the same, the walk asks each
// autocomplete text once where the matches alone asked shared words many
// times, and the paid calls and their credits are exactly those of the
// matches alone.
func TestMatchCompaniesSeqAsksASharedWordOnce(t *testing.T) {
	srv := fake.NewServer(fake.WithGenerated(3000), fake.WithCredits(1_000_000))
	t.Cleanup(srv.Close)
	client := func(rt http.RoundTripper) *registerdata.Client {
		c, err := registerdata.NewClient(registerdata.WithAPIKey(srv.APIKey), registerdata.WithBaseURL(srv.URL),
			registerdata.WithHTTPClient(&http.Client{Transport: rt}))
		require.NoError(t, err)
		return c
	}
	qs := generatedQueries(t, srv, 400)
	for _, id := range srv.CompanyIDs()[:20] { // a register reference pays one search
		co, _ := srv.Company(id)
		qs = append(qs, registerdata.MatchQuery{Register: string(co.Register.RegisterType) + " " + co.Register.RegisterNumber + ", " + co.Register.RegisterCourt})
	}
	ctx := context.Background()

	alone := &requestlog.Log{}
	ca := client(alone)
	want := make([]string, len(qs))
	var wantCredits int64
	for i, q := range qs {
		m, err := ca.MatchCompany(ctx, q, nil)
		require.NoError(t, err)
		b, err := json.Marshal(m)
		require.NoError(t, err)
		want[i] = string(b)
		wantCredits += m.Credits
	}
	aloneAsks, aloneTexts := alone.Autocompletes()
	t.Logf("alone: %d asks, %d texts", aloneAsks, aloneTexts)
	require.Greater(t, aloneAsks, aloneTexts+len(qs)/4, "the generated names must share words for this test to mean anything")
	require.Positive(t, wantCredits, "some matches must pay")

	walk := &requestlog.Log{}
	cw := client(walk)
	var info registerdata.ResponseInfo
	for r, err := range cw.MatchCompaniesSeq(ctx, qs, registerdata.BatchOptions{Concurrency: 8}, registerdata.WithResponseInfo(&info)) {
		require.NoError(t, err)
		require.NoError(t, r.Err)
		b, err := json.Marshal(r.Match)
		require.NoError(t, err)
		require.JSONEq(t, want[r.Index], string(b), "query %d %+v", r.Index, r.Query)
	}
	walkAsks, walkTexts := walk.Autocompletes()
	assert.Equal(t, aloneTexts, walkTexts, "the walk asks the texts the matches alone ask")
	assert.Equal(t, walkTexts, walkAsks, "each autocomplete text is asked once in the walk")
	assert.Equal(t, alone.Others(), walk.Others(), "paid calls are asked as often as by the matches alone")
	assert.Equal(t, wantCredits, info.Charged, "and billed alike")
	t.Logf("%d queries: %d autocomplete requests alone, %d in the walk", len(qs), aloneAsks, walkAsks)
}

// countingCache is a memory cache that counts what is stored in it.
type countingCache struct {
	registerdata.Cache
	mu   sync.Mutex
	sets []string
}

func (c *countingCache) Set(ctx context.Context, key string, value []byte) error {
	c.mu.Lock()
	c.sets = append(c.sets, key)
	c.mu.Unlock()
	return c.Cache.Set(ctx, key, value)
}

func (c *countingCache) keys() []string {
	c.mu.Lock()
	defer c.mu.Unlock()
	return append([]string(nil), c.sets...)
}

// TestMatchOptionsSuggestions covers the cache given in
// MatchOptions.Suggestions: two matches of one name ask the autocomplete
// once between them, each gets a record of its own, and a client with a
// cache of its own keeps the answers there instead.
func TestMatchOptionsSuggestions(t *testing.T) {
	q := registerdata.MatchQuery{Name: "Nordlicht Solartechnik GmbH"}
	ctx := context.Background()

	t.Run("shared by the matches given it", func(t *testing.T) {
		srv, _, _ := newFakeClient(t, nil)
		asked := &requestlog.Log{}
		c, err := registerdata.NewClient(registerdata.WithAPIKey(srv.APIKey), registerdata.WithBaseURL(srv.URL),
			registerdata.WithHTTPClient(&http.Client{Transport: asked}))
		require.NoError(t, err)
		sug := &countingCache{Cache: registerdata.NewMemoryCache(16, 0)}
		o := &registerdata.MatchOptions{Suggestions: sug}
		a, err := c.MatchCompany(ctx, q, o)
		require.NoError(t, err)
		asks, texts := asked.Autocompletes()
		require.Positive(t, asks)
		b, err := c.MatchCompany(ctx, q, o)
		require.NoError(t, err)
		again, _ := asked.Autocompletes()
		assert.Equal(t, asks, again, "the second match asks nothing the first one asked")
		assert.Len(t, sug.keys(), texts, "every text asked is kept")
		require.NotNil(t, a.Best)
		require.NotNil(t, b.Best)
		assert.Equal(t, a.Best.CompanyID, b.Best.CompanyID)
		require.NotNil(t, a.Best.Result.Address)
		a.Best.Result.Address.City = "changed"
		assert.NotEqual(t, "changed", b.Best.Result.Address.City, "each match decodes its own copy")

		none, err := c.MatchCompany(ctx, q, nil)
		require.NoError(t, err)
		third, _ := asked.Autocompletes()
		assert.Equal(t, again+asks, third, "a match without Suggestions asks again")
		assert.Equal(t, b.Best.CompanyID, none.Best.CompanyID)
	})

	t.Run("the client's cache comes first", func(t *testing.T) {
		own := &countingCache{Cache: registerdata.NewMemoryCache(64, 0)}
		_, c, _ := newFakeClient(t, nil, registerdata.WithCache(own))
		sug := &countingCache{Cache: registerdata.NewMemoryCache(16, 0)}
		_, err := c.MatchCompany(ctx, q, &registerdata.MatchOptions{Suggestions: sug})
		require.NoError(t, err)
		assert.Empty(t, sug.keys())
		var auto int
		for _, k := range own.keys() {
			if strings.Contains(k, "/autocomplete/company") {
				auto++
			}
		}
		assert.Positive(t, auto, "the client's cache keeps the autocomplete answers")
	})
}

// TestMatchCompaniesSeqCountsMatchesAnsweredByKeptSuggestions matches
// one company written three ways, one at a time: the second and third
// matches ask nothing, and the walk's progress counts them as cached.
func TestMatchCompaniesSeqCountsMatchesAnsweredByKeptSuggestions(t *testing.T) {
	_, c, ct := newFakeClient(t, nil)
	qs := []registerdata.MatchQuery{{Name: "Nordlicht Solartechnik GmbH"}, {Name: "NORDLICHT SOLARTECHNIK GMBH"}, {Name: "Nordlicht Solartechnik"}}
	var last registerdata.BatchProgress
	for r, err := range c.MatchCompaniesSeq(context.Background(), qs, registerdata.BatchOptions{Concurrency: 1, Progress: func(p registerdata.BatchProgress) { last = p }}) {
		require.NoError(t, err)
		require.NoError(t, r.Err)
		require.NotNil(t, r.Match.Best)
		require.Equal(t, "DE-HRB-F1103-267645", r.Match.Best.CompanyID)
	}
	assert.Equal(t, 3, last.Done)
	assert.Equal(t, 2, last.Cached)
	assert.Positive(t, ct.calls.Load())
	assert.Zero(t, last.Charged)
}
