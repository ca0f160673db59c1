package main

import (
	"regexp"
	"strconv"
	"testing"

	"github.com/registerdata/registerdata-go"
	"github.com/registerdata/registerdata-go/fake"
)

var reconciledLine = regexp.MustCompile(`(?m)^the service billed (\d+) credits, this run counted (\d+)`)

// reconciledFigures reads the --reconcile line of stderr.
func reconciledFigures(t *testing.T, stderr string) (billed, counted int64) {
	t.Helper()
	m := reconciledLine.FindStringSubmatch(stderr)
	if m == nil {
		t.Fatalf("stderr has no reconciliation line:\n%s", stderr)
	}
	billed, _ = strconv.ParseInt(m[1], 10, 64)
	counted, _ = strconv.ParseInt(m[2], 10, 64)
	return billed, counted
}

// TestReconcileOnOneTable: the fake bills by the CLI's table: the line
// shows the two figures equal, they are what the fake's books say, and
// nothing is warned.
func TestReconcileOnOneTable(t *testing.T) {
	srv := newFake(t)
	h := against(srv)
	h.stdin = customers
	r := h.run(t, "match", "--reconcile").wantCode(t, 0)
	b, c := reconciledFigures(t, r.stderr)
	if b != c || b != billed(t, srv) || b == 0 {
		t.Errorf("billed %d, counted %d, the fake's books %d: want three equal figures above 0\n%s", b, c, billed(t, srv), r.stderr)
	}
	if regexp.MustCompile(`warning`).MatchString(r.stderr) {
		t.Errorf("a warning without a drift:\n%s", r.stderr)
	}
}

// TestReconcileWarnsOfADrift: a fake billing 1 credit more than the
// CLI's table for every route but the reading of the usage itself: each command with --reconcile says what
// the service billed against its count and warns.
func TestReconcileWarnsOfADrift(t *testing.T) {
	p := registerdata.DefaultPrices()
	for _, r := range p.Routes() {
		if r != "GET /v1/credits" {
			p.Set(r, p.Of(r, false)+1)
		}
	}
	for name, args := range map[string][]string{
		"match":  {"match", "--reconcile"},
		"enrich": {"enrich", "--reconcile"},
	} {
		srv := newFake(t, fake.WithPrices(p))
		h := against(srv)
		h.stdin = "ref,name,city,company_id\n1,Nordlicht Solartechnik GmbH,Hamburg,DE-HRB-F1103-267645\n"
		r := h.run(t, args...).wantCode(t, 0)
		b, c := reconciledFigures(t, r.stderr)
		if b != billed(t, srv) || b <= c {
			t.Errorf("%s: billed %d, counted %d, the fake's books %d: want the service's figure above the count\n%s", name, b, c, billed(t, srv), r.stderr)
		}
		if !regexp.MustCompile(`(?m)^warning: the service's bill and this run's count differ`).MatchString(r.stderr) {
			t.Errorf("%s: no warning:\n%s", name, r.stderr)
		}
	}
}
