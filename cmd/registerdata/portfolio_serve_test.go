package main

import (
	"bytes"
	"context"
	"fmt"
	"net"
	"net/http"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/registerdata/registerdata-go/webhook"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// running is a command run in the background with its stdout and stderr
// readable while it runs.
type running struct {
	stdout *syncBuffer
	stderr *syncBuffer
	cancel context.CancelFunc
	done   chan result
}

// start runs args with h in the background; l, if not nil, is the
// listener the command gets for its --addr.
func start(t *testing.T, h harness, l net.Listener, args ...string) *running {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	r := &running{stdout: &syncBuffer{}, stderr: &syncBuffer{}, cancel: cancel, done: make(chan result, 1)}
	setup := h.setup
	h.setup = func(a *app) {
		if setup != nil {
			setup(a)
		}
		a.ctx = ctx
		a.stdout, a.stderr = r.stdout, r.stderr
		if l != nil {
			a.listen = func(string, string) (net.Listener, error) { return l, nil }
		}
	}
	go func() { r.done <- h.run(t, args...) }()
	t.Cleanup(func() {
		cancel()
		<-r.done
	})
	return r
}

// waitStderr waits until the command's stderr contains s, or fails the
// test when the command ends or a minute passes first.
func (r *running) waitStderr(t *testing.T, s string) {
	t.Helper()
	r.waitFor(t, fmt.Sprintf("%q on stderr", s), func() bool { return strings.Contains(r.stderr.String(), s) })
}

// waitFor waits until cond holds, or fails the test when the command
// ends or a minute passes first.
func (r *running) waitFor(t *testing.T, what string, cond func() bool) {
	t.Helper()
	deadline := time.Now().Add(time.Minute)
	tick := time.NewTicker(20 * time.Millisecond)
	defer tick.Stop()
	for !cond() {
		select {
		case res := <-r.done:
			r.done <- res
			t.Fatalf("the command ended (status %d) before %s; stdout:\n%s\nstderr:\n%s", res.code, what, r.stdout.String(), r.stderr.String())
		case <-tick.C:
		}
		if time.Now().After(deadline) {
			t.Fatalf("timed out waiting for %s; stdout:\n%s\nstderr:\n%s", what, r.stdout.String(), r.stderr.String())
		}
	}
}

// untilStderrOrEnd waits until the command ends, or its stderr contains
// s and it is then stopped (Ctrl-C), and returns how it ended; it fails
// the test when a minute passes first.
func (r *running) untilStderrOrEnd(t *testing.T, s string) result {
	t.Helper()
	deadline := time.Now().Add(time.Minute)
	tick := time.NewTicker(20 * time.Millisecond)
	defer tick.Stop()
	for {
		select {
		case res := <-r.done:
			r.done <- res
			res.stdout, res.stderr = r.stdout.String(), r.stderr.String()
			return res
		case <-tick.C:
			if strings.Contains(r.stderr.String(), s) {
				return r.stop()
			}
		}
		if time.Now().After(deadline) {
			t.Fatalf("timed out waiting for %q on stderr or the end; stdout:\n%s\nstderr:\n%s", s, r.stdout.String(), r.stderr.String())
		}
	}
}

// stop cancels the command (Ctrl-C) and returns how it ended.
func (r *running) stop() result {
	r.cancel()
	res := <-r.done
	r.done <- res
	res.stdout, res.stderr = r.stdout.String(), r.stderr.String()
	return res
}

// TestServeAndWorkStartedWhileTheDatabaseIsDownWaitForIt: "portfolio
// work" and "portfolio serve" started while PostgreSQL is down do not
// exit: they say on stderr that the database is unavailable (its DSN
// shown without the password) and try again, serve answering deliveries
// 503 with a Retry-After meanwhile; once the server is started they
// open the portfolio and run until Ctrl-C, serve recording deliveries.
func TestServeAndWorkStartedWhileTheDatabaseIsDownWaitForIt(t *testing.T) {
	pg := newPGCluster(t)
	e := newPortfolioEnv(t)
	h := e.withEnv(envPortfolioDB, pgDSN(t, pg))
	host := "127.0.0.1:" + strconv.Itoa(pg.Port)
	pg.Start(t) // the portfolio exists (serve and work open only an existing one)
	e.db = pgDSN(t, pg)
	e.created(t)
	pg.Stop(t)

	w := start(t, h, nil, "portfolio", "work")
	w.waitStderr(t, "the portfolio database is unavailable; trying again")
	pg.Start(t)
	w.waitStderr(t, "working the queue")
	res := w.stop()
	assert.Equal(t, 0, res.code, res.stderr)
	assert.Contains(t, res.stderr, host, "the message names the database")
	assert.NotContains(t, res.stderr, pgPassword, "but not its password")

	pg.Stop(t)
	l, err := net.Listen("tcp", "127.0.0.1:0")
	require.NoError(t, err)
	url := "http://" + l.Addr().String() + "/hooks"
	s := start(t, h, l, "portfolio", "serve")
	s.waitStderr(t, "the portfolio database is unavailable; trying again")
	status, retry := deliver(t, url, "msg_early")
	assert.Equal(t, http.StatusServiceUnavailable, status, "a delivery before the database answers is refused for now")
	assert.NotEmpty(t, retry, "with a Retry-After")
	pg.Start(t)
	s.waitStderr(t, "working the queue")
	status, _ = deliver(t, url, "msg_early")
	assert.Equal(t, http.StatusNoContent, status, "the delivery again, once the database answers")
	res = s.stop()
	assert.Equal(t, 0, res.code, res.stderr)
	assert.Contains(t, res.stderr, host)
	assert.NotContains(t, res.stderr, pgPassword)
}

// deliver posts a signed delivery with the webhook id id to url and
// returns the answer's status and Retry-After.
func deliver(t *testing.T, url, id string) (int, string) {
	t.Helper()
	body := []byte(`{"type":"monitor.change","entity_type":"company","entity_id":"DE-HRB-F1103-267645","categories":["basic"]}`)
	hd, err := webhook.SignedHeaders(portfolioSecret, id, time.Now(), body)
	require.NoError(t, err)
	req, err := http.NewRequest(http.MethodPost, url, bytes.NewReader(body))
	require.NoError(t, err)
	req.Header = hd
	resp, err := http.DefaultClient.Do(req)
	require.NoError(t, err)
	resp.Body.Close()
	return resp.StatusCode, resp.Header.Get("Retry-After")
}

// TestRescueAfterReachesTheWorkers: --rescue-after is the portfolio's
// rescue time (WithRescueAfter), as work and serve report it, a job's
// own run bounded below it; its default bounds a dead worker's delay to
// a minute; a value out of its bounds is refused.
func TestRescueAfterReachesTheWorkers(t *testing.T) {
	e := newPortfolioEnv(t)
	e.created(t) // work and serve open only an existing portfolio
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"portfolio", "work"}, "after 30s (--rescue-after) and River's next rescue round, within 1m0s; a job runs at most 15s"},
		{[]string{"portfolio", "work", "--rescue-after", "20s"}, "after 20s (--rescue-after) and River's next rescue round, within 50s; a job runs at most 10s"},
		{[]string{"portfolio", "serve", "--addr", "127.0.0.1:0", "--rescue-after", "2m"}, "after 2m0s (--rescue-after) and River's next rescue round, within 2m30s; a job runs at most 1m0s"},
	} {
		r := start(t, e.h, nil, tc.args...)
		r.waitStderr(t, "working the queue")
		res := r.stop()
		assert.Equal(t, 0, res.code, res.stderr)
		assert.Contains(t, res.stderr, tc.want, "%v", tc.args)
	}
	for _, bad := range []string{"0s", "5s", "25h"} {
		r := e.h.run(t, "portfolio", "work", "--rescue-after", bad)
		assert.Equal(t, 2, r.code, bad)
		assert.Contains(t, r.stderr, "--rescue-after "+bad[:len(bad)-1], bad)
	}
}
