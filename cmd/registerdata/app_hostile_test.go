package main

import (
	"context"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	registerdata "github.com/registerdata/registerdata-go"
)

// The secrets a hostile run holds; none may be printed.
const (
	hostileKey      = "sk_live_HOSTILEKEY0123456789"
	hostilePassword = "Tr4nsp@rent-Pa55word"
)

// hostile is a service that answers every request in one hostile way and
// bills, as the service would, every 2xx answer it sends at the
// endpoint's price.
type hostile struct {
	mode   string
	other  *httptest.Server // the origin redirects point to
	mu     sync.Mutex
	billed int64
	leaked bool // a request carried the API key or the password
}

// price is what the service bills for a 2xx answer to r.
func price(r *http.Request) int64 {
	p := r.URL.Path
	switch {
	case strings.HasSuffix(p, "/credits"), strings.Contains(p, "/transparenzregister/credentials"), strings.Contains(p, "/autocomplete"):
		return 0
	case strings.HasPrefix(p, "/v1/monitor"):
		if r.Method == http.MethodPost {
			return registerdata.DefaultPrices().Of("POST /v1/monitor", false)
		}
		return 0
	}
	return 10
}

func (h *hostile) bill(r *http.Request) {
	h.mu.Lock()
	h.billed += price(r)
	h.mu.Unlock()
}

func (h *hostile) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	body, _ := io.ReadAll(io.LimitReader(r.Body, 1<<20))
	if strings.Contains(r.Header.Get("Authorization"), hostileKey) || strings.Contains(string(body), hostilePassword) {
		h.mu.Lock()
		h.leaked = true
		h.mu.Unlock()
	}
	echo := strconv.Quote(r.Header.Get("Authorization") + " " + string(body) + " " + r.URL.String())
	w.Header().Set("Content-Type", "application/json")
	switch h.mode {
	case "malformed":
		h.bill(r)
		io.WriteString(w, `{"id": "DE-HRB-F1103-267645", "name": {"name": [`)
	case "mistyped":
		h.bill(r)
		io.WriteString(w, `{"id": 5, "name": true, "results": "none", "pagination": [], "owners": {}, "items": 7}`)
	case "empty objects":
		h.bill(r)
		io.WriteString(w, `{"results": [`+strings.Repeat(`{},`, 20_000)+`{}], "pagination": {"page": 1, "per_page": 20001, "total_pages": 1000000, "total_results": 20000000000}, "owners": [`+strings.Repeat(`{},`, 20_000)+`{}]}`)
	case "echo 2xx":
		h.bill(r)
		fmt.Fprintf(w, `{"id": %s, "name": %s, "message": %s, "results": [], "pagination": {"page": 1, "per_page": 10, "total_pages": 1, "total_results": 0}}`, echo, echo, echo)
	case "echo 4xx":
		w.WriteHeader(http.StatusBadRequest)
		fmt.Fprintf(w, `{"error": {"code": "invalid_request", "message": %s}}`, echo)
	case "storm 503":
		w.Header().Set("Retry-After", "0")
		w.Header().Set("X-Should-Retry", "true")
		w.WriteHeader(http.StatusServiceUnavailable)
		fmt.Fprintf(w, `{"error": {"message": %s}}`, echo)
	case "429 for a day":
		w.Header().Set("Retry-After", "86400")
		w.Header().Set("X-Should-Retry", "true")
		w.WriteHeader(http.StatusTooManyRequests)
	case "2xx asking a retry":
		h.bill(r)
		w.Header().Set("X-Should-Retry", "true")
		io.WriteString(w, `{"broken": `)
	case "header only":
		h.bill(r)
		w.Header().Set("Content-Length", strconv.Itoa(30<<20))
		w.WriteHeader(http.StatusOK)
		io.WriteString(w, `{"id": "`)
		if hj, ok := w.(http.Hijacker); ok {
			if c, _, err := hj.Hijack(); err == nil {
				c.Close()
			}
		}
	case "redirect 302", "redirect 307":
		code := http.StatusFound
		if h.mode == "redirect 307" {
			code = http.StatusTemporaryRedirect
		}
		http.Redirect(w, r, h.other.URL+r.URL.RequestURI(), code)
	default:
		panic("unknown mode " + h.mode)
	}
}

// hostileModes are the ways the service answers, each run against every
// command of hostileCommands.
var hostileModes = []string{
	"malformed", "mistyped", "empty objects", "echo 2xx", "echo 4xx", "storm 503", "429 for a day",
	"2xx asking a retry", "header only", "redirect 302", "redirect 307",
}

// failingModes answer with an error status only.
var failingModes = map[string]bool{"echo 4xx": true, "storm 503": true, "429 for a day": true}

// hostileCommands are the CLI's commands that talk to the service.
var hostileCommands = [][]string{
	{"company", "get", nordlicht},
	{"company", "get", nordlicht, "DE-HRB-F1103-1", "DE-HRB-F1103-2"},
	{"company", "owners", nordlicht},
	{"company", "ubo", nordlicht},
	{"company", "holdings", nordlicht},
	{"company", "financials", nordlicht},
	{"company", "tree", nordlicht},
	{"company", "documents", nordlicht},
	{"company", "contact", nordlicht},
	{"person", "get", "3f6c2a1e-8b4d-4c7a-9e21-5d0b7a4c1f01"},
	{"person", "holdings", "3f6c2a1e-8b4d-4c7a-9e21-5d0b7a4c1f01"},
	{"document", "get", "3f6c2a1e-8b4d-4c7a-9e21-5d0b7a4c1f01"},
	{"insolvency", "get", "3f6c2a1e-8b4d-4c7a-9e21-5d0b7a4c1f01"},
	{"search", "companies", "--query", "solar"},
	{"search", "companies", "--query", "solar", "--all"},
	{"search", "persons", "--query", "albers", "--all"},
	{"search", "insolvencies", "--all"},
	{"search", "autocomplete", "solar"},
	{"monitor", "list"},
	{"monitor", "create", nordlicht},
	{"credits"},
	{"transparency", "login", "--username", "max@example.de"},
	{"transparency", "extract", nordlicht},
}

var costLine = regexp.MustCompile(`cost: (\d+) credit`)

// TestHostileService runs every command against every hostile answer,
// with and without --json, under a budget: no panic, exit status 1 (the
// service failed, not the command line; 0 where a 2xx is all a command
// needs), no secret printed (API key,
// Transparenzregister password) and none carried to another origin by a
// redirect, nothing billed above what the CLI
// reports, and never above the budget.
func TestHostileService(t *testing.T) {
	if len(hostileCommands) == 0 {
		t.Fatal("no commands")
	}
	elsewhere := &hostile{mode: "echo 2xx"}
	other := httptest.NewServer(elsewhere)
	defer other.Close()
	for _, mode := range hostileModes {
		t.Run(mode, func(t *testing.T) { testHostileMode(t, mode, other, elsewhere) })
	}
}

func testHostileMode(t *testing.T, mode string, other *httptest.Server, elsewhere *hostile) {
	const budget = 30
	h := &hostile{mode: mode, other: other}
	srv := httptest.NewServer(h)
	defer srv.Close()
	{
		for _, args := range hostileCommands {
			for _, jsonOut := range []bool{false, true} {
				name := mode + "/" + strings.Join(args, " ")
				if jsonOut {
					name += " --json"
				}
				h.billed, elsewhere.billed, elsewhere.leaked = 0, 0, false
				full := append([]string{"--budget", strconv.Itoa(budget)}, args...)
				if jsonOut {
					full = append(full, "--json")
				}
				r, late := hostileRun(t, srv.URL, full)
				if late {
					// Every command would wait as long: one is enough to fail.
					t.Fatalf("%s: still running at its deadline (a wait the context or the retry cap should have ended)\nstderr %q", name, r.stderr)
				}
				// A 2xx may pass where the command reads nothing from the
				// body (a stored login); an error status never does.
				if r.code != exitFailed && (r.code != exitOK || failingModes[mode]) {
					t.Errorf("%s: exit %d, want 1\nstdout %q\nstderr %q", name, r.code, r.stdout, r.stderr)
				}
				out := r.stdout + r.stderr
				for _, secret := range []string{hostileKey, hostilePassword, strings.TrimPrefix(hostileKey, "sk_live_")} {
					if strings.Contains(out, secret) {
						t.Errorf("%s: printed a secret:\n%s", name, out)
					}
				}
				var counted int64
				if m := costLine.FindStringSubmatch(r.stderr); m != nil {
					counted, _ = strconv.ParseInt(m[1], 10, 64)
				}
				if elsewhere.leaked {
					t.Errorf("%s: a redirect carried the API key or the password to another origin", name)
				}
				billed := h.billed + elsewhere.billed
				if billed > counted || billed > budget {
					t.Errorf("%s: the service billed %d, the CLI reported %d (budget %d)\nstderr %q", name, billed, counted, budget, r.stderr)
				}
			}
		}
	}
}

// hostileRun runs the CLI against the hostile service with short retry
// waits (a Retry-After over 50ms is not waited for) and a deadline, the
// password in its environment, and reports whether the deadline came
// first.
func hostileRun(t *testing.T, url string, args []string) (result, bool) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	h := harness{
		stdin: "",
		env: map[string]string{
			"REGISTERDATA_API_KEY": hostileKey, "REGISTERDATA_BASE_URL": url,
			envTransparencyPassword: hostilePassword,
		},
		setup: func(a *app) {
			a.ctx = ctx
			a.clientOptions = append(a.clientOptions, registerdata.WithRetryWait(time.Millisecond, 5*time.Millisecond, 50*time.Millisecond))
		},
	}
	r := h.run(t, args...)
	return r, ctx.Err() != nil
}
