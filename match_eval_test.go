package registerdata_test

import (
	"context"
	"fmt"
	"net/http"
	"os"
	"sync/atomic"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	registerdata "github.com/registerdata/registerdata-go"
	"github.com/registerdata/registerdata-go/fake"
	"github.com/registerdata/registerdata-go/internal/matcheval"
)

// loadMatchEval reads the evaluation set testdata/match_eval.jsonl.
func loadMatchEval(tb testing.TB) []matcheval.Case {
	tb.Helper()
	f, err := os.Open("testdata/match_eval.jsonl")
	require.NoError(tb, err)
	defer f.Close()
	cases, err := matcheval.Read(f)
	require.NoError(tb, err)
	return cases
}

// countingLatency counts requests and delays each by latency.
type countingLatency struct {
	next    http.RoundTripper
	latency time.Duration
	calls   atomic.Int64
}

func (t *countingLatency) RoundTrip(r *http.Request) (*http.Response, error) {
	t.calls.Add(1)
	if t.latency > 0 {
		timer := time.NewTimer(t.latency)
		select {
		case <-timer.C:
		case <-r.Context().Done():
			timer.Stop()
			return nil, r.Context().Err()
		}
	}
	return t.next.RoundTrip(r)
}

// runMatchEval matches the cases against a fake holding the set's
// register, Concurrency 8, and returns the figures.
func runMatchEval(tb testing.TB, srv *fake.Server, cases []matcheval.Case, latency time.Duration) (matcheval.Figures, int64) {
	tb.Helper()
	tr := &countingLatency{next: http.DefaultTransport, latency: latency}
	c, err := registerdata.NewClient(registerdata.WithAPIKey(srv.APIKey), registerdata.WithBaseURL(srv.URL),
		registerdata.WithHTTPClient(&http.Client{Transport: tr}))
	require.NoError(tb, err)
	qs := make([]registerdata.MatchQuery, len(cases))
	for i, cs := range cases {
		qs[i] = cs.Query
	}
	var f matcheval.Figures
	for r, err := range c.MatchCompaniesSeq(context.Background(), qs, registerdata.BatchOptions{Concurrency: 8}) {
		require.NoError(tb, err)
		f.Add(cases[r.Index], r.Match, r.Err)
	}
	return f, tr.calls.Load()
}

func newMatchEvalServer(tb testing.TB) *fake.Server {
	srv := fake.NewServer(append(matcheval.ServerOptions(), fake.WithCredits(1<<50))...)
	tb.Cleanup(srv.Close)
	return srv
}

// TestMatchEvalTargets holds MatchCompany to its targets on the
// evaluation set: precision of Best >= 0.98, recall >= 0.90, "none" for
// absent companies >= 0.95, at most 6 credits a query on average.
func TestMatchEvalTargets(t *testing.T) {
	if testing.Short() {
		t.Skip("matches the whole evaluation set")
	}
	cases := loadMatchEval(t)
	require.GreaterOrEqual(t, len(cases), 2300)
	f, _ := runMatchEval(t, newMatchEvalServer(t), cases, 0)
	t.Logf("present %d, absent %d, ambiguous %d: precision %.4f, recall %.4f, none-rate %.4f, credits/query %.2f, errors %d",
		f.Present, f.Absent, f.Ambiguous, f.Precision(), f.Recall(), f.NoneRate(), f.MeanCredits(), f.Errors)
	require.GreaterOrEqual(t, f.Present, 2000)
	require.GreaterOrEqual(t, f.Absent, 300)
	require.Zero(t, f.Errors)
	require.GreaterOrEqual(t, f.Precision(), 0.98, "precision of Best")
	require.GreaterOrEqual(t, f.Recall(), 0.90, "recall")
	require.GreaterOrEqual(t, f.NoneRate(), 0.95, "none for absent companies")
	require.LessOrEqual(t, f.MeanCredits(), 6.0, "mean credits per query")
}

// BenchmarkMatchEval reports the figures of the evaluation set.
func BenchmarkMatchEval(b *testing.B) {
	cases := loadMatchEval(b)
	srv := newMatchEvalServer(b)
	b.ReportAllocs()
	var f matcheval.Figures
	for b.Loop() {
		f, _ = runMatchEval(b, srv, cases, 0)
	}
	b.ReportMetric(f.Precision(), "precision")
	b.ReportMetric(f.Recall(), "recall")
	b.ReportMetric(f.NoneRate(), "none-rate")
	b.ReportMetric(f.MeanCredits(), "credits/query")
}

// BenchmarkMatch1000Latency2ms matches 1,000 queries of the set with
// Concurrency 8 against the fake behind 2 ms of latency a request. When
// the calls bound the time, ms/op is close to call-bound-ms (the calls
// made times 2 ms over 8 at once).
func BenchmarkMatch1000Latency2ms(b *testing.B) {
	cases := loadMatchEval(b)[:1000]
	srv := newMatchEvalServer(b)
	b.ReportAllocs()
	var calls int64
	for b.Loop() {
		_, calls = runMatchEval(b, srv, cases, 2*time.Millisecond)
	}
	b.ReportMetric(float64(b.Elapsed().Milliseconds())/float64(b.N), "ms/op")
	b.ReportMetric(float64(calls)*2/8, "call-bound-ms")
	b.ReportMetric(float64(calls)/float64(len(cases)), "calls/query")
}

func ExampleParseRegisterReference_companyID() {
	ref, _ := registerdata.ParseRegisterReference("DE-HRA-K1101-104552")
	fmt.Println(ref)
	// Output: HRA 104552, Hamburg
}
