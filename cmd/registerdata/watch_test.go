package main

import (
	"context"
	"encoding/json"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	registerdata "github.com/registerdata/registerdata-go"
	"github.com/registerdata/registerdata-go/changes"
	"github.com/registerdata/registerdata-go/enums"
	"github.com/registerdata/registerdata-go/fake"
)

const watchedID = "DE-HRB-F1103-267645"

// stepClock drives changes.Poll on the fake's clock: each wait between
// rounds is announced on waits and ends when the test sends on fire,
// after the fake's clock was advanced by it. Nothing sleeps.
type stepClock struct {
	fc    *fake.Clock
	waits chan time.Duration
	fire  chan time.Time
}

func newStepClock(fc *fake.Clock) *stepClock {
	return &stepClock{fc: fc, waits: make(chan time.Duration, 1), fire: make(chan time.Time)}
}

func (s *stepClock) Now() time.Time { return s.fc.Now() }

func (s *stepClock) After(d time.Duration) <-chan time.Time {
	s.fc.Advance(d)
	s.waits <- d
	return s.fire
}

func liquidate(t *testing.T, srv *fake.Server, id string) {
	t.Helper()
	if err := srv.UpdateCompany(id, func(co *registerdata.Company) { co.Status = enums.CompanyStatusLiquidation }); err != nil {
		t.Fatal(err)
	}
}

const liquidated = `The status changed from "active" to "liquidation".`

func TestWatchOnceWithStateComparesWithTheRunBefore(t *testing.T) {
	srv := newFake(t, fake.WithClock(fake.NewClock(testNow)))
	state := t.TempDir()
	h := against(srv)
	first := h.run(t, "watch", watchedID, "--once", "--state", state).wantCode(t, 0)
	if first.stdout != "" {
		t.Errorf("the baseline round printed %q", first.stdout)
	}
	if creditsOf(t, first) != int(registerdata.DefaultPrices().Of("GET /v1/company/{company_id}", false)) {
		t.Errorf("the baseline round cost %d credits", creditsOf(t, first))
	}
	if !strings.Contains(first.stderr, "baselines stored for 1 company; changes show from the next run\n") || strings.Contains(first.stderr, "in memory") {
		t.Errorf("the first run does not say it stored a baseline: %q", first.stderr)
	}
	liquidate(t, srv, watchedID)
	second := h.run(t, "watch", watchedID, "--once", "--state", state).wantCode(t, 0)
	want := "2026-01-15T12:00:00Z  company " + watchedID + ": " + liquidated + "\n"
	if second.stdout != want {
		t.Errorf("stdout = %q, want %q", second.stdout, want)
	}
	if strings.Contains(second.stderr, "baselines stored") {
		t.Errorf("the second run stored no baseline, yet says %q", second.stderr)
	}
	third := h.run(t, "watch", watchedID, "--once", "--state", state, "--jsonl").wantCode(t, 0)
	if third.stdout != "" {
		t.Errorf("nothing changed, yet stdout = %q", third.stdout)
	}
}

// TestWatchFirstRunSaysWhatItStored: a first run without --state says
// for how many companies and persons it stored baselines, and that they
// are lost without --state; the same after the first round of a run
// without --once.
func TestWatchFirstRunSaysWhatItStored(t *testing.T) {
	srv := newFake(t)
	co, _ := srv.Company(watchedID)
	var person string
	for _, r := range co.Representation {
		if r.ID != nil && r.Type == enums.RepresentativeTypeNaturalPerson {
			person = *r.ID
			break
		}
	}
	r := against(srv).run(t, "watch", watchedID, srv.CompanyIDs()[1], person, "--once").wantCode(t, 0)
	want := "baselines stored for 2 companies and 1 person; changes show from the next run (the baselines are in memory: add --state DIR to keep them for the next run)\n"
	if !strings.Contains(r.stderr, want) || r.stdout != "" {
		t.Errorf("stdout %q\nstderr %q\nwant %q", r.stdout, r.stderr, want)
	}
}

// TestWatchPollsRoundByRound runs watch without --once on the fake's
// clock: the baseline round, a change, the round that finds it as a JSON
// line, then Ctrl-C (the context) ends it with status 0.
func TestWatchPollsRoundByRound(t *testing.T) {
	fc := fake.NewClock(testNow)
	srv := newFake(t, fake.WithClock(fc))
	clk := newStepClock(fc)
	ctx, cancel := context.WithCancel(context.Background())
	h := against(srv)
	h.setup = func(a *app) { a.ctx = ctx; a.watchClock = clk }
	done := make(chan result, 1)
	go func() { done <- h.run(t, "watch", watchedID, "--every", "1h", "--jsonl") }()

	if d := <-clk.waits; d != time.Hour { // the baseline round is done
		t.Fatalf("waits %v, want 1h", d)
	}
	liquidate(t, srv, watchedID)
	clk.fire <- clk.Now()
	<-clk.waits // the second round is done, its Set printed
	cancel()
	r := <-done
	r.wantCode(t, 0)
	var set changes.Set
	if err := json.Unmarshal([]byte(r.stdout), &set); err != nil {
		t.Fatalf("stdout is not one JSON line: %v\n%s", err, r.stdout)
	}
	if set.EntityID != watchedID || len(set.Changes) != 1 || set.Changes[0].String() != liquidated || set.Credits != 10 ||
		!set.DetectedAt.Equal(testNow.Add(time.Hour)) {
		t.Errorf("set = %+v", set)
	}
	if !strings.Contains(r.stderr, "watching 1 id every 1h0m0s") || !strings.Contains(r.stderr, "cost: 20 credits") ||
		strings.Count(r.stderr, "baselines stored for 1 company; changes show from the next round (the baselines are in memory") != 1 {
		t.Errorf("stderr = %q", r.stderr)
	}
}

func TestWatchStopsAtTheBudget(t *testing.T) {
	srv := newFake(t)
	r := against(srv).run(t, "--budget", "15", "watch", watchedID, srv.CompanyIDs()[1], "--once").wantCode(t, exitFailed)
	if !strings.Contains(r.stderr, "budget") || !strings.Contains(r.stderr, "cost: 10 credits (budget 15, 5 left)") {
		t.Errorf("stderr = %q", r.stderr)
	}
}

func TestWatchErrorsGoToStderrAndPollingGoesOn(t *testing.T) {
	srv := newFake(t)
	r := against(srv).run(t, "watch", "../monitor", "DE-HRB-X9999-1", watchedID, "--once").wantCode(t, exitFailed)
	if r.stdout != "" || !strings.Contains(r.stderr, "registerdata: ../monitor: ") ||
		!strings.Contains(r.stderr, "registerdata: DE-HRB-X9999-1: ") || !strings.Contains(r.stderr, "2 checks failed") {
		t.Errorf("stdout %q\nstderr %q", r.stdout, r.stderr)
	}
}

func TestWatchUsageErrors(t *testing.T) {
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"watch"}, "at least one company id"},
		{[]string{"watch", watchedID, "--every", "0s"}, "--every 0s"},
		{[]string{"watch", watchedID, "--categories", "basic,prices"}, `unknown category "prices"`},
	} {
		r := cli(t, append([]string{"--fake"}, tc.args...)...).wantCode(t, exitUsage)
		if !strings.Contains(r.stderr, tc.want) {
			t.Errorf("%v: stderr = %q, want %q", tc.args, r.stderr, tc.want)
		}
	}
}

func TestDiff(t *testing.T) {
	srv := newFake(t)
	h := against(srv)
	dir := t.TempDir()
	save := func(name string) string {
		t.Helper()
		r := h.run(t, "--json", "company", "get", watchedID).wantCode(t, 0)
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte(r.stdout), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	before := save("before.json")
	liquidate(t, srv, watchedID)
	after := save("after.json")

	r := h.run(t, "diff", before, after).wantCode(t, 0)
	if r.stdout != liquidated+"\n" || strings.Contains(r.stderr, "cost:") {
		t.Errorf("two files: stdout %q, stderr %q", r.stdout, r.stderr)
	}
	r = h.run(t, "diff", before, after, "--jsonl").wantCode(t, 0)
	var ch changes.Change
	if err := json.Unmarshal([]byte(r.stdout), &ch); err != nil || ch.Field != "status" || ch.After != "liquidation" {
		t.Errorf("--jsonl: %q (%v)", r.stdout, err)
	}
	r = h.run(t, "diff", before).wantCode(t, 0)
	if r.stdout != liquidated+"\n" || !strings.Contains(r.stderr, "cost: 10 credits") {
		t.Errorf("one file: stdout %q, stderr %q", r.stdout, r.stderr)
	}
	r = h.run(t, "diff", after, after).wantCode(t, 0)
	if r.stdout != "" || r.stderr != "no changes\n" {
		t.Errorf("same file: stdout %q, stderr %q", r.stdout, r.stderr)
	}

	bad := filepath.Join(dir, "bad.json")
	_ = os.WriteFile(bad, []byte(`{"id": "x", "name": `), 0o644)
	for _, args := range [][]string{{"diff"}, {"diff", before, after, after}, {"diff", bad}, {"diff", before, filepath.Join(dir, "missing.json")}} {
		r := h.run(t, args...).wantCode(t, exitUsage)
		if r.stdout != "" || !strings.HasPrefix(r.stderr, "registerdata: ") {
			t.Errorf("%v: stdout %q, stderr %q", args, r.stdout, r.stderr)
		}
	}
}

// TestWebhookListenChanges runs "webhook listen --changes" against the
// fake: the first event stores the baseline, a change in the fake and
// its event print the sentence, and the redelivery prints nothing again.
// The watcher prints before the handler answers, so nothing waits.
func TestWebhookListenChanges(t *testing.T) {
	srv := newFake(t, fake.WithClock(fake.NewClock(testNow)))
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	env := map[string]string{"REGISTERDATA_API_KEY": srv.APIKey, "REGISTERDATA_BASE_URL": srv.URL}
	var stdout, stderr syncBuffer
	a := &app{
		ctx: ctx, stdin: strings.NewReader(""), stdout: &stdout, stderr: &stderr,
		getenv: func(k string) string { return env[k] }, budget: -1, now: func() time.Time { return testNow },
		listen: func(string, string) (net.Listener, error) { return l, nil },
	}
	done := make(chan int, 1)
	go func() {
		done <- a.main([]string{"webhook", "listen", "--addr", "127.0.0.1:0", "--secret", testSecret, "--changes"})
	}()
	post := func(id string) int {
		t.Helper()
		return postSigned(t, "http://"+l.Addr().String()+"/hooks", testSecret, id, eventBody)
	}
	if got := post("msg_1"); got != http.StatusNoContent {
		t.Fatalf("first event answered %d; stderr %s", got, stderr.String())
	}
	liquidate(t, srv, watchedID)
	if got := post("msg_2"); got != http.StatusNoContent {
		t.Fatalf("second event answered %d; stderr %s", got, stderr.String())
	}
	if got := post("msg_2"); got != http.StatusNoContent {
		t.Fatalf("redelivery answered %d", got)
	}
	cancel()
	if code := <-done; code != 0 {
		t.Errorf("exit status %d; stderr %s", code, stderr.String())
	}
	prefix := "2026-01-15T12:00:00Z  company " + watchedID + ": "
	want := prefix + "watching " + watchedID + " from now on (baseline stored, 10 credits)\n" + prefix + liquidated + "\n"
	if stdout.String() != want {
		t.Errorf("stdout:\n%s\nwant:\n%s", stdout.String(), want)
	}
	if !strings.Contains(stderr.String(), "duplicate delivery msg_2 answered 204") {
		t.Errorf("stderr lacks the duplicate:\n%s", stderr.String())
	}
}
