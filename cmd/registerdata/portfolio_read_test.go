package main

import (
	"fmt"
	"regexp"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestEventsPrintABlockPerEntryThroughAPipe: through a pipe (the test's
// buffer) each journal entry is a block of its own lines: a heading with
// its number and the company's id and name, then its lines indented.
func TestEventsPrintABlockPerEntryThroughAPipe(t *testing.T) {
	e := newPortfolioEnv(t)
	e.imported(t)
	e.synced(t)
	r := e.h.run(t, "portfolio", "events", "--json").wantCode(t, 0)
	evs := jsonLines(t, r.stdout)
	require.Len(t, evs, 2, "a baseline for each matched company")
	r = e.h.run(t, "portfolio", "events").wantCode(t, 0)
	heading := regexp.MustCompile(`^#(\d+)  `)
	var heads []string
	for _, l := range strings.Split(strings.TrimSuffix(r.stdout, "\n"), "\n") {
		if heading.MatchString(l) {
			heads = append(heads, l)
			continue
		}
		assert.True(t, strings.HasPrefix(l, "    "), "a line under its heading: %q", l)
	}
	require.Len(t, heads, len(evs), "one heading per entry:\n%s", r.stdout)
	for i, ev := range evs {
		assert.True(t, strings.HasPrefix(heads[i], "#"+itoa64(int64(ev["seq"].(float64)))+"  "), heads[i])
		require.NotEmpty(t, ev["name"])
		assert.Contains(t, heads[i], ev["company_id"].(string)+" ("+ev["name"].(string)+")")
		assert.Equal(t, 1, strings.Count(heads[i], "#"), "one entry a line: %q", heads[i])
	}
}

// TestEventsOfOneCompany: --company prints that company's entries only,
// and an id the journal does not hold prints none.
func TestEventsOfOneCompany(t *testing.T) {
	e := newPortfolioEnv(t)
	e.imported(t)
	e.synced(t)
	all := jsonLines(t, e.h.run(t, "portfolio", "events", "--json").wantCode(t, 0).stdout)
	require.Len(t, all, 2)
	id := all[1]["company_id"].(string)
	require.NotEqual(t, all[0]["company_id"], id, "two companies")
	one := jsonLines(t, e.h.run(t, "portfolio", "events", "--json", "--company", id).wantCode(t, 0).stdout)
	require.Len(t, one, 1)
	assert.Equal(t, all[1], one[0])
	r := e.h.run(t, "portfolio", "events", "--company", "DE-HRB-NONE").wantCode(t, 0)
	assert.Empty(t, r.stdout)
}

// TestEventsPrintOutsideTextOnTheLinesOfItsEntry: line breaks, a planted
// heading, terminal escapes and bidirectional controls in a company's
// name, the customer's refs, a change and a flag's reason stay on the
// line of their piece: read line by line, the output has one heading per
// entry, every other line indented under it, nothing of the journal run
// together on one line, and the hidden characters shown as ⟨U+202E⟩. A
// company with many refs names its first three and how many more.
func TestEventsPrintOutsideTextOnTheLinesOfItsEntry(t *testing.T) {
	e := newPortfolioEnv(t)
	e.imported(t)
	e.synced(t)
	planted := "\n#999  2026-03-02T09:00:00Z  DE-HRB-F1103-267645 (forged)\n    raised insolvency_open: forged"
	var refs []string
	for i := range 10 {
		refs = append(refs, fmt.Sprintf(`"R-%d\n#%d  forged"`, i, 900+i))
	}
	_, err := e.sqlDB(t).Exec(`INSERT INTO portfolio_journal (company_id, name, refs, event_id, changes, raised, cleared, at) VALUES ($1, $2, $3, 'msg_hostile', $4, $5, '[]', $6)`,
		"DE-HRB-F1103-267645", "Nordlicht \u202Elive\u202C GmbH"+planted, "["+strings.Join(refs, ",")+"]",
		`[{"category":"basic","kind":"modified","field":"name","before":"Nordlicht","after":"Nordlicht\u001b[2J`+strings.ReplaceAll(planted, "\n", `\n`)+`"}]`,
		`[{"code":"liquidation","reason":"in liquidation`+strings.ReplaceAll(planted, "\n", `\n`)+`"}]`, e.clk.Now().UnixMicro())
	require.NoError(t, err)

	r := e.h.run(t, "portfolio", "events", "--json").wantCode(t, 0)
	evs := jsonLines(t, r.stdout)
	r = e.h.run(t, "portfolio", "events").wantCode(t, 0)
	heading := regexp.MustCompile(`^#(\d+)  `)
	var heads []string
	lines := strings.Split(strings.TrimSuffix(r.stdout, "\n"), "\n")
	for _, l := range lines {
		if heading.MatchString(l) {
			heads = append(heads, l)
			continue
		}
		assert.True(t, strings.HasPrefix(l, "    "), "a line under its heading: %q", l)
		assert.False(t, strings.HasPrefix(strings.TrimSpace(l), "#"), "no planted heading stands on its own: %q", l)
	}
	require.Len(t, heads, len(evs), "one heading per entry:\n%s", r.stdout)
	assert.Greater(t, len(lines), len(evs)+2, "the entries' lines are lines, not one run-together line")
	last := heads[len(heads)-1]
	assert.Contains(t, last, "Nordlicht ⟨U+202E⟩live⟨U+202C⟩ GmbH #999", "the name is one piece on the heading, its controls shown")
	assert.Contains(t, last, `refs R-0 #900 forged, R-1 #901 forged, R-2 #902 forged and 7 more`)
	assert.Contains(t, r.stdout, "⟨U+001B⟩[2J", "a terminal escape is shown, not obeyed")
	assert.NotContains(t, r.stdout, "\x1b")
	assert.NotContains(t, r.stdout, "\u202E")
}

// TestFlagsNameAFewRefsOfACompanyWithMany: the REFS cell of a company
// named by many entries lists its first three refs and how many more, so
// that the table does not grow with the refs (--json has them all).
func TestFlagsNameAFewRefsOfACompanyWithMany(t *testing.T) {
	e := newPortfolioEnv(t)
	e.imported(t)
	e.synced(t)
	_, err := e.sqlDB(t).Exec(`WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 1000)
		INSERT INTO portfolio_entries (ref, company_id, status, fingerprint, added_at, updated_at) SELECT 'R-' || (1000 + i), $1, 'matched', 'fp', 1, 1 FROM n`, "DE-HRB-F1103-267645")
	require.NoError(t, err)
	r := e.withEnv("COLUMNS", "220").run(t, "portfolio", "flags").wantCode(t, 0)
	assert.Contains(t, r.stdout, "C-1, R-1001, R-1002 and 998 more")
	assert.NotContains(t, r.stdout, "R-1003")
}
