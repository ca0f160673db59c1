package main

import (
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"regexp"
	"strings"
	"sync"
	"testing"

	"github.com/registerdata/registerdata-go/filters"
)

// TestFilterHelpExamplesAreAccepted runs every filter a search's help and
// examples show against the fake: each must pass the checks without a
// warning and be answered (no help may suggest a filter it then refuses).
func TestFilterHelpExamplesAreAccepted(t *testing.T) {
	srv := newFake(t)
	quoted := regexp.MustCompile(`--filter '([^']*)'|\n  '([^']*)' `)
	for _, tc := range []struct {
		search string
		scope  filters.Scope
	}{{"companies", filters.ScopeCompany}, {"persons", filters.ScopePerson}, {"insolvencies", filters.ScopeInsolvency}} {
		help := cli(t, "search", tc.search, "--help").wantCode(t, 0).stdout
		var seen []string
		for _, m := range quoted.FindAllStringSubmatch(help, -1) {
			if f := m[1] + m[2]; f != "field op value" { // the flag's placeholder
				seen = append(seen, f)
			}
		}
		if len(seen) < 5 {
			t.Fatalf("search %s --help shows %d filters, want at least the 5 of the syntax:\n%s", tc.search, len(seen), help)
		}
		for _, f := range seen {
			r := against(srv).run(t, "search", tc.search, "--filter", f)
			if r.code != 0 || strings.Contains(r.stderr, "warning") {
				t.Errorf("search %s --help suggests %q: exit %d, stderr %q", tc.search, f, r.code, r.stderr)
			}
		}
	}
}

// TestMisspeltFilterIsRefusedBeforeSending: a typo of a field or of an
// enum value is a usage error with a suggestion, and nothing is billed.
func TestMisspeltFilterIsRefusedBeforeSending(t *testing.T) {
	srv := newFake(t)
	for _, tc := range []struct {
		search, filter, want string
	}{
		{"companies", "cty=Berlin", `unknown field "cty"; did you mean "city"?`},
		{"companies", "revnue>=5", `did you mean "revenue"?`},
		{"companies", "Legal-Form=gmbh", `did you mean "legal_form"?`},
		{"companies", "legal_form=gmbhx", `legal_form "gmbhx" is not one of the codes the service uses; did you mean "gmbh"?`},
		{"companies", "legal_form in gmbh,agg", `"agg" is not one of the codes`},
		{"companies", "status=zombie", `(known: active, inactive, liquidation)`},
		{"companies", "register_type=HRX", `did you mean "HRB"?`},
		{"persons", "date_of_brth>=1980-01-01", `did you mean "date_of_birth"?`},
		{"persons", "legal_form in gmbh,ag", "company search field"},
		{"insolvencies", "current_status=opend", `did you mean "opened"?`},
	} {
		r := against(srv).run(t, "search", tc.search, "--filter", tc.filter).wantCode(t, exitUsage)
		if !strings.Contains(r.stderr, tc.want) || r.stdout != "" {
			t.Errorf("search %s --filter %q: stderr = %q, want %q", tc.search, tc.filter, r.stderr, tc.want)
		}
	}
	if got := srv.Credits(srv.APIKey); got != 1_000_000 {
		t.Errorf("refused filters were sent: %d credits billed", 1_000_000-got)
	}
}

// searchRecorder is a service that answers every search with an empty
// page and keeps the filters it was sent.
func searchRecorder(t *testing.T) (harness, func() []filters.Filter) {
	var mu sync.Mutex
	var got []filters.Filter
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		body, _ := io.ReadAll(r.Body)
		var req struct {
			Filters []filters.Filter `json:"filters"`
		}
		if err := json.Unmarshal(body, &req); err != nil {
			t.Errorf("request body %q: %v", body, err)
		}
		mu.Lock()
		got = append(got, req.Filters...)
		mu.Unlock()
		w.Header().Set("Content-Type", "application/json")
		io.WriteString(w, `{"results":[],"pagination":{"page":1,"per_page":10,"total_pages":0,"total_results":0}}`)
	}))
	t.Cleanup(srv.Close)
	h := harness{env: map[string]string{"REGISTERDATA_API_KEY": "test-key", "REGISTERDATA_BASE_URL": srv.URL}}
	return h, func() []filters.Filter { mu.Lock(); defer mu.Unlock(); return append([]filters.Filter(nil), got...) }
}

// TestUnknownFieldIsSentWithAWarning: a well-formed field far from every
// known one is taken for a field the service added, and so is a '+field'.
// A value differing only in case is sent in the service's spelling.
func TestUnknownFieldIsSentWithAWarning(t *testing.T) {
	h, sent := searchRecorder(t)
	r := h.run(t, "search", "companies", "--filter", "brand_new_field=x", "--filter", "+cty=Berlin", "--filter", "legal_form in GmbH,AG").wantCode(t, 0)
	if !strings.Contains(r.stderr, `warning: filter field "brand_new_field" is not one the CLI knows; it is sent unchecked`) ||
		!strings.Contains(r.stderr, `warning: filter field "cty" is sent as written, unchecked`) {
		t.Errorf("stderr = %q", r.stderr)
	}
	got := sent()
	if len(got) != 3 || got[0].Field != "brand_new_field" || got[1].Field != "cty" || got[1].Value != "Berlin" ||
		strings.Join(got[2].Values, ",") != "gmbh,ag" {
		t.Errorf("sent %+v", got)
	}
}

func TestNearest(t *testing.T) {
	codes := []string{"gmbh", "ag", "eg", "ug", "kgaa", "opened"}
	for in, want := range map[string]string{
		"gmbhx": "gmbh", "GMBH": "gmbh", "agg": "ag", "xy": "", "kgxy": "", "opend": "opened", "": "",
	} {
		if got := nearest(in, codes); got != want {
			t.Errorf("nearest(%q) = %q, want %q", in, got, want)
		}
	}
	for in, want := range map[filters.Field]filters.Field{
		"cty": "city", "revenu": "revenue", "LEGAL_FORM": "legal_form", "legalform": "legal_form",
		"Legal-Form": "legal_form", "brand_new_field": "", "completely_new": "",
	} {
		if got := nearestField(filters.ScopeCompany, in); got != want {
			t.Errorf("nearestField(%q) = %q, want %q", in, got, want)
		}
	}
}
