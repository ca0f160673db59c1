package main

import (
	"net"
	"net/http"
	"net/url"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestPortfolioWebOpensTheRealDossierWithinTheConfirmedCredits: signed
// in as a reviewer, the company page offers the dossier at the
// --dossier-credits limit; confirmed, the server builds it with
// registerdatareport, the service bills no more than the limit, and the
// audit trail says who spent how much.
func TestPortfolioWebOpensTheRealDossierWithinTheConfirmedCredits(t *testing.T) {
	const pw = "correct horse battery staple"
	e := newPortfolioEnv(t)
	e.imported(t)
	h := e.h
	h.stdin = pw + "\n"
	h.run(t, "portfolio", "users", "add", "anna", "--role", "reviewer", "--password-stdin", "--as", "root@bank.example").wantCode(t, 0)
	l, err := net.Listen("tcp", "127.0.0.1:0")
	require.NoError(t, err)
	base := "http://" + l.Addr().String()
	w := start(t, e.h, l, "portfolio", "web", "--dossier-credits", "150")
	w.waitStderr(t, "serving the workplace on http://")

	c := newWebClient(t, base)
	status, body := c.post("/login", url.Values{"username": {"anna"}, "password": {pw}, "next": {"/company?id=DE-HRB-F1103-267645"}})
	require.Equal(t, http.StatusOK, status, body)
	assert.Contains(t, body, "Register data")
	assert.Contains(t, body, "at most 150 credits")

	before := e.spent()
	status, body = c.post("/company/dossier", url.Values{"id": {"DE-HRB-F1103-267645"}})
	require.Equal(t, http.StatusOK, status, body)
	assert.Equal(t, before, e.spent(), "asking spends nothing")
	status, body = c.post("/company/dossier", url.Values{"id": {"DE-HRB-F1103-267645"}, "confirm": {"yes"}})
	require.Equal(t, http.StatusOK, status, body)
	assert.Contains(t, body, "Nordlicht Solartechnik", "the dossier itself")
	spent := e.spent() - before
	assert.Positive(t, spent)
	assert.LessOrEqual(t, spent, int64(150), "never more than confirmed")
	r := w.stop()
	assert.Equal(t, 0, r.code, r.stderr)

	audit := e.h.run(t, "portfolio", "audit", "--json").wantCode(t, 0)
	var found bool
	for _, l := range jsonLines(t, audit.stdout) {
		if l["action"] == "spend" {
			found = true
			assert.Equal(t, "anna", l["actor"].(map[string]any)["id"])
			assert.Contains(t, audit.stdout, `"credits":`, "the spend's figure")
		}
	}
	assert.True(t, found, "the spend is in the audit trail: %s", audit.stdout)
}
