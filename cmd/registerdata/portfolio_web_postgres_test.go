package main

import (
	"io"
	"net"
	"net/http"
	"net/url"
	"os"
	"os/exec"
	"strings"
	"syscall"
	"testing"
	"time"

	registerdata "github.com/registerdata/registerdata-go"
	"github.com/registerdata/registerdata-go/enums"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestTheWorkplaceOnPostgreSQLShowsWhatWorkersInOtherProcessesDo: one
// PostgreSQL database; "portfolio serve --no-work" records the
// service's deliveries, two "portfolio work" processes (the built
// binary, each its own process) do the checks, and "portfolio web"
// serves the workplace. A company going into liquidation reaches the
// workplace's flags through the other processes; a reviewer acknowledges
// it there, and the audit trail and the journal show it; a delivery sent
// twice is checked once.
func TestTheWorkplaceOnPostgreSQLShowsWhatWorkersInOtherProcessesDo(t *testing.T) {
	const pw = "correct horse battery staple"
	const company = "DE-HRB-F1103-267645"
	pg := newPGCluster(t)
	pg.Start(t)
	e := newPortfolioEnv(t)
	e.db = pgDSN(t, pg)
	e.h = e.withEnv(envPortfolioDB, e.db)
	e.imported(t)
	e.h.stdin = pw + "\n"
	e.h.run(t, "portfolio", "users", "add", "anna", "--role", "reviewer", "--password-stdin", "--as", "root@bank.example").wantCode(t, 0)
	e.h.stdin = ""

	var workers []*exec.Cmd
	for i := range 2 {
		cmd := exec.Command(builtTool(t), "portfolio", "work")
		cmd.Env = append(os.Environ(), "COLUMNS=", registerdata.EnvAPIKey+"="+e.srv.APIKey, registerdata.EnvBaseURL+"="+e.srv.URL, envPortfolioDB+"="+e.db)
		var errb syncBuffer
		cmd.Stderr, cmd.Stdout = &errb, io.Discard
		require.NoError(t, cmd.Start(), "worker %d", i)
		workers = append(workers, cmd)
		t.Cleanup(func() {
			_ = cmd.Process.Kill()
			_ = cmd.Wait()
		})
		w := &running{stderr: &errb, stdout: &syncBuffer{}, done: make(chan result, 1)}
		w.waitStderr(t, "working the queue")
	}

	ls, err := net.Listen("tcp", "127.0.0.1:0")
	require.NoError(t, err)
	serve := start(t, e.h, ls, "portfolio", "serve", "--no-work")
	serve.waitStderr(t, "receiving webhooks on")
	lw, err := net.Listen("tcp", "127.0.0.1:0")
	require.NoError(t, err)
	base := "http://" + lw.Addr().String()
	webp := start(t, e.h, lw, "portfolio", "web")
	webp.waitStderr(t, "serving the workplace on http://")

	require.NoError(t, e.srv.UpdateCompany(company, func(co *registerdata.Company) { co.Status = enums.CompanyStatusLiquidation }))
	hooks := "http://" + ls.Addr().String() + "/hooks"
	for _, id := range []string{"msg_liq_1", "msg_liq_1"} {
		status, _ := deliver(t, hooks, id)
		require.Equal(t, http.StatusNoContent, status)
	}

	c := newWebClient(t, base)
	status, body := c.post("/login", url.Values{"username": {"anna"}, "password": {pw}, "next": {"/flags"}})
	require.Equal(t, http.StatusOK, status, body)
	// The checks run in the workers' processes: the workplace shows the
	// flag once one of them has written it.
	webp.waitFor(t, "the liquidation flag on the workplace's flags page", func() bool {
		return strings.Contains(c.get("/flags"), `value="liquidation"`)
	})
	status, body = c.post("/flags/acknowledge", url.Values{"company_id": {company}, "code": {"liquidation"}, "note": {"in talks with the liquidator"}})
	require.Equal(t, http.StatusOK, status, body)
	assert.Contains(t, body, "The flag was acknowledged.")
	audit := c.get("/audit")
	assert.Contains(t, audit, "acknowledge")
	assert.Contains(t, audit, "in talks with the liquidator")
	journal := c.get("/journal?ref=C-1")
	assert.Equal(t, 1, strings.Count(journal, "raised <code>liquidation</code>"), "the delivery sent twice was checked once")

	for i, w := range workers {
		require.NoError(t, w.Process.Signal(syscall.SIGINT))
		done := make(chan error, 1)
		go func() { done <- w.Wait() }()
		select {
		case err := <-done:
			assert.NoError(t, err, "worker %d stops cleanly on Ctrl-C", i)
		case <-time.After(time.Minute):
			t.Fatalf("worker %d did not stop within a minute of Ctrl-C", i)
		}
	}
	for _, r := range []*running{serve, webp} {
		res := r.stop()
		assert.Equal(t, 0, res.code, res.stderr)
		assert.NotContains(t, res.stderr, pgPassword)
	}
}
