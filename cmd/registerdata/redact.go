package main

import (
	"encoding/json"
	"io"
	"net/url"
	"strconv"
	"strings"
)

// redacted replaces a secret in anything the tool prints.
const redacted = "[REDACTED]"

// minRedact is the length from which a secret is redacted (see addSecret).
const minRedact = 6

// addSecret registers a secret the run holds (the API key, a webhook
// signing secret, the Transparenzregister password): it is replaced by
// [REDACTED] in every error and warning the tool prints, and in bodies it
// echoes, in the forms a message can quote it in (as is, JSON- or
// Go-quoted, URL-escaped). Secrets shorter than minRedact characters are
// not searched for: replacing every "k" of a message would make it
// unreadable, and no service accepts such a key or password.
func (a *app) addSecret(s string) {
	if len(s) < minRedact {
		return
	}
	forms := []string{s, url.QueryEscape(s), url.PathEscape(s), strings.Trim(strconv.Quote(s), `"`)}
	if rest, ok := strings.CutPrefix(s, "whsec_"); ok && rest != "" { // a signing secret without its prefix
		forms = append(forms, rest)
	}
	if b, err := json.Marshal(s); err == nil {
		forms = append(forms, strings.Trim(string(b), `"`))
	}
	a.mu.Lock()
	defer a.mu.Unlock()
	for _, f := range forms {
		if len(f) >= minRedact && !contains(a.secrets, f) {
			a.secrets = append(a.secrets, f)
		}
	}
	// Longest first, so that a form containing another is replaced whole.
	for i := 1; i < len(a.secrets); i++ {
		for j := i; j > 0 && len(a.secrets[j]) > len(a.secrets[j-1]); j-- {
			a.secrets[j], a.secrets[j-1] = a.secrets[j-1], a.secrets[j]
		}
	}
}

// redact replaces every registered secret in s.
func (a *app) redact(s string) string {
	a.mu.Lock()
	defer a.mu.Unlock()
	for _, f := range a.secrets {
		if !strings.Contains(s, f) {
			continue
		}
		s = strings.ReplaceAll(s, f, redacted)
	}
	return s
}

func contains(list []string, s string) bool {
	for _, v := range list {
		if v == s {
			return true
		}
	}
	return false
}

// redactWriter writes through w with every registered secret replaced:
// the tool's stdout and stderr are wrapped in one, so that no table,
// profile, body or message prints a secret a hostile answer quotes back.
// The tool writes whole lines, tables and bodies in one Write, so a
// secret is never split between two.
type redactWriter struct {
	a *app
	w io.Writer
}

func (r *redactWriter) Write(p []byte) (int, error) {
	if _, err := io.WriteString(r.w, r.a.redact(string(p))); err != nil {
		return 0, err
	}
	return len(p), nil
}

// redactStreams wraps stdout and stderr in redactWriters, once.
func (a *app) redactStreams() {
	if _, ok := a.stdout.(*redactWriter); !ok {
		a.stdout = &redactWriter{a: a, w: a.stdout}
	}
	if _, ok := a.stderr.(*redactWriter); !ok {
		a.stderr = &redactWriter{a: a, w: a.stderr}
	}
}
