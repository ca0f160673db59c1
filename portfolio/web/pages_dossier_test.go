package web

import (
	"html"
	"net/http"
	"net/url"
	"strconv"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestTheDossierShowsItsPriceAndAsksBeforeSpending(t *testing.T) {
	f := newFixture(t, sqliteDSNFor(t), nil)
	c := f.client(t, reviewer)
	status, body := f.get(t, c, "/company?id="+nordlicht)
	require.Equal(t, http.StatusOK, status)
	assert.Contains(t, body, `action="/company/dossier"`, "a reviewer may open the dossier")
	assert.Contains(t, body, "at most 120 credits")
	_, body = f.get(t, f.client(t, viewer), "/company?id="+nordlicht)
	assert.NotContains(t, body, `action="/company/dossier"`, "a viewer is not offered it")

	balance, audit := f.srv.Credits(f.srv.APIKey), f.auditLen(t)
	status, body = f.post(t, c, "", "/company/dossier", url.Values{"id": {nordlicht}})
	require.Equal(t, http.StatusOK, status, body)
	assert.Contains(t, body, "at most 120 credits", "the price, asked first")
	assert.Contains(t, body, `name="confirm" value="yes"`)
	assert.Equal(t, balance, f.srv.Credits(f.srv.APIKey), "asking spends nothing")
	assert.Equal(t, audit, f.auditLen(t))

	res, err := c.PostForm(f.ts.URL+"/company/dossier", url.Values{"id": {nordlicht}, "confirm": {"yes"}})
	require.NoError(t, err)
	doc := readAll(t, res)
	res.Body.Close()
	require.Equal(t, http.StatusOK, res.StatusCode, doc)
	co, _ := f.srv.Company(nordlicht)
	assert.Contains(t, html.UnescapeString(doc), co.Name.Name)
	assert.Contains(t, res.Header.Get("Content-Security-Policy"), "sandbox", "the dossier runs nothing")
	assert.NotContains(t, res.Header.Get("Content-Security-Policy"), "script")
	spent := balance - f.srv.Credits(f.srv.APIKey)
	assert.Positive(t, spent, "confirmed, the dossier is paid for")
	require.Equal(t, audit+1, f.auditLen(t), "and the spend is in the audit")
	last := lastAudit(t, f.p)
	assert.Equal(t, "spend", last.Action)
	assert.Equal(t, reviewer.ID, last.Actor.ID)
	assert.Contains(t, string(last.Detail), `"credits":`+strconv.FormatInt(spent, 10))
}

func TestADossierOfAnUnknownCompanySpendsNothingAndSaysSo(t *testing.T) {
	f := newFixture(t, sqliteDSNFor(t), nil)
	c := f.client(t, reviewer)
	balance, audit := f.srv.Credits(f.srv.APIKey), f.auditLen(t)
	status, body := f.post(t, c, "", "/company/dossier", url.Values{"id": {"DE-HRB-X0000-1"}, "confirm": {"yes"}})
	assert.Equal(t, http.StatusBadRequest, status)
	assert.Contains(t, html.UnescapeString(body), "The service knows no company \"DE-HRB-X0000-1\": no credits spent")
	assert.Equal(t, balance, f.srv.Credits(f.srv.APIKey))
	assert.Equal(t, audit, f.auditLen(t), "nothing spent, nothing recorded")
}
