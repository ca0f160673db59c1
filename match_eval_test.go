package registerdata_test

import (
	"context"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"slices"
	"sync/atomic"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
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
	seen := map[registerdata.MatchQuery]bool{}
	for r, err := range c.MatchCompaniesSeq(context.Background(), qs, registerdata.BatchOptions{Concurrency: 8}) {
		require.NoError(tb, err)
		m := r.Match
		if m != nil && seen[r.Query] { // matched once for all its copies: billed once
			cp := *m
			cp.Credits = 0
			m = &cp
		}
		seen[r.Query] = true
		f.Add(cases[r.Index], m, r.Err)
	}
	require.Equal(tb, c.CreditsSpent(), f.Credits, "the credits counted are what the client spent, at its prices")
	return f, tr.calls.Load()
}

func newMatchEvalServer(tb testing.TB) *fake.Server {
	return newEvalServer(tb, matcheval.ServerOptions())
}

func newEvalServer(tb testing.TB, opts []fake.Option) *fake.Server {
	srv := fake.NewServer(append(opts, fake.WithCredits(1<<50))...)
	tb.Cleanup(srv.Close)
	return srv
}

// loadMatchDev reads the development set, testdata/match_dev.jsonl:
// labelled queries written apart from the matcher and its generators,
// over the register of matcheval.DevServerOptions.
func loadMatchDev(tb testing.TB) []matcheval.Case {
	tb.Helper()
	f, err := os.Open("testdata/match_dev.jsonl")
	require.NoError(tb, err)
	defer f.Close()
	cases, err := matcheval.ReadDev(f)
	require.NoError(tb, err)
	return cases
}

// evalSet is one labelled set, the register it was built from, and the
// least it must hold to judge the matcher.
type evalSet struct {
	name               string
	cases              []matcheval.Case
	register           []fake.Option
	minPresent, minAbs int
	maxCredits         float64 // credits a query, on average
	noWrongOnOthers    bool    // no Best at all for absent and ambiguous records
}

// evalSets are every set kept: the first two over the small register
// with hard cases, the CRM-export set and the development set over the
// register of 20,000 generated companies.
func evalSets(tb testing.TB) []evalSet {
	return []evalSet{
		{name: "tuned", cases: loadMatchEval(tb), register: matcheval.ServerOptions(), minPresent: 1800, minAbs: 250, maxCredits: 5, noWrongOnOthers: true},
		{name: "holdout", cases: loadMatchHoldout(tb), register: matcheval.ServerOptions(), minPresent: 1800, minAbs: 250, maxCredits: 5, noWrongOnOthers: true},
		{name: "crm", cases: loadMatchSet(tb, "testdata/match_crm.jsonl"), register: matcheval.DevServerOptions(), minPresent: 1000, minAbs: 300, maxCredits: 6},
		{name: "dev", cases: loadMatchDev(tb), register: matcheval.DevServerOptions(), minPresent: 450, minAbs: 80, maxCredits: 6},
	}
}

// TestMatchEvalExactNames holds MatchCompany to the same targets on the
// sets over the large register against a fake whose autocomplete finds
// names by their words as written only (fake.WithExactNames), as its
// search does: the matcher's own spellings find what the service's
// spelling variants would. A target missed says by how much.
func TestMatchEvalExactNames(t *testing.T) {
	if testing.Short() {
		t.Skip("matches two evaluation sets")
	}
	t.Parallel()
	for _, set := range evalSets(t) {
		if set.name != "crm" && set.name != "dev" {
			continue
		}
		t.Run(set.name, func(t *testing.T) {
			srv := newEvalServer(t, append(slices.Clone(set.register), fake.WithExactNames()))
			f, _ := runMatchEvalVia(t, srv, handlerTransport{srv.Handler()}, set.cases, 0)
			logFigures(t, f)
			checkTargets(t, set, f)
		})
	}
}

// evalTargets are the targets every set is held to.
const (
	targetPrecision = 0.99
	targetRecall    = 0.93
	targetNone      = 0.95 // absent and ambiguous records without a Best
)

// TestMatchEvalTargets holds MatchCompany to its targets on every
// evaluation set: precision of Best >= 0.99, recall >= 0.93, no Best for
// at least 0.95 of absent companies and of unresolvable ambiguities, and
// the set's bound on credits a query (6 at most).
func TestMatchEvalTargets(t *testing.T) {
	if testing.Short() {
		t.Skip("matches every evaluation set")
	}
	t.Parallel() // the package's longest: runs beside the other parallel tests, on its own fakes
	for _, set := range evalSets(t) {
		t.Run(set.name, func(t *testing.T) {
			srv := newEvalServer(t, set.register)
			// In this process: the figures are the same as over HTTP,
			// at a part of the cost under -race.
			f, _ := runMatchEvalVia(t, srv, handlerTransport{srv.Handler()}, set.cases, 0)
			logFigures(t, f)
			checkTargets(t, set, f)
		})
	}
}

// checkTargets fails t, saying by how much, for every target f misses.
func checkTargets(t *testing.T, set evalSet, f matcheval.Figures) {
	t.Helper()
	require.GreaterOrEqual(t, f.Present, set.minPresent)
	require.GreaterOrEqual(t, f.Absent, set.minAbs)
	require.Zero(t, f.Errors)
	assert.GreaterOrEqual(t, f.Precision(), targetPrecision, "precision of Best")
	assert.GreaterOrEqual(t, f.Recall(), targetRecall, "recall")
	assert.GreaterOrEqual(t, f.NoneRate(), targetNone, "absent companies without a Best")
	if f.Ambiguous > 0 {
		assert.GreaterOrEqual(t, f.SafeRate(), targetNone, "ambiguous records without a Best")
	}
	if set.noWrongOnOthers {
		assert.Zero(t, f.WrongOnOthers, "a Best for an absent company or an unresolvable ambiguity")
	}
	assert.LessOrEqual(t, f.MeanCredits(), set.maxCredits, "mean credits per query")
}

// logFigures writes the figures of a set and of each kind of record.
func logFigures(tb testing.TB, f matcheval.Figures) {
	tb.Helper()
	tb.Logf("present %d, absent %d, ambiguous %d, conflicts %d: precision %.4f, recall %.4f, none-rate %.4f, ambiguous-safe %.4f, credits/query %.2f, wrong on absent/ambiguous %d, errors %d",
		f.Present, f.Absent, f.Ambiguous, f.Conflicts, f.Precision(), f.Recall(), f.NoneRate(), f.SafeRate(), f.MeanCredits(), f.WrongOnOthers, f.Errors)
	for _, k := range f.KindNames() {
		kf := f.Kinds[k]
		tb.Logf("  %-28s %4d right %.3f wrong %3d credits/query %.2f", k, kf.Cases, kf.Rate(), kf.Wrong, kf.MeanCredits())
	}
}

// BenchmarkMatchEval reports the figures of every evaluation set, with
// the share right and the credits spent per kind of record.
func BenchmarkMatchEval(b *testing.B) {
	for _, set := range evalSets(b) {
		b.Run(set.name, func(b *testing.B) {
			srv := newEvalServer(b, set.register)
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
				b.ReportMetric(f.Kinds[k].Rate(), "right/"+k)
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
