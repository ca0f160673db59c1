package portfolio_test

import (
	"bytes"
	"context"
	"database/sql"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	registerdata "github.com/registerdata/registerdata-go"
	"github.com/registerdata/registerdata-go/enums"
	"github.com/registerdata/registerdata-go/portfolio"
	"github.com/registerdata/registerdata-go/redflags"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// hostileName is register text a browser must show, never run: markup,
// a script, and a word too long for any column.
var hostileName = `<script>alert("x")</script><img src=x onerror=alert(1)> Nordlicht ` + strings.Repeat("W", 10_000) + ` GmbH`

// reportedPortfolio imports the hard rows, syncs monitors, puts Nordlicht
// into liquidation under a hostile name and lets the delivery arrive: one
// high flag, one change, two rows awaiting review.
func reportedPortfolio(t *testing.T, dsn string) (*portfolio.Portfolio, []byte) {
	t.Helper()
	ctx := context.Background()
	srv, c, clk := newFake(t)
	p := open(t, dsn, c, clk)
	receiver(t, srv, clk, p)
	importAll(t, p, hardRows(), portfolio.ImportOptions{})
	pl, err := p.Plan(ctx, portfolio.MonitorOptions{UpdateFrequency: enums.UpdateFrequencyDaily})
	require.NoError(t, err)
	_, err = p.Sync(ctx, pl)
	require.NoError(t, err)
	require.NoError(t, srv.UpdateCompany(nordlicht, func(co *registerdata.Company) {
		co.Status = enums.CompanyStatusLiquidation
		co.Name.Name = hostileName
	}))
	clk.Advance(24*time.Hour + time.Minute)
	_, err = p.Drain(ctx)
	require.NoError(t, err)
	var buf bytes.Buffer
	require.NoError(t, p.WriteHTML(&buf))
	return p, buf.Bytes()
}

func TestWriteHTMLShowsFlagsChangesAndReview(t *testing.T) {
	engines(t, func(t *testing.T, dsn string) {
		p, page := reportedPortfolio(t, dsn)
		s := string(page)

		// Counts agree with the store, read through the public API.
		var entries, review int
		for e, err := range p.Entries(context.Background()) {
			require.NoError(t, err)
			entries++
			if e.InReview {
				review++
				assert.Contains(t, s, `data-ref="`+e.Ref+`"`, "row %s awaiting review is listed", e.Ref)
			}
		}
		require.Positive(t, review, "the hard rows leave rows for review")
		assert.Equal(t, strconv.Itoa(entries), attr(t, s, `data-count="entries">`))
		assert.Equal(t, strconv.Itoa(review), attr(t, s, `data-count="review">`))

		// The high flag is listed first, linked to the company's section.
		assert.Contains(t, s, `data-company="`+nordlicht+`" data-code="`+redflags.FlagLiquidation+`"`)
		first := regexp.MustCompile(`<tr class="sev-(\w+)[ "]`).FindStringSubmatch(s)
		require.NotNil(t, first)
		assert.Equal(t, string(redflags.High), first[1], "high flags come first")
		assert.Contains(t, s, `href="#c-`+nordlicht+`"`)
		assert.Contains(t, s, `id="c-`+nordlicht+`"`)
		assert.Contains(t, s, `class="verdict v-high"`)

		// The change is listed with its sentence.
		assert.Regexp(t, `data-company="`+nordlicht+`"[^>]*>`, s)
		assert.Contains(t, s, "liquidation")

		// Register text is inert.
		assert.NotContains(t, s, "<script>")
		assert.NotContains(t, s, "<img")
		assert.Contains(t, s, "&lt;script&gt;")
		assert.NotContains(t, s, "http://", "nothing is loaded from elsewhere")
		assert.NotContains(t, s, "https://")
	})
}

func TestWriteHTMLOnAnEmptyPortfolio(t *testing.T) {
	engines(t, func(t *testing.T, dsn string) {
		_, c, clk := newFake(t)
		p := open(t, dsn, c, clk)
		var buf bytes.Buffer
		require.NoError(t, p.WriteHTML(&buf))
		s := buf.String()
		assert.Contains(t, s, `class="verdict v-ok"`)
		assert.Equal(t, "0", attr(t, s, `data-count="entries">`))
		assert.Contains(t, s, "No open flags.")
		assert.Contains(t, s, "No changes in this period.")
	})
}

func TestWriteHTMLBoundsItsLists(t *testing.T) {
	engines(t, func(t *testing.T, dsn string) {
		_, c, clk := newFake(t)
		p := open(t, dsn, c, clk)
		var rows []portfolio.Row
		for i := range 7 {
			rows = append(rows, portfolio.Row{Ref: "R-" + strconv.Itoa(i), Query: registerdata.MatchQuery{Name: "Quxbarfoo Zzyzx Unbekannt GmbH", City: "Kassel"}})
		}
		importAll(t, p, rows, portfolio.ImportOptions{})
		var buf bytes.Buffer
		require.NoError(t, p.WriteHTMLContext(context.Background(), &buf, portfolio.ReportOptions{MaxRows: 3, Title: "Suppliers"}))
		s := buf.String()
		assert.Equal(t, 3, strings.Count(s, `data-status="none"`), "three rows listed")
		assert.Contains(t, s, "4 more: registerdata portfolio review")
		assert.Equal(t, "7", attr(t, s, `data-count="review">`), "the count is of all rows")
		assert.Contains(t, s, "<title>Suppliers</title>")
	})
}

// attr returns the text that follows marker up to the next "<".
func attr(t *testing.T, s, marker string) string {
	t.Helper()
	i := strings.Index(s, marker)
	require.GreaterOrEqual(t, i, 0, "%s in the page", marker)
	rest := s[i+len(marker):]
	return strings.TrimSpace(rest[:strings.IndexByte(rest, '<')])
}

// TestWriteHTMLShowsTheHighFlagsWhenItCutsTheList opens five review
// flags on companies that sort first and two high ones on companies that
// sort last, and cuts the lists at three: the two high flags are shown
// (the one nobody acknowledged first), then the oldest review flag nobody
// acknowledged; appendix B takes the next three; the counts are of all
// seven.
func TestWriteHTMLShowsTheHighFlagsWhenItCutsTheList(t *testing.T) {
	engines(t, func(t *testing.T, dsn string) {
		_, c, clk := newFake(t)
		p := open(t, dsn, c, clk)
		driver, source := "pgx", dsn
		if strings.HasPrefix(dsn, "sqlite:") {
			driver, source = "sqlite", "file:"+strings.TrimPrefix(dsn, "sqlite:")
		}
		db, err := sql.Open(driver, source)
		require.NoError(t, err)
		defer db.Close()
		ins := func(id, code string, since int64, acked bool) {
			_, err := db.Exec(`INSERT INTO portfolio_flags (company_id, code, reason, since, acknowledged) VALUES ($1, $2, 'why', $3, $4)`, id, code, since, acked)
			require.NoError(t, err)
			// A flag is open while an entry names its company.
			_, err = db.Exec(`INSERT INTO portfolio_entries (ref, company_id, status, fingerprint, added_at, updated_at) VALUES ($1, $1, 'matched', '', 0, 0)`, id)
			require.NoError(t, err)
		}
		for i := range 5 {
			ins("DE-HRB-A-"+strconv.Itoa(i), redflags.FlagNoFinancials, int64(10-i), i == 0)
		}
		ins("DE-HRB-Z-1", redflags.FlagLiquidation, 50, false)
		ins("DE-HRB-Z-2", redflags.FlagInsolvencyOpen, 40, true)
		var buf bytes.Buffer
		require.NoError(t, p.WriteHTMLContext(context.Background(), &buf, portfolio.ReportOptions{MaxRows: 3}))
		s := buf.String()
		var shown []string
		table := s[strings.Index(s, `<table class="flags">`):]
		table = table[:strings.Index(table, "</table>")]
		for _, part := range strings.Split(table, `data-company="`)[1:] {
			shown = append(shown, part[:strings.IndexByte(part, '"')])
		}
		assert.Equal(t, []string{"DE-HRB-Z-1", "DE-HRB-Z-2", "DE-HRB-A-4"}, shown, "high first, then unacknowledged first, the oldest first within")
		appendix := s[strings.Index(s, `<table class="flags more">`):]
		appendix = appendix[:strings.Index(appendix, "</table>")]
		assert.Equal(t, 3, strings.Count(appendix, "<tr class="), "appendix B takes the next three")
		assert.Contains(t, s, "3 more open flags are listed in")
		assert.Contains(t, s, "1 more open flag is not listed: registerdata portfolio flags")
		assert.Equal(t, "7 (2 high, 2 acknowledged)", attr(t, s, `data-count="flags">`))
	})
}
