package main

import (
	"io"
	"net/http"
	"net/http/httptest"
	"sync"
	"testing"

	"github.com/registerdata/registerdata-go/webhook"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// alertsReceiver counts the verified alerts it gets by webhook-id.
type alertsReceiver struct {
	mu  sync.Mutex
	ids map[string]int
	url string
}

func newAlertsReceiver(t *testing.T) *alertsReceiver {
	v, err := webhook.NewVerifier(portfolioSecret, webhook.WithTolerance(1<<62))
	require.NoError(t, err)
	r := &alertsReceiver{ids: map[string]int{}}
	hs := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, req *http.Request) {
		body, _ := io.ReadAll(req.Body)
		if !assert.NoError(t, v.Verify(req.Header, body)) {
			w.WriteHeader(http.StatusUnauthorized)
			return
		}
		r.mu.Lock()
		r.ids[req.Header.Get("webhook-id")]++
		r.mu.Unlock()
		w.WriteHeader(http.StatusNoContent)
	}))
	t.Cleanup(hs.Close)
	r.url = hs.URL + "/hooks"
	return r
}

func TestAlertsAreAddedListedWithoutTheirSecretTestedReplayedAndRemoved(t *testing.T) {
	e := newPortfolioEnv(t)
	e.imported(t)
	e.synced(t)
	r := newAlertsReceiver(t)
	h := e.withEnv(envAlertSecret, portfolioSecret)
	h.env["COLUMNS"] = "200"
	h.run(t, "portfolio", "alerts", "add", "crm", r.url, "--tag", "supplier", "--min-severity", "review").wantCode(t, 0)
	h.run(t, "portfolio", "alerts", "add", "all", r.url).wantCode(t, 0)
	h.run(t, "portfolio", "alerts", "add", "chat", "https://hooks.slack.com/services/T000/B000/TOKENTOKEN").wantCode(t, 0)
	e.h.run(t, "portfolio", "alerts", "add", "nosecret", r.url).wantCode(t, exitUsage)

	out := h.run(t, "portfolio", "alerts", "list").wantCode(t, 0)
	assert.NotContains(t, out.stdout+out.stderr, portfolioSecret, "the secret is never printed")
	assert.NotContains(t, out.stdout, "TOKENTOKEN", "a Slack URL's path is its credential")
	assert.Regexp(t, `(?m)^crm\s+webhook\s+\S+/hooks\s+set\s+review\s+supplier\s+0\s+0\s+0`, out.stdout)
	assert.Regexp(t, `(?m)^chat\s+slack\s+https://hooks.slack.com/…\s+none\s+all`, out.stdout)

	got := e.h.run(t, "portfolio", "alerts", "test", "all").wantCode(t, 0)
	assert.Contains(t, got.stdout, "all answered 204 No Content to the test message")

	e.h.run(t, "portfolio", "alerts", "replay", "all").wantCode(t, exitUsage)
	got = e.h.run(t, "portfolio", "alerts", "replay", "all", "--since", "0").wantCode(t, 0)
	assert.Regexp(t, `queued [1-9]\d* alerts after entry 0`, got.stdout)
	e.h.run(t, "portfolio", "work", "--drain").wantCode(t, 0)
	r.mu.Lock()
	n := 0
	for id, c := range r.ids {
		if len(id) > 8 && id[:8] == "journal-" {
			n++
			assert.Equal(t, 1, c, id)
		}
	}
	r.mu.Unlock()
	assert.Positive(t, n, "the replayed entries arrive")
	lines := jsonLines(t, e.h.run(t, "portfolio", "alerts", "list", "--json").wantCode(t, 0).stdout)
	require.Len(t, lines, 3)
	assert.Equal(t, false, lines[1]["secret_set"], "chat")
	assert.Equal(t, true, lines[2]["secret_set"], "crm")
	assert.EqualValues(t, n, lines[0]["sent"], "all: every replayed entry sent")

	e.h.run(t, "portfolio", "alerts", "remove", "crm").wantCode(t, 0)
	e.h.run(t, "portfolio", "alerts", "remove", "crm").wantCode(t, exitUsage)
	e.h.run(t, "portfolio", "alerts", "frobnicate").wantCode(t, exitUsage)
}

func TestAMailSubscriberNeedsTheSMTPSettingsAndTheErrorSaysWhichIsMissing(t *testing.T) {
	e := newPortfolioEnv(t)
	e.imported(t)
	r := e.h.run(t, "portfolio", "alerts", "add", "risk", "mailto:risk@bank.example").wantCode(t, exitUsage)
	assert.Contains(t, r.stderr, envSMTPHost)
	h := e.withEnv(envSMTPHost, "127.0.0.1")
	r = h.run(t, "portfolio", "alerts", "add", "risk", "mailto:risk@bank.example").wantCode(t, exitUsage)
	assert.Contains(t, r.stderr, envSMTPFrom)
	h.env[envSMTPFrom] = "alerts@bank.example"
	h.env[envSMTPUser] = "alerts"
	r = h.run(t, "portfolio", "alerts", "add", "risk", "mailto:risk@bank.example").wantCode(t, exitUsage)
	assert.Contains(t, r.stderr, envSMTPPassword)
	h.env[envSMTPPassword] = "Sm7p-cli-pass-42"
	r = h.run(t, "portfolio", "alerts", "add", "risk", "mailto:risk@bank.example", "--digest", "weekly").wantCode(t, 0)
	r = h.run(t, "portfolio", "alerts", "list", "--json").wantCode(t, 0)
	assert.Contains(t, r.stdout, `"kind":"mail"`)
	assert.NotContains(t, r.stdout+r.stderr, "Sm7p-cli-pass-42")
}
