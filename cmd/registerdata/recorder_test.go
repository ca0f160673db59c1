package main

import (
	"errors"
	"io"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"sync/atomic"
	"testing"
)

// TestJSONRecordingChangesNothing: a 2xx body that breaks off is the same
// failure for the SDK with --json as without, so retries, requests and
// billing are the same; a complete body is printed as received.
func TestJSONRecordingChangesNothing(t *testing.T) {
	const body = `{"id":"DE-HRB-F1103-267645","name":{"name":"Nordlicht Solartechnik GmbH"},"status":"active"}`
	for _, broken := range []bool{true, false} {
		var counts [2]int64
		var outs [2]result
		for i, jsonOut := range []bool{false, true} {
			var n atomic.Int64
			srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
				n.Add(1)
				w.Header().Set("Content-Type", "application/json")
				if !broken {
					io.WriteString(w, body)
					return
				}
				w.Header().Set("Content-Length", strconv.Itoa(len(body)))
				io.WriteString(w, body[:len(body)/2])
				if c, _, err := w.(http.Hijacker).Hijack(); err == nil {
					c.Close()
				}
			}))
			args := []string{"company", "get", nordlicht}
			if jsonOut {
				args = append(args, "--json")
			}
			outs[i] = harness{env: map[string]string{"REGISTERDATA_API_KEY": "k", "REGISTERDATA_BASE_URL": srv.URL}}.run(t, args...)
			srv.Close()
			counts[i] = n.Load()
		}
		if counts[0] != counts[1] || outs[0].code != outs[1].code || costOf(outs[0].stderr) != costOf(outs[1].stderr) {
			t.Errorf("broken %v: without --json %d requests, exit %d, %q; with --json %d requests, exit %d, %q",
				broken, counts[0], outs[0].code, outs[0].stderr, counts[1], outs[1].code, outs[1].stderr)
		}
		if !broken && outs[1].stdout != body+"\n" {
			t.Errorf("--json printed %q, want the body as received", outs[1].stdout)
		}
	}
}

func costOf(stderr string) string {
	if m := costLine.FindStringSubmatch(stderr); m != nil {
		return m[1]
	}
	return ""
}

// failingReader returns part of a body and then an error.
type failingReader struct{ r io.Reader }

func (f *failingReader) Read(p []byte) (int, error) {
	n, err := f.r.Read(p)
	if err == io.EOF {
		return n, errors.New("connection reset")
	}
	return n, err
}

// TestTeeBodyKeepsOnlyCompleteBodies: the reader's errors reach the SDK
// unchanged and a body that broke off is not kept; one read to its end
// is.
func TestTeeBodyKeepsOnlyCompleteBodies(t *testing.T) {
	rec := &recorder{}
	tb := &teeBody{rc: io.NopCloser(&failingReader{strings.NewReader(`{"a":`)}), rec: rec, path: "/x", size: -1}
	if _, err := io.ReadAll(tb); err == nil || err.Error() != "connection reset" {
		t.Errorf("the read error was %v, want the reader's own", err)
	}
	tb.Close()
	if rec.last() != nil {
		t.Errorf("kept %q of a broken body", rec.last())
	}
	tb = &teeBody{rc: io.NopCloser(strings.NewReader(`{"a":1}`)), rec: rec, path: "/x", size: 7}
	if b, err := io.ReadAll(tb); err != nil || string(b) != `{"a":1}` {
		t.Fatalf("read %q, %v", b, err)
	}
	tb.Close()
	if b, seq := rec.lastSeq(); string(b) != `{"a":1}` || seq != 1 {
		t.Errorf("kept %q (%d bodies), want the body once", b, seq)
	}
}

// TestSearchAllStopsAtAnEmptyPage (issue 19, defect 5): a service that
// answers empty pages while total_pages says a million more exist is
// asked once, through the SDK's iterator.
func TestSearchAllStopsAtAnEmptyPage(t *testing.T) {
	var n atomic.Int64
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		n.Add(1)
		w.Header().Set("Content-Type", "application/json")
		io.WriteString(w, `{"results":[],"pagination":{"page":1,"per_page":10,"total_pages":1000000,"total_results":10000000}}`)
	}))
	defer srv.Close()
	h := harness{env: map[string]string{"REGISTERDATA_API_KEY": "test-api-key", "REGISTERDATA_BASE_URL": srv.URL}}
	for _, json := range []bool{false, true} {
		n.Store(0)
		args := []string{"search", "companies", "--query", "x", "--all"}
		if json {
			args = append(args, "--json")
		}
		r := h.run(t, args...).wantCode(t, 0)
		if n.Load() != 1 || !strings.Contains(r.stderr, "cost: 10 credits") {
			t.Errorf("--json %v: %d requests, stderr %q; want one page paid", json, n.Load(), r.stderr)
		}
	}
}
