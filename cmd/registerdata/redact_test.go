package main

import "testing"

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
