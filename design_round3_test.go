package registerdata_test

import (
	"bytes"
	"context"
	"encoding/json"
	"iter"
	"net/http"
	"testing"
	"testing/fstest"
	"time"

	registerdata "github.com/registerdata/registerdata-go"
	"github.com/registerdata/registerdata-go/changes"
	"github.com/registerdata/registerdata-go/enums"
	"github.com/registerdata/registerdata-go/fake"
	"github.com/registerdata/registerdata-go/webhook"
)

// TestRoundThreeNamesAsDesignFixesThem spells the public names DESIGN.md's
// round 3 fixes exactly as written there, so that a change to any of them
// fails here before it breaks a user's build.
func TestRoundThreeNamesAsDesignFixesThem(t *testing.T) {
	srv := fake.NewServer(fake.WithSeed(1), fake.WithData(fstest.MapFS{}))
	defer srv.Close()
	var snap bytes.Buffer
	if err := srv.Snapshot(&snap); err != nil {
		t.Fatal(err)
	}
	restored := fake.NewServer(fake.WithSnapshot(&snap))
	defer restored.Close()

	var observer registerdata.Observer = nopObserver{}
	c, err := registerdata.NewClient(registerdata.WithAPIKey(srv.APIKey), registerdata.WithBaseURL(srv.URL),
		registerdata.WithObserver(observer))
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()

	// Escape hatch.
	var out json.RawMessage
	var cost registerdata.CallOption = registerdata.WithCost(10)
	var header registerdata.CallOption = registerdata.WithHeader("X-Correlation-Id", "t")
	if err := c.Do(ctx, "GET", "/v1/company/DE-HRB-F1103-267645/owners", nil, &out, cost, header); err != nil || len(out) == 0 {
		t.Fatalf("Do: %v", err)
	}
	var shares [3]func() (float64, bool)
	shares[0] = registerdata.Owner{}.SharePercent
	shares[1] = registerdata.BeneficialOwner{}.SharePercent
	shares[2] = registerdata.Holding{}.SharePercent
	if _, ok := shares[2](); ok || registerdata.Version == "" {
		t.Error("SharePercent of an unknown share, or Version")
	}

	// Matching.
	q := registerdata.MatchQuery{Name: "Nordlicht Solartechnik", City: "Berlin", PostalCode: "", Street: "", Register: "HRB 267645 B", VATID: "", LEI: "", Website: ""}
	m, err := c.MatchCompany(ctx, q, &registerdata.MatchOptions{MinScore: 0.85, MaxCredits: 30, MaxCandidates: 5})
	if err != nil {
		t.Fatal(err)
	}
	var best *registerdata.MatchCandidate = m.Best
	var cands []registerdata.MatchCandidate = m.Candidates
	var credits int64 = m.Credits
	if best == nil || best.CompanyID != "DE-HRB-F1103-267645" || len(cands) == 0 || credits < 0 {
		t.Fatalf("MatchCompany: %+v", m)
	}
	var _ = registerdata.MatchCandidate{CompanyID: "", Name: "", Score: 0, Reasons: nil, Result: registerdata.CompanySearchResult{}}
	var seq iter.Seq2[registerdata.MatchResult, error] = c.MatchCompaniesSeq(ctx, []registerdata.MatchQuery{q}, registerdata.BatchOptions{})
	for r, err := range seq {
		var _ = registerdata.MatchResult{Index: r.Index, Query: r.Query, Match: r.Match, Err: r.Err}
		if err != nil || r.Err != nil {
			t.Fatal(err, r.Err)
		}
	}
	ref, err := registerdata.ParseRegisterReference("AG Charlottenburg (HRB 267645 B)")
	var _ = registerdata.RegisterReference{Type: enums.RegisterTypeHRB, Number: "", Court: "", CourtCode: ""}
	if err != nil || ref.CourtCode != "F1103" || ref.Number != "267645 B" && ref.Number != "267645" {
		t.Errorf("ParseRegisterReference: %+v %v", ref, err)
	}

	// Changes.
	var cs []changes.Change = changes.Company(&registerdata.Company{}, &registerdata.Company{})
	cs = append(cs, changes.Owners(&registerdata.Owners{}, &registerdata.Owners{})...)
	cs = append(cs, changes.Person(&registerdata.Person{}, &registerdata.Person{})...)
	var _ = changes.Change{Category: enums.PreferenceBasic, Kind: changes.Added, Field: "", Subject: "", Before: "", After: ""}
	var _ = []changes.Kind{changes.Added, changes.Removed, changes.Modified}
	var store changes.Store = changes.NewMemoryStore()
	w := changes.NewWatcher(c, store, func(context.Context, changes.Set) error { return nil })
	var _ http.Handler = webhook.Handler(nil, w.Handle)
	var _ = changes.Set{EntityType: enums.EntityTypeCompany, EntityID: "", EventID: "", DetectedAt: time.Time{}, Changes: cs, Credits: 0}
	var poll iter.Seq2[changes.Set, error] = changes.Poll(ctx, c, store, nil, changes.PollOptions{Every: 24 * time.Hour})
	_ = poll
	var _ registerdata.Cache = store // the method set of registerdata.Cache
}

// nopObserver is the smallest Observer.
type nopObserver struct{}

func (nopObserver) CallStart(ctx context.Context, call registerdata.CallInfo) context.Context {
	var _ = registerdata.CallInfo{Method: call.Method, Route: call.Route, Path: call.Path, Cost: call.Cost}
	return ctx
}

func (nopObserver) CallEnd(_ context.Context, _ registerdata.CallInfo, r registerdata.CallResult) {
	var _ = registerdata.CallResult{StatusCode: r.StatusCode, Attempts: r.Attempts, Charged: r.Charged, Cached: r.Cached,
		RequestID: r.RequestID, Duration: r.Duration, Err: r.Err}
}
