// Package requestlog counts the requests a client sends, for tests that
// assert how often the service was asked: autocomplete requests by their
// text, the others by method and path.
package requestlog

import (
	"maps"
	"net/http"
	"strings"
	"sync"
)

// Log is an http.RoundTripper that counts each request, then hands it to
// Next (http.DefaultTransport when nil). It is safe for concurrent use.
type Log struct {
	Next http.RoundTripper

	mu    sync.Mutex
	texts map[string]int // autocomplete query -> requests
	other map[string]int // method and path -> requests
}

// RoundTrip implements http.RoundTripper.
func (l *Log) RoundTrip(r *http.Request) (*http.Response, error) {
	l.mu.Lock()
	if l.texts == nil {
		l.texts, l.other = map[string]int{}, map[string]int{}
	}
	if strings.HasSuffix(r.URL.Path, "/autocomplete/company") {
		l.texts[r.URL.Query().Get("query")]++
	} else {
		l.other[r.Method+" "+r.URL.Path]++
	}
	l.mu.Unlock()
	next := l.Next
	if next == nil {
		next = http.DefaultTransport
	}
	return next.RoundTrip(r)
}

// Autocompletes returns how many autocomplete requests were sent, and
// for how many distinct texts.
func (l *Log) Autocompletes() (asks, texts int) {
	l.mu.Lock()
	defer l.mu.Unlock()
	for _, n := range l.texts {
		asks += n
	}
	return asks, len(l.texts)
}

// Others returns the other requests sent, counted by method and path.
func (l *Log) Others() map[string]int {
	l.mu.Lock()
	defer l.mu.Unlock()
	return maps.Clone(l.other)
}
