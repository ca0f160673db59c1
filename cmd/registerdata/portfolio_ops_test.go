package main

import (
	"bufio"
	"encoding/json"
	"io"
	"net"
	"net/http"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// get is the status and body of GET url.
func get(t *testing.T, url string) (int, string) {
	t.Helper()
	resp, err := http.Get(url)
	require.NoError(t, err)
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	require.NoError(t, err)
	return resp.StatusCode, string(b)
}

// scrape is GET /metrics at base: each sample's value by its name and
// labels as the text format writes them (`name{a="x",b="y"}`).
func scrape(t *testing.T, base string) map[string]float64 {
	t.Helper()
	status, body := get(t, base+"/metrics")
	require.Equal(t, http.StatusOK, status, body)
	out := map[string]float64{}
	sc := bufio.NewScanner(strings.NewReader(body))
	for sc.Scan() {
		line := sc.Text()
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		i := strings.LastIndexByte(line, ' ')
		require.Positive(t, i, line)
		v, err := strconv.ParseFloat(line[i+1:], 64)
		require.NoError(t, err, line)
		out[line[:i]] = v
	}
	return out
}

// listener is a loopback listener for a command's --addr, and its URL.
func listener(t *testing.T) (net.Listener, string) {
	t.Helper()
	l, err := net.Listen("tcp", "127.0.0.1:0")
	require.NoError(t, err)
	return l, "http://" + l.Addr().String()
}

// TestHealthzOfServeAndWorkAnswers503OnceThePostgreSQLServerStops: serve
// and work --addr answer GET /healthz 200 "ok" while PostgreSQL answers,
// 503 once it is stopped (its cause on stderr, the DSN's password not),
// and 200 again once it is back; /metrics meanwhile answers without the
// queue, and says why on stderr.
func TestHealthzOfServeAndWorkAnswers503OnceThePostgreSQLServerStops(t *testing.T) {
	pg := newPGCluster(t)
	e := newPortfolioEnv(t)
	h := e.withEnv(envPortfolioDB, pgDSN(t, pg))
	pg.Start(t)
	e.db = pgDSN(t, pg)
	e.created(t)
	for _, args := range [][]string{{"portfolio", "serve"}, {"portfolio", "work", "--addr", "127.0.0.1:0"}} {
		l, base := listener(t)
		r := start(t, h, l, args...)
		r.waitStderr(t, "working the queue")
		status, body := get(t, base+"/healthz")
		assert.Equal(t, http.StatusOK, status, "%v: %s", args, body)
		assert.Equal(t, "ok\n", body)

		pg.Stop(t)
		status, body = get(t, base+"/healthz")
		assert.Equal(t, http.StatusServiceUnavailable, status, "%v: %s", args, body)
		assert.Contains(t, body, "does not answer")
		r.waitStderr(t, "health: the portfolio's database does not answer")
		m := scrape(t, base)
		assert.NotContains(t, m, `registerdata_portfolio_queue_jobs{kind="delivery",state="available"}`, "the queue cannot be read")
		assert.Contains(t, m, `registerdata_portfolio_credits_total`, "the other metrics are answered")
		r.waitStderr(t, "metrics: the queue could not be read")

		pg.Start(t)
		status, _ = get(t, base+"/healthz")
		assert.Equal(t, http.StatusOK, status, "%v: the database is back", args)
		res := r.stop()
		assert.Equal(t, 0, res.code, res.stderr)
		assert.NotContains(t, res.stderr, pgPassword)
	}
}

// TestHealthzAnswers503UntilTheDatabaseIsReached: started while the
// database is down, work --addr serves already and answers 503.
func TestHealthzAnswers503UntilTheDatabaseIsReached(t *testing.T) {
	pg := newPGCluster(t)
	e := newPortfolioEnv(t)
	h := e.withEnv(envPortfolioDB, pgDSN(t, pg))
	l, base := listener(t)
	r := start(t, h, l, "portfolio", "work", "--addr", "127.0.0.1:0")
	r.waitStderr(t, "the portfolio database is unavailable; trying again")
	status, body := get(t, base+"/healthz")
	assert.Equal(t, http.StatusServiceUnavailable, status, body)
	assert.Contains(t, body, "has not answered yet")
	r.stop()
}

// TestMetricsAndLogOfADeliveryAndItsJob: a delivery, its redelivery and
// an unsigned request, then the delivery's check, move each counter of
// /metrics by exactly one, the credits by what the check cost; the log
// has one JSON line per delivery and per job with the event id, the
// company's name and id, the outcome, the credits, the credits spent and
// the duration, and never the webhook secret or the API key.
func TestMetricsAndLogOfADeliveryAndItsJob(t *testing.T) {
	e := newPortfolioEnv(t)
	e.imported(t)
	before := e.spent()
	l, base := listener(t)
	r := start(t, e.h, l, "portfolio", "serve", "--log-format", "json")
	r.waitStderr(t, "working the queue")
	m := scrape(t, base)
	assert.Equal(t, 0.0, m[`registerdata_portfolio_credits_total`])
	assert.NotContains(t, m, `registerdata_portfolio_deliveries_total{outcome="received",status="204"}`)
	assert.Equal(t, 0.0, m[`registerdata_portfolio_queue_jobs{kind="delivery",state="available"}`])

	status, _ := deliver(t, base+"/hooks", "msg_metrics")
	require.Equal(t, http.StatusNoContent, status)
	r.waitStderr(t, `"msg":"job"`)
	status, _ = deliver(t, base+"/hooks", "msg_metrics")
	require.Equal(t, http.StatusNoContent, status, "the redelivery")
	resp, err := http.Post(base+"/hooks", "application/json", strings.NewReader(`{}`))
	require.NoError(t, err)
	resp.Body.Close()
	require.Equal(t, http.StatusUnauthorized, resp.StatusCode)

	cost := e.spent() - before
	require.Positive(t, cost, "the check fetched the company")
	// The job's row is marked completed after its run returns.
	r.waitFor(t, "the delivery's job completed", func() bool {
		return scrape(t, base)[`registerdata_portfolio_queue_jobs{kind="delivery",state="running"}`] == 0
	})
	m = scrape(t, base)
	assert.Equal(t, 1.0, m[`registerdata_portfolio_deliveries_total{outcome="received",status="204"}`])
	assert.Equal(t, 1.0, m[`registerdata_portfolio_deliveries_total{outcome="duplicate",status="204"}`])
	assert.Equal(t, 1.0, m[`registerdata_portfolio_deliveries_total{outcome="refused",status="401"}`])
	assert.Equal(t, 1.0, m[`registerdata_portfolio_jobs_total{outcome="done"}`])
	assert.NotContains(t, m, `registerdata_portfolio_jobs_total{outcome="failed"}`)
	assert.Equal(t, float64(cost), m[`registerdata_portfolio_credits_total`])
	for _, state := range []string{"available", "running", "retryable", "scheduled"} {
		assert.Equal(t, 0.0, m[`registerdata_portfolio_queue_jobs{kind="delivery",state="`+state+`"}`], state)
	}
	assert.Contains(t, m, `registerdata_portfolio_queue_oldest_age_seconds{kind="delivery"}`)
	for sample := range m {
		name, _, _ := strings.Cut(sample, "{")
		assert.Regexp(t, `(?m)^  `+name+`(\{|$)`, opsHelp, "the help explains %s", name)
	}

	res := r.stop()
	assert.Equal(t, 0, res.code, res.stderr)
	var jobs, deliveries []map[string]any
	for _, line := range strings.Split(res.stderr, "\n") {
		var v map[string]any
		if json.Unmarshal([]byte(line), &v) != nil {
			continue
		}
		switch v["msg"] {
		case "job":
			jobs = append(jobs, v)
		case "delivery":
			deliveries = append(deliveries, v)
		}
	}
	require.Len(t, jobs, 1, res.stderr)
	j := jobs[0]
	assert.Equal(t, "msg_metrics", j["event_id"])
	assert.Equal(t, "DE-HRB-F1103-267645", j["company_id"])
	assert.NotEmpty(t, j["company"])
	assert.Equal(t, "done", j["outcome"])
	assert.Equal(t, float64(cost), j["credits"])
	assert.Equal(t, float64(cost), j["spent"])
	assert.Positive(t, j["duration"])
	require.Len(t, deliveries, 3, res.stderr)
	assert.Equal(t, []any{"received", "duplicate", "refused"}, []any{deliveries[0]["outcome"], deliveries[1]["outcome"], deliveries[2]["outcome"]})
	assert.Equal(t, "msg_metrics", deliveries[0]["event_id"])
	assert.Contains(t, res.stderr, "cost: ", "the cost on exit")
	assert.NotContains(t, res.stderr, portfolioSecret)
	assert.NotContains(t, res.stderr, strings.TrimPrefix(portfolioSecret, "whsec_"))
	assert.NotContains(t, res.stderr, e.srv.APIKey)
}

// TestLogFormatIsTextOrJSON: --log-format takes text or json; a job's
// line of work's text log is key=value with every field, the default.
func TestLogFormatIsTextOrJSON(t *testing.T) {
	e := newPortfolioEnv(t)
	e.imported(t)
	l, base := listener(t)
	s := start(t, e.h, l, "portfolio", "serve", "--no-work")
	s.waitStderr(t, "receiving webhooks")
	status, _ := deliver(t, base+"/hooks", "msg_text")
	require.Equal(t, http.StatusNoContent, status)
	res := s.stop()
	assert.Regexp(t, `level=INFO msg=delivery event_id=msg_text company_id=DE-HRB-F1103-267645 outcome=received status=204 duration=\S+`, res.stderr)
	before := e.spent()
	r := e.h.run(t, "portfolio", "work", "--drain").wantCode(t, 0)
	cost := e.spent() - before
	assert.Regexp(t, `level=INFO msg=job event_id=msg_text company="[^"]+" company_id=DE-HRB-F1103-267645 outcome=done attempt=1 credits=`+strconv.FormatInt(cost, 10)+` spent=`+strconv.FormatInt(cost, 10)+` duration=\S+`, r.stderr)

	r = e.h.run(t, "portfolio", "work", "--log-format", "xml")
	assert.Equal(t, 2, r.code)
	assert.Contains(t, r.stderr, `--log-format "xml": want text or json`)
	r = e.h.run(t, "portfolio", "work", "--drain", "--addr", "127.0.0.1:0")
	assert.Equal(t, 2, r.code)
	assert.Contains(t, r.stderr, "give one of them")
}
