package web

import (
	"context"
	"html"
	"net/http"
	"regexp"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestTheJournalPagesByCursorAndFiltersByRefAndSeverity: a page ends
// with a link that continues after its last entry, so every entry is
// shown once across the pages; the ref and severity filters keep only
// the entries that fit, and a bad date is refused in words.
func TestTheJournalPagesByCursorAndFiltersByRefAndSeverity(t *testing.T) {
	engines(t, func(t *testing.T, dsn string) {
		f := newFixture(t, dsn, nil)
		c := f.client(t, viewer)
		var all []string
		for ev, err := range f.p.Events(context.Background(), 0) {
			require.NoError(t, err)
			all = append(all, ev.CompanyID)
		}
		require.GreaterOrEqual(t, len(all), 2, "the fixture's checks wrote entries")

		defer func(n int) { journalPage = n }(journalPage)
		journalPage = 1
		next := regexp.MustCompile(`href="(/journal\?[^"]+)" rel="next"`)
		var seen []string
		path := "/journal"
		for range len(all) + 1 {
			status, page := f.get(t, c, path)
			require.Equal(t, http.StatusOK, status)
			seen = append(seen, companiesOn(page)...)
			m := next.FindStringSubmatch(page)
			if m == nil {
				break
			}
			path = html.UnescapeString(m[1])
		}
		assert.Equal(t, all, seen, "every entry once, in order, across the pages")

		journalPage = 50
		_, page := f.get(t, c, "/journal?ref=L-1")
		assert.NotEmpty(t, companiesOn(page))
		for _, id := range companiesOn(page) {
			assert.Equal(t, inLiquidation, id)
		}
		_, page = f.get(t, c, "/journal?severity=high")
		for _, id := range companiesOn(page) {
			assert.Equal(t, inLiquidation, id, "only the liquidation raised a high flag")
		}
		status, page := f.get(t, c, "/journal?from=yesterday")
		assert.Equal(t, http.StatusBadRequest, status)
		assert.Contains(t, page, "YYYY-MM-DD")
	})
}

// companiesOn are the companies of the journal entries on a page.
func companiesOn(page string) []string {
	var out []string
	for _, m := range regexp.MustCompile(`<article class="event"><h3><a href="/company\?id=([^"]+)"`).FindAllStringSubmatch(page, -1) {
		out = append(out, strings.TrimSpace(html.UnescapeString(m[1])))
	}
	return out
}
