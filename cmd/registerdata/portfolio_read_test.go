package main

import (
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
