package web

import (
	"encoding/csv"
	"net/http"
	"net/url"
	"strings"
	"testing"

	registerdata "github.com/registerdata/registerdata-go"
	"github.com/registerdata/registerdata-go/portfolio"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// formulaRef is a customer's key a spreadsheet would run.
const formulaRef = `=HYPERLINK("http://x";"y")`

// TestTheAuditExportIsEveryEntryWithItsHashAndNoFormula: the CSV holds
// every entry of the chain, in order, with its hash, and a note a
// spreadsheet would run as a formula is quoted.
func TestTheAuditExportIsEveryEntryWithItsHashAndNoFormula(t *testing.T) {
	engines(t, func(t *testing.T, dsn string) {
		rows := append(defaultRows(), portfolio.Row{Ref: formulaRef, Query: registerdata.MatchQuery{Name: "Quxbarfoo Zzyzx Formel GmbH", City: "Kassel"}})
		f := newFixture(t, dsn, rows)
		c := f.client(t, reviewer)
		status, body := f.post(t, c, "", "/queue/resolve", url.Values{"ref": {formulaRef}, "choice": {"none"}, "note": {"not in the register"}})
		require.Equal(t, http.StatusSeeOther, status, body)
		res, err := c.Get(f.ts.URL + "/audit.csv")
		require.NoError(t, err)
		defer res.Body.Close()
		assert.Equal(t, "text/csv; charset=utf-8", res.Header.Get("Content-Type"))
		lines, err := csv.NewReader(res.Body).ReadAll()
		require.NoError(t, err)
		require.Len(t, lines, f.auditLen(t)+1, "a header and every entry")
		assert.Equal(t, []string{"seq", "at", "actor_id", "actor_name", "action", "subject", "detail", "hash"}, lines[0])
		last := lines[len(lines)-1]
		assert.Equal(t, lastAudit(t, f.p).Hash, last[7])
		assert.Equal(t, "resolve", last[4])
		assert.Equal(t, "'"+formulaRef, last[5], "the ref is quoted, not run")
		for _, row := range lines[1:] {
			for _, cell := range row {
				assert.False(t, strings.HasPrefix(cell, "="), "no cell starts a formula: %q", cell)
			}
		}
	})
}

func TestTheAuditPageShowsTheDetailAsLinesOfText(t *testing.T) {
	assert.Equal(t, []string{"company id: DE-HRB-F1103-267645", "credits: 55", "what: dossier"},
		detailLines([]byte(`{"what":"dossier","company_id":"DE-HRB-F1103-267645","credits":55}`)), "sorted, one field a line, strings unquoted")
	assert.Equal(t, []string{"tags: [\"a\",\"b\"]"}, detailLines([]byte(`{"tags":["a","b"],"note":""}`)), "empty strings left out, the rest as JSON")
	assert.Nil(t, detailLines([]byte(`{}`)))
	assert.Equal(t, []string{"proposed by: Anna Richter <anna@bank.example>", "tags: a: 1, b: x"},
		detailLines([]byte(`{"proposed_by":{"id":"anna@bank.example","name":"Anna Richter"},"tags":{"a":1,"b":"x"}}`)), "an actor as people read it, an object as its fields")
	assert.Equal(t, []string{"[1,2]"}, detailLines([]byte(`[1,2]`)), "not an object: as it is")
	assert.Equal(t, []string{"by: id: anna, name: Anna, role: admin"},
		detailLines([]byte(`{"by":{"id":"anna","name":"Anna","role":"admin"}}`)), "an object with an id and more than a name is not an actor")
	assert.Equal(t, []string{"by: anna"}, detailLines([]byte(`{"by":{"id":"anna"}}`)), "an actor without a name: its id")

	f := newFixture(t, sqliteDSNFor(t), nil)
	c := f.client(t, reviewer)
	status, body := f.post(t, c, "", "/queue/resolve", url.Values{"ref": {"C-4"}, "choice": {"none"}, "note": {"<b>not</b> in the register\u202e"}})
	require.Equal(t, http.StatusSeeOther, status, body)
	status, body = f.get(t, c, "/audit")
	require.Equal(t, http.StatusOK, status)
	assert.Contains(t, body, "note: &lt;b&gt;not&lt;/b&gt; in the register", "the note as text, escaped")
	assert.NotContains(t, body, "\u202e", "a bidi control is shown, not applied")
	assert.NotContains(t, body, `{&#34;`, "no raw JSON")
}
