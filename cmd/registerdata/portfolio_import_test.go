package main

import (
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestImportFailsWithTheCountAndNamesRepeatedRefsByFileLine: rows that
// fail make the exit status 1 with how many of how many; a ref repeated
// in the file is named by the lines of the file (a quoted cell over two
// lines makes them differ from the row numbers).
func TestImportFailsWithTheCountAndNamesRepeatedRefsByFileLine(t *testing.T) {
	e := newPortfolioEnv(t)
	in := filepath.Join(t.TempDir(), "rows.csv")
	writeFile(t, in, "ref,name,city,company_id\n"+
		"A-1,,,DE-HRB-F1103-267645\n"+
		"A-2,\"Löwenherz\nBau GmbH\",Berlin,\n"+
		"A-1,,,DE-HRB-F1103-267645\n"+
		",,,DE-HRB-F1103-267645\n")
	r := e.h.run(t, "portfolio", "import", "--in", in).wantCode(t, exitFailed)
	assert.Contains(t, r.stderr, "registerdata: 2 of 4 rows failed: line 5 (A-1): ref repeated: line 5 has the ref \"A-1\" of line 2, which is imported; line 5 is not")
	assert.Contains(t, r.stderr, "line 6 (): ")
	assert.Regexp(t, `(?m)^\s+5\s+A-1\s+failed\s`, r.stdout)

	r = e.h.run(t, "portfolio", "import", "--in", in, "--json").wantCode(t, exitFailed)
	lines := jsonLines(t, r.stdout)
	require.Len(t, lines, 4)
	assert.EqualValues(t, 5, lines[2]["line"])
	assert.Contains(t, lines[2]["error"], "line 5 has the ref \"A-1\" of line 2")
}

// TestImportListsRowsAwaitingReviewWithWhatTheyName: the table of rows
// awaiting review shows each row's line, name and city, and what
// happened.
func TestImportListsRowsAwaitingReviewWithWhatTheyName(t *testing.T) {
	e := newPortfolioEnv(t)
	in := filepath.Join(t.TempDir(), "customers.csv")
	writeFile(t, in, portfolioCustomers)
	r := e.withEnv("COLUMNS", "120").run(t, "portfolio", "import", "--in", in).wantCode(t, 0)
	assert.Regexp(t, `(?m)^LINE\s+REF\s+OUTCOME\s+NAME\s+CITY\s+WHY$`, r.stdout)
	assert.Regexp(t, `(?m)^\s+4\s+C-3\s+ambiguous\s+Löwenherz Bau GmbH\s+\d companies fit and none is confident`, r.stdout)
	assert.Regexp(t, `(?m)^\s+5\s+C-4\s+none\s+Quxbarfoo Zzyzx Unbekannt GmbH\s+Kassel\s+no company fits the row`, r.stdout)
}
