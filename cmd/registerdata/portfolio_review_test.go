package main

import (
	"strings"
	"testing"

	"github.com/registerdata/registerdata-go/cmd/registerdata/internal/output"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestReviewShowsEachEntryAsABlockReadableAt80Columns: every entry of the
// queue is a block of lines within 80 columns: what the customer wrote,
// what happened, and each candidate with its register entry and city;
// the list ends with the count and the command that settles an entry.
func TestReviewShowsEachEntryAsABlockReadableAt80Columns(t *testing.T) {
	e := newPortfolioEnv(t)
	e.imported(t)
	queue := e.reviews(t)
	require.Len(t, queue, 3, "C-3 (ambiguous), C-4 and C-5 (none)")
	h := e.withEnv("COLUMNS", "80")
	r := h.run(t, "portfolio", "review").wantCode(t, 0)
	lines := strings.Split(strings.TrimSuffix(r.stdout, "\n"), "\n")
	for _, l := range lines {
		assert.LessOrEqual(t, output.Width(l), 80, "line %q", l)
	}
	blocks := strings.Split(r.stdout, "\n\n")
	require.Len(t, blocks, 4, "a block per entry and the count:\n%s", r.stdout)
	c3 := blocks[0]
	assert.True(t, strings.HasPrefix(c3, "C-3  ambiguous"), c3)
	assert.Contains(t, c3, "customer wrote  Löwenherz Bau GmbH")
	assert.Contains(t, c3, "companies fit and none is confident enough")
	cands := queue["C-3"]["candidates"].([]any)
	require.NotEmpty(t, cands)
	for _, c := range cands {
		c := c.(map[string]any)
		assert.Contains(t, c3, c["company_id"].(string)+" ("+c["name"].(string)+")")
		assert.Contains(t, c3, "HRB "+c["register_number"].(string)+" at "+c["register_court"].(string)+"; "+c["city"].(string)+"; score")
		assert.NotEmpty(t, c["reasons"])
	}
	assert.Contains(t, blocks[1], "Quxbarfoo Zzyzx Unbekannt GmbH; Kassel")
	assert.Contains(t, blocks[1], "candidates      none")
	assert.Contains(t, blocks[2], `=HYPERLINK("http://x")`, "the customer's text shown as text")
	assert.Contains(t, blocks[3], "3 entries awaiting review")
	assert.Contains(t, blocks[3], "registerdata portfolio resolve REF COMPANY_ID")
}

// TestReviewShowsBothVersionsOfAChangedRow: a row a person resolved and
// imported again with other data waits with what was resolved and what
// it reads now.
func TestReviewShowsBothVersionsOfAChangedRow(t *testing.T) {
	e := newPortfolioEnv(t)
	e.imported(t)
	id := e.reviews(t)["C-3"]["candidates"].([]any)[0].(map[string]any)["company_id"].(string)
	e.h.run(t, "portfolio", "resolve", "C-3", id, "--as", "anna").wantCode(t, 0)
	in := t.TempDir() + "/changed.csv"
	writeFile(t, in, "ref,name,city\nC-3,Löwenherz Bau GmbH,Potsdam\n")
	r := e.h.run(t, "portfolio", "import", "--in", in).wantCode(t, 0)
	assert.Contains(t, r.stdout, "changed", "the import lists the row awaiting review")
	q := e.reviews(t)
	require.Contains(t, q, "C-3")
	assert.Equal(t, "changed", q["C-3"]["status"])
	assert.Equal(t, "Potsdam", q["C-3"]["row"].(map[string]any)["query"].(map[string]any)["city"])
	assert.NotContains(t, q["C-3"]["decided"].(map[string]any)["query"], "city")
	r = e.h.run(t, "portfolio", "review").wantCode(t, 0)
	assert.Regexp(t, `resolved on\s+Löwenherz Bau GmbH\n\s+now reads\s+Löwenherz Bau GmbH; Potsdam`, r.stdout)
	assert.Contains(t, r.stdout, id+" (Löwenherz Bau GmbH) (as resolved)")
}

// TestReviewOfAnEmptyQueueSaysSo.
func TestReviewOfAnEmptyQueueSaysSo(t *testing.T) {
	e := newPortfolioEnv(t)
	e.created(t)
	r := e.h.run(t, "portfolio", "review").wantCode(t, 0)
	assert.Equal(t, "the review queue is empty\n", r.stdout)
}
