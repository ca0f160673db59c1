package main

import (
	"strings"
	"testing"
)

// TestTerminalWidthComesFirst: the terminal's own width is used before
// $COLUMNS, which is used before the default.
func TestTerminalWidthComesFirst(t *testing.T) {
	for _, tc := range []struct {
		term    int
		columns string
		want    int
	}{
		{80, "100", 80}, {0, "120", 120}, {0, "", 100}, {0, "abc", 100}, {5, "60", 60},
	} {
		a := &app{termWidth: func() int { return tc.term }, getenv: func(k string) string {
			if k == "COLUMNS" {
				return tc.columns
			}
			return ""
		}}
		if got := a.width(); got != tc.want {
			t.Errorf("terminal %d, COLUMNS %q: width %d, want %d", tc.term, tc.columns, got, tc.want)
		}
	}
}

// TestUUIDsShortenedNamesWhole: at 80 columns a search for insolvencies
// shows debtor names whole and UUIDs shortened; --wide shows them whole.
func TestUUIDsShortenedNamesWhole(t *testing.T) {
	h := harness{setup: func(a *app) { a.termWidth = func() int { return 80 } }}
	r := h.run(t, "--fake", "search", "insolvencies").wantCode(t, 0)
	if !strings.Contains(r.stdout, "bbee78dc…  Ulrich Bäuerle ") || strings.Contains(r.stdout, "bbee78dc-eff4") {
		t.Errorf("UUIDs not shortened or names cut:\n%s", r.stdout)
	}
	for _, line := range strings.Split(strings.TrimSpace(r.stdout), "\n") {
		if w := len([]rune(line)); w > 80 {
			t.Errorf("line of %d columns at width 80: %q", w, line)
		}
	}
	r = h.run(t, "--fake", "--wide", "search", "insolvencies").wantCode(t, 0)
	if !strings.Contains(r.stdout, "bbee78dc-eff4-4bd2-90e7-3ed652fcce36") {
		t.Errorf("--wide did not keep the UUIDs whole:\n%s", r.stdout)
	}
}

// TestCompletion: the scripts for bash, zsh and fish are generated from
// the command tree, and the binary completes commands, subcommands, flags
// and filter fields itself (what the scripts call).
func TestCompletion(t *testing.T) {
	for _, sh := range []string{"bash", "zsh", "fish"} {
		r := cli(t, "completion", sh).wantCode(t, 0)
		if !strings.Contains(r.stdout, "registerdata") || !strings.Contains(r.stdout, "__complete") {
			t.Errorf("completion %s: %.200q", sh, r.stdout)
		}
	}
	for _, tc := range []struct {
		line []string
		want []string
	}{
		{[]string{"co"}, []string{"company", "completion"}},
		{[]string{"monitor", ""}, []string{"create", "list", "delete"}},
		{[]string{"search", "companies", "--f"}, []string{"--fake", "--filter"}},
		{[]string{"company", "get", "x", "--r"}, []string{"--realtime"}},
		{[]string{"webhook", "verify", "--s"}, []string{"--secret-file", "--secret", "--signature"}},
		{[]string{"search", "companies", "--filter", "leg"}, []string{"legal_form"}},
		{[]string{"search", "persons", "--filter", "date"}, []string{"date_of_birth"}},
		{[]string{"search", "companies", "--filter", "legal_form="}, []string{"legal_form=gmbh", "legal_form=ag"}},
	} {
		r := cli(t, append([]string{"__complete"}, tc.line...)...).wantCode(t, 0)
		var got []string
		for _, l := range strings.Split(r.stdout, "\n") {
			if l == "" || strings.HasPrefix(l, ":") {
				continue
			}
			got = append(got, strings.SplitN(l, "\t", 2)[0])
		}
		for _, w := range tc.want {
			if !contains(got, w) {
				t.Errorf("%q completes to %q, want %q among them", tc.line, got, w)
			}
		}
	}
}

// TestRedactEveryForm: a secret is replaced as is, JSON- and URL-escaped
// and without its whsec_ prefix; text around it is kept.
func TestRedactEveryForm(t *testing.T) {
	a := &app{}
	a.addSecret(`pa"ss wörd/1`)
	a.addSecret("whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw")
	a.addSecret("k") // too short to search for
	for in, want := range map[string]string{
		`login pa"ss wörd/1 refused`:                   "login [REDACTED] refused",
		`{"password":"pa\"ss wörd/1"}`:                 `{"password":"[REDACTED]"}`,
		`/x?p=pa%22ss+w%C3%B6rd%2F1`:                   "/x?p=[REDACTED]",
		"secret MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw used": "secret [REDACTED] used",
		"keep k and K":                                 "keep k and K",
	} {
		if got := a.redact(in); got != want {
			t.Errorf("redact(%q) = %q, want %q", in, got, want)
		}
	}
}
