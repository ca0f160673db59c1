package fake

import (
	"net/http"
	"net/http/httptest"
	"net/url"
	"slices"
	"strings"
	"testing"
)

// BenchmarkAutocompleteNames answers the queries MatchCompany sends for
// the names of a register of 10,000 companies: a name's longest word,
// its two longest words (the answer for these is read from up to
// autocompleteScan companies whose name has the longer one) and the
// whole name. found finds and encodes each answer anew; served asks
// the handler, which keeps recent answers (a batch match asks for the
// same words again and again).
func BenchmarkAutocompleteNames(b *testing.B) {
	srv := NewServer(WithGenerated(10_000))
	defer srv.Close()
	var queries []string
	for _, id := range srv.CompanyIDs()[:512] {
		c, _ := srv.Company(id)
		ws := strings.Fields(c.Name.Name)
		slices.SortStableFunc(ws, func(a, b string) int { return len(b) - len(a) })
		queries = append(queries, ws[0], c.Name.Name)
		if len(ws) > 1 {
			queries = append(queries, ws[0]+" "+ws[1])
		}
	}
	srv.autocomplete("warm") // builds the index outside the timing
	b.Run("found", func(b *testing.B) {
		b.ReportAllocs()
		for i := 0; b.Loop(); i++ {
			_ = appendAutocomplete(nil, srv.autocompleteJoined(queries[i%len(queries)]))
		}
	})
	b.Run("served", func(b *testing.B) {
		h := srv.Handler()
		reqs := make([]*http.Request, len(queries))
		for i, q := range queries {
			reqs[i] = httptest.NewRequest(http.MethodGet, "/v1/autocomplete/company?query="+url.QueryEscape(q), nil)
			reqs[i].Header.Set("Authorization", "Bearer "+srv.APIKey)
		}
		b.ReportAllocs()
		for i := 0; b.Loop(); i++ {
			rec := httptest.NewRecorder()
			h.ServeHTTP(rec, reqs[i%len(reqs)])
			if rec.Code != http.StatusOK {
				b.Fatalf("%q: status %d", queries[i%len(queries)], rec.Code)
			}
		}
	})
}
