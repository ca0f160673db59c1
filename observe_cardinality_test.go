package registerdata_test

import (
	"context"
	"io"
	"math/rand/v2"
	"net/http"
	"regexp"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	registerdata "github.com/registerdata/registerdata-go"
)

// answerTransport answers every request with 200 and "{}", without a
// network.
type answerTransport struct{}

func (answerTransport) RoundTrip(r *http.Request) (*http.Response, error) {
	if r.Body != nil {
		r.Body.Close()
	}
	return &http.Response{StatusCode: http.StatusOK, Header: http.Header{"Content-Type": {"application/json"}},
		Body: io.NopCloser(strings.NewReader("{}")), Request: r}, nil
}

// templateWords are the words of the service's path templates, so that
// random paths share starts with real operations.
var templateWords = []string{"v0", "v1", "company", "owners", "historical", "ubo", "holdings", "financials",
	"contact", "search", "person", "insolvency", "lookup", "autocomplete", "monitor", "document", "credits",
	"transparenzregister", "credentials", "extracts"}

// randomWord is a lower-case word of 8 to 16 letters: what a caller of Do
// might put in a path, and what must never reach a route.
func randomWord(rng *rand.Rand) string {
	b := make([]byte, 8+rng.IntN(9))
	for i := range b {
		b[i] = byte('a' + rng.IntN(26))
	}
	return string(b)
}

// randomPath is a path of 1 to 20 segments, each a template word or a
// random word.
func randomPath(rng *rand.Rand, words map[string]bool) string {
	var b strings.Builder
	for range 1 + rng.IntN(20) {
		b.WriteByte('/')
		if rng.IntN(2) == 0 {
			b.WriteString(templateWords[rng.IntN(len(templateWords))])
			continue
		}
		w := randomWord(rng)
		words[w] = true
		b.WriteString(w)
	}
	return b.String()
}

// boundedRoute is the shape of every route: a method, then segments that
// are template words or placeholders.
var boundedRoute = regexp.MustCompile(`^(GET|HEAD|POST|PUT|PATCH|DELETE|OPTIONS|TRACE|CONNECT|QUERY|HTTP) (/|(/(v[01]|[a-z_]+|\{[a-z_]+\}))+)$`)

// TestDoRoutesAreBoundedWhateverThePath sends thousands of distinct paths
// and made-up methods through Do and counts the distinct routes the
// observer saw: a bounded set, none holding a word of a path.
func TestDoRoutesAreBoundedWhateverThePath(t *testing.T) {
	o := &recordingObserver{}
	c, err := registerdata.NewClient(registerdata.WithAPIKey("k"), registerdata.WithBaseURL("https://api.example.test"),
		registerdata.WithHTTPClient(&http.Client{Transport: answerTransport{}}), registerdata.WithObserver(o))
	require.NoError(t, err)
	ctx := context.Background()
	rng := rand.New(rand.NewPCG(33, 1))
	words := map[string]bool{}
	paths := map[string]bool{}
	for len(paths) < 3000 {
		p := randomPath(rng, words)
		if paths[p] {
			continue
		}
		paths[p] = true
		require.NoError(t, c.Do(ctx, http.MethodGet, p, nil, nil, registerdata.WithCost(0)), p)
	}
	// The case: one word after a real start, 500 times.
	for range 500 {
		w := randomWord(rng)
		words[w] = true
		require.NoError(t, c.Do(ctx, http.MethodGet, "/v1/lookup/"+w, nil, nil, registerdata.WithCost(0)))
	}
	// 200 made-up methods.
	methods := map[string]bool{}
	for len(methods) < 200 {
		m := strings.ToUpper(randomWord(rng))
		methods[m] = true
		require.NoError(t, c.Do(ctx, m, "/v1/credits", nil, nil, registerdata.WithCost(0)))
	}

	routes := map[string]int{}
	calls := o.ended(t)
	require.Len(t, calls, len(paths)+500+200)
	for _, call := range calls {
		routes[call.info.Route]++
	}
	// The bound: the starts of the 23 templates (fewer than 60), each
	// followed by up to 8 placeholders, for 2 methods here.
	assert.LessOrEqual(t, len(routes), 200, "distinct routes for %d distinct paths", len(paths))
	assert.Equal(t, 200, routes["HTTP /v1/credits"], "every made-up method is one route")
	assert.GreaterOrEqual(t, routes["GET /v1/{unknown}/{unknown}"], 500, "/v1/lookup/WORD is one route")
	for r := range routes {
		assert.Regexp(t, boundedRoute, r)
		for _, seg := range strings.Split(strings.SplitN(r, " ", 2)[1], "/") {
			assert.False(t, words[strings.ToLower(seg)], "route %q holds the word %q of a path", r, seg)
		}
		for m := range methods {
			assert.NotContains(t, r, m, "route %q holds a made-up method", r)
		}
	}
	t.Logf("%d distinct paths and %d methods gave %d routes", len(paths)+500, len(methods)+1, len(routes))
}
