package registerdata_test

import (
	"context"
	"fmt"
	"net/http"
	"net/http/httptest"
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
	return loadMatchSet(tb, "testdata/match_eval.jsonl")
}

// loadMatchHoldout reads the second evaluation set,
// testdata/match_holdout.jsonl: records from a generator written apart
// from the matcher and the first set, never tuned on.
func loadMatchHoldout(tb testing.TB) []matcheval.Case {
	return loadMatchSet(tb, "testdata/match_holdout.jsonl")
}

func loadMatchSet(tb testing.TB, path string) []matcheval.Case {
	tb.Helper()
	f, err := os.Open(path)
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

// handlerTransport serves each request with a handler in this process,
// as an HTTP server would, without a connection: the evaluation's
// figures depend on the fake's answers, not on how they travel.
type handlerTransport struct{ h http.Handler }

func (t handlerTransport) RoundTrip(r *http.Request) (*http.Response, error) {
	req := r.Clone(r.Context())
	req.RequestURI = r.URL.RequestURI()
	req.RemoteAddr = "127.0.0.1:1"
	if req.Body == nil {
		req.Body = http.NoBody
	}
	rec := httptest.NewRecorder()
	t.h.ServeHTTP(rec, req)
	res := rec.Result()
	res.Request = r
	return res, nil
}

// runMatchEval matches the cases against a fake holding the set's
// register, Concurrency 8, over HTTP, and returns the figures.
func runMatchEval(tb testing.TB, srv *fake.Server, cases []matcheval.Case, latency time.Duration) (matcheval.Figures, int64) {
	return runMatchEvalVia(tb, srv, http.DefaultTransport, cases, latency)
}

// runMatchEvalVia is runMatchEval with the requests going through next.
func runMatchEvalVia(tb testing.TB, srv *fake.Server, next http.RoundTripper, cases []matcheval.Case, latency time.Duration) (matcheval.Figures, int64) {
	tb.Helper()
	tr := &countingLatency{next: next, latency: latency}
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

// TestMatchEvalTargets holds MatchCompany to its targets on both
// evaluation sets, the one it was tuned on and the held-out one: precision
// of Best >= 0.99, recall >= 0.93, no Best for any absent company or
// unresolvable ambiguity, at most 5 credits a query on average.
func TestMatchEvalTargets(t *testing.T) {
	if testing.Short() {
		t.Skip("matches both evaluation sets")
	}
	t.Parallel() // the package's longest: runs beside the other parallel tests, on its own fake
	srv := newMatchEvalServer(t)
	for _, set := range []struct {
		name  string
		cases []matcheval.Case
	}{{"tuned", loadMatchEval(t)}, {"holdout", loadMatchHoldout(t)}} {
		t.Run(set.name, func(t *testing.T) {
			require.GreaterOrEqual(t, len(set.cases), 2300)
			// In this process: the figures are the same as over HTTP,
			// at a part of the cost under -race.
			f, _ := runMatchEvalVia(t, srv, handlerTransport{srv.Handler()}, set.cases, 0)
			logFigures(t, f)
			require.GreaterOrEqual(t, f.Present, 1800)
			require.GreaterOrEqual(t, f.Absent, 250)
			require.Zero(t, f.Errors)
			require.GreaterOrEqual(t, f.Precision(), 0.99, "precision of Best")
			require.GreaterOrEqual(t, f.Recall(), 0.93, "recall")
			require.Zero(t, f.WrongOnOthers, "a Best for an absent company or an unresolvable ambiguity")
			require.LessOrEqual(t, f.MeanCredits(), 5.0, "mean credits per query")
		})
	}
}

// logFigures writes the figures of a set and of each kind of record.
func logFigures(tb testing.TB, f matcheval.Figures) {
	tb.Helper()
	tb.Logf("present %d, absent %d, ambiguous %d: precision %.4f, recall %.4f, none-rate %.4f, ambiguous-safe %.4f, credits/query %.2f, wrong on absent/ambiguous %d, errors %d",
		f.Present, f.Absent, f.Ambiguous, f.Precision(), f.Recall(), f.NoneRate(), f.SafeRate(), f.MeanCredits(), f.WrongOnOthers, f.Errors)
	for _, k := range f.KindNames() {
		kf := f.Kinds[k]
		tb.Logf("  %-28s %4d right %.3f wrong %3d credits/query %.2f", k, kf.Cases, kf.Rate(), kf.Wrong, kf.MeanCredits())
	}
}

// BenchmarkMatchEval reports the figures of both evaluation sets, with
// the credits spent per kind of record.
func BenchmarkMatchEval(b *testing.B) {
	srv := newMatchEvalServer(b)
	for _, set := range []struct {
		name  string
		cases []matcheval.Case
	}{{"tuned", loadMatchEval(b)}, {"holdout", loadMatchHoldout(b)}} {
		b.Run(set.name, func(b *testing.B) {
			b.ReportAllocs()
			var f matcheval.Figures
			for b.Loop() {
				f, _ = runMatchEval(b, srv, set.cases, 0)
			}
			b.ReportMetric(f.Precision(), "precision")
			b.ReportMetric(f.Recall(), "recall")
			b.ReportMetric(f.NoneRate(), "none-rate")
			b.ReportMetric(f.SafeRate(), "ambiguous-safe")
			b.ReportMetric(f.MeanCredits(), "credits/query")
			for _, k := range f.KindNames() {
				b.ReportMetric(f.Kinds[k].MeanCredits(), "credits/"+k)
			}
		})
	}
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
