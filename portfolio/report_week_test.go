package portfolio_test

import (
	"bytes"
	"context"
	"fmt"
	"html/template"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	registerdata "github.com/registerdata/registerdata-go"
	"github.com/registerdata/registerdata-go/enums"
	"github.com/registerdata/registerdata-go/fake"
	"github.com/registerdata/registerdata-go/portfolio"
	"github.com/registerdata/registerdata-go/redflags"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// week is a portfolio of about 300 customers after its first week: the
// baselines of every company, four real changes (two liquidations, two
// managing directors leaving), one of the new flags acknowledged by
// Anna, rows awaiting review and a resolution pending under four eyes.
type week struct {
	p          *portfolio.Portfolio
	srv        *fake.Server
	clk        *fake.Clock
	liquidated []string // companies put into liquidation
	leaving    []string // companies whose managing director left
	acked      string   // the company whose liquidation flag Anna acknowledged
	pendingRef string   // the row a resolution waits on
	baselines  int      // companies checked for the first time
}

func weekOfThreeHundred(t *testing.T, dsn string) *week {
	t.Helper()
	ctx := context.Background()
	srv, c, clk := newFake(t, fake.WithGenerated(300))
	p := open(t, dsn, c, clk)
	receiver(t, srv, clk, p)
	w := &week{p: p, srv: srv, clk: clk}

	var rows []portfolio.Row
	var byID []string
	for i, id := range srv.CompanyIDs()[:300] {
		co, _ := srv.Company(id)
		switch {
		case i < 280:
			rows = append(rows, portfolio.Row{Ref: fmt.Sprintf("K-%03d", i), CompanyID: id, Tags: []string{"customer"}})
			if co.Status == enums.CompanyStatusActive && co.TerminatedAt == nil {
				byID = append(byID, id)
			}
		case co.Address.City != "":
			rows = append(rows, portfolio.Row{Ref: fmt.Sprintf("N-%03d", i), Query: registerdata.MatchQuery{Name: co.Name.Name, City: co.Address.City}})
		}
	}
	rows = append(rows, hardRows()[1:4]...)
	rows = append(rows, portfolio.Row{Ref: "C-5", Query: registerdata.MatchQuery{Name: "Löwenherz Bau GmbH", City: "Neustadt"}})
	for i, name := range []string{"Quxbarfoo Zzyzx Handel GmbH", "Blorptech Zzyzx AG", "Zzyzx Wumpus Logistik KG", "Frobnitz Zzyzx eG", "Glorx Zzyzx Bau GmbH"} {
		rows = append(rows, portfolio.Row{Ref: fmt.Sprintf("U-%d", i), Query: registerdata.MatchQuery{Name: name, City: "Kassel", PostalCode: "34117"}})
	}
	importAll(t, p, rows, portfolio.ImportOptions{Batch: registerdata.BatchOptions{Concurrency: 8}})
	pl, err := p.Plan(ctx, portfolio.MonitorOptions{UpdateFrequency: enums.UpdateFrequencyDaily})
	require.NoError(t, err)
	_, err = p.Sync(ctx, pl)
	require.NoError(t, err)
	w.baselines = len(events(t, p, 0))

	w.liquidated = byID[10:12]
	for _, id := range byID[40:] {
		co, _ := srv.Company(id)
		if len(w.leaving) < 2 && slices.ContainsFunc(co.Representation, func(r registerdata.Representative) bool {
			return r.Role == enums.RoleDirector && r.EndDate == nil
		}) {
			w.leaving = append(w.leaving, id)
		}
	}
	require.Len(t, w.leaving, 2)
	for _, id := range w.liquidated {
		require.NoError(t, srv.UpdateCompany(id, func(co *registerdata.Company) { co.Status = enums.CompanyStatusLiquidation }))
	}
	left := registerdata.DateOf(clk.Now())
	for _, id := range w.leaving {
		require.NoError(t, srv.UpdateCompany(id, func(co *registerdata.Company) {
			for i := range co.Representation {
				if r := &co.Representation[i]; r.Role == enums.RoleDirector && r.EndDate == nil {
					r.EndDate = &left
				}
			}
		}))
	}
	clk.Advance(24*time.Hour + time.Minute)
	_, err = p.Drain(ctx)
	require.NoError(t, err)

	w.acked = w.liquidated[0]
	require.NoError(t, p.Acknowledge(as(ctx, anna), w.acked, redflags.FlagLiquidation, "called the liquidator; payments on hold"))

	// A second handle on the same store takes decisions under four eyes.
	four := open(t, dsn, c, clk, portfolio.WithFourEyes())
	for r, err := range p.Reviews(ctx) {
		require.NoError(t, err)
		if len(r.Candidates) > 0 {
			w.pendingRef = r.Ref
			require.NoError(t, four.Resolve(as(ctx, ben), r.Ref, r.Candidates[0].CompanyID, "same street as in our contract"))
			break
		}
	}
	require.NotEmpty(t, w.pendingRef, "a row with candidates awaits review")
	return w
}

// srvNow is the time of the fake's clock: the report's now.
func (w *week) srvNow() time.Time { return w.clk.Now() }

// html writes the overview of w.p with the default options.
func (w *week) html(t *testing.T) string {
	t.Helper()
	var buf bytes.Buffer
	require.NoError(t, w.p.WriteHTML(&buf))
	return buf.String()
}

// beforeAppendices is the part of the page a person reads first.
func beforeAppendices(t *testing.T, page string) string {
	t.Helper()
	i := strings.Index(page, `<div id="appendices">`)
	require.Positive(t, i, "the page has appendices")
	return page[:i]
}

// rowOf is the table row of page that carries attrs.
func rowOf(t *testing.T, page, attrs string) string {
	t.Helper()
	i := strings.Index(page, attrs)
	require.GreaterOrEqual(t, i, 0, "a row with %s", attrs)
	start := strings.LastIndex(page[:i], "<tr")
	end := strings.Index(page[i:], "</tr>")
	return page[start : i+end]
}

// TestReportOpensWithWhatNeedsAttention reports a week of 300 customers:
// the four real changes are listed with the companies' names beside
// their ids, the few hundred first checks are one line before the
// appendices and rows only in appendix A, and the part before the
// appendices stays within a budget of rows that does not grow with the
// portfolio.
func TestReportOpensWithWhatNeedsAttention(t *testing.T) {
	engines(t, func(t *testing.T, dsn string) {
		w := weekOfThreeHundred(t, dsn)
		page := w.html(t)
		main := beforeAppendices(t, page)
		appendices := page[len(main):]

		// The real changes, from the journal.
		var real []portfolio.Event
		for _, e := range events(t, w.p, 0) {
			if e.EventID != "" && (len(e.Changes) > 0 || len(e.Raised) > 0 || len(e.Cleared) > 0) {
				real = append(real, e)
			}
		}
		require.Len(t, real, len(w.liquidated)+len(w.leaving))
		assert.Equal(t, strconv.Itoa(len(real)), attr(t, main, `data-count="changes">`))
		assert.Equal(t, len(real), strings.Count(main, `<tr data-seq="`), "the real changes, and nothing else, are listed")
		for _, e := range real {
			require.NotEmpty(t, e.Name)
			assert.Contains(t, main, `<bdi class="coname">`+template.HTMLEscapeString(e.Name)+`</bdi></a> <code class="coid">`+e.CompanyID+`</code>`,
				"%s: the name beside the id", e.CompanyID)
			for _, sentence := range e.Sentences {
				assert.Contains(t, rowOf(t, main, `data-seq="`+strconv.FormatInt(e.Seq, 10)+`"`), template.HTMLEscapeString(sentence))
			}
		}
		assert.Less(t, strings.Index(main, `id="changes"`), strings.Index(main, `id="new-flags"`), "the changes come first")

		// The first checks: one line, listed in appendix A only.
		require.Greater(t, w.baselines, 290)
		line := regexp.MustCompile(`(\d+) companies joined the portfolio \(first checks`).FindAllStringSubmatch(main, -1)
		require.Len(t, line, 1, "the baselines are one line")
		assert.Equal(t, strconv.Itoa(w.baselines), line[0][1])
		assert.NotContains(t, main, `data-baseline=`, "no baseline is listed before the appendices")
		assert.NotContains(t, main, "no change in the data</span></td>\n", "no row says nothing changed")
		assert.Equal(t, w.baselines, strings.Count(appendices, `<tr data-baseline="`), "appendix A lists every baseline")

		// The budget: the rows before the appendices are the capped lists,
		// whatever the number of companies and their inherited flags.
		rows := strings.Count(main, "<tr")
		assert.LessOrEqual(t, rows, 60, "rows before the appendices")
		assert.Equal(t, portfolio.ReportOpenFlags, strings.Count(main[strings.Index(main, `<table class="flags">`):], `data-code=`), "the other open flags are cut")
		assert.Contains(t, main, "listed in <a href=\"#appendix-b\">appendix B</a>")
		t.Logf("%d rows before the appendices (%d bytes of %d), %d baselines", rows, len(main), len(page), w.baselines)
	})
}

// TestReportMarksNewAcknowledgedAndInheritedFlags checks each open flag's
// marking: the period's new flags are in their own table marked "new";
// the flag Anna acknowledged is muted with an "acknowledged" badge, who,
// when and her note; flags the companies had when they joined are marked
// inherited; the counts per code agree with Flags.
func TestReportMarksNewAcknowledgedAndInheritedFlags(t *testing.T) {
	engines(t, func(t *testing.T, dsn string) {
		w := weekOfThreeHundred(t, dsn)
		ctx := context.Background()
		page := w.html(t)
		main := beforeAppendices(t, page)
		newTable := main[strings.Index(main, `<table class="flags new">`):]
		newTable = newTable[:strings.Index(newTable, "</table>")]

		since := w.srvNow().Add(-portfolio.DefaultReportPeriod)
		var fresh, inherited, acked int
		byCode := map[string]int{}
		for f, err := range w.p.Flags(ctx) {
			require.NoError(t, err)
			byCode[f.Flag.Code]++
			key := `data-company="` + f.CompanyID + `" data-code="` + f.Flag.Code + `"`
			switch {
			case f.New(since):
				fresh++
				row := rowOf(t, newTable, key)
				assert.Regexp(t, `^<tr class="sev-\w+ new`, row, "%s %s is marked new", f.CompanyID, f.Flag.Code)
				assert.Contains(t, row, `<span class="badge new">new</span>`)
			case f.Inherited:
				inherited++
				if strings.Contains(page, key) {
					row := rowOf(t, page, key)
					assert.Contains(t, row, ` inherited"`, "%s %s: the row is marked inherited", f.CompanyID, f.Flag.Code)
					assert.Contains(t, row, `<span class="badge inh"`)
					assert.NotContains(t, row, `badge new`)
				}
			}
			if f.Acknowledged {
				acked++
				require.Equal(t, w.acked, f.CompanyID)
				row := rowOf(t, main, key)
				assert.Regexp(t, `^<tr class="[^"]*\backed\b`, row, "the acknowledged flag's row is muted")
				assert.Contains(t, row, `<span class="badge ack">acknowledged</span> by <bdi>`+anna.Name+`</bdi>`)
				assert.Contains(t, row, "called the liquidator; payments on hold")
				assert.Contains(t, row, f.AcknowledgedAt.Format("2006-01-02"))
			} else if strings.Contains(page, key) {
				assert.NotContains(t, rowOf(t, page, key), "badge ack", "%s %s is not acknowledged", f.CompanyID, f.Flag.Code)
			}
		}
		assert.Equal(t, len(w.liquidated)+len(w.leaving)+1, fresh, "two liquidations, two companies without a director, one of them with frequent changes")
		assert.Positive(t, inherited)
		assert.Equal(t, 1, acked)
		assert.Equal(t, fresh, strings.Count(newTable, "<tr class="), "the new flags, and only they, are in the table of new flags")
		assert.Equal(t, strconv.Itoa(fresh), attr(t, main, `data-count="new-flags">`))
		assert.Regexp(t, `tr\.acked td \{[^}]*color`, page, "acknowledged rows look different")
		for code, n := range byCode {
			assert.Contains(t, main, `<tr data-code="`+code+`">`, code)
			row := rowOf(t, main, `<tr data-code="`+code+`">`)
			assert.Contains(t, row, `<td class="num">`+strconv.Itoa(n)+`</td>`, "%s: %d open", code, n)
		}
	})
}

// TestReportListsTheReviewQueueAndPendingDecisions checks that each row
// awaiting review shows what the customer wrote, what happened and its
// first three candidates with name, id, register, city and score, and
// that the decision pending under four eyes is listed with its subject
// named, who proposed it, when and the note.
func TestReportListsTheReviewQueueAndPendingDecisions(t *testing.T) {
	engines(t, func(t *testing.T, dsn string) {
		w := weekOfThreeHundred(t, dsn)
		ctx := context.Background()
		main := beforeAppendices(t, w.html(t))
		n := 0
		for r, err := range w.p.Reviews(ctx) {
			require.NoError(t, err)
			n++
			row := rowOf(t, main, `data-ref="`+r.Ref+`"`)
			if r.Row.Query.Name != "" {
				assert.Contains(t, row, template.HTMLEscapeString(r.Row.Query.Name), r.Ref)
			}
			if r.Row.Query.City != "" {
				assert.Contains(t, row, template.HTMLEscapeString(r.Row.Query.City), r.Ref)
			}
			if r.Row.Query.PostalCode != "" {
				assert.Contains(t, row, r.Row.Query.PostalCode, r.Ref)
			}
			for _, reason := range r.Reasons {
				assert.Contains(t, row, template.HTMLEscapeString(reason), r.Ref)
			}
			shown := min(len(r.Candidates), portfolio.ReportCandidates)
			assert.Equal(t, shown, strings.Count(row, "data-candidate="), "%s: the first candidates", r.Ref)
			for _, c := range r.Candidates[:shown] {
				assert.Contains(t, row, `data-candidate="`+c.CompanyID+`"><bdi class="coname">`+template.HTMLEscapeString(c.Name)+`</bdi> <code>`+c.CompanyID+`</code>`)
				assert.Contains(t, row, c.Result.RegisterNumber)
				assert.Contains(t, row, fmt.Sprintf("score %.2f", c.Score))
			}
			if more := len(r.Candidates) - shown; more > 0 {
				assert.Contains(t, row, strconv.Itoa(more)+" more candidate")
			}
			if r.Ref == w.pendingRef {
				require.NotNil(t, r.Pending)
				assert.Contains(t, row, "pending")
			}
		}
		assert.Equal(t, strconv.Itoa(n), attr(t, main, `data-count="review">`))
		assert.GreaterOrEqual(t, n, 5)

		var pending []portfolio.Decision
		for d, err := range w.p.Decisions(ctx, portfolio.Pending) {
			require.NoError(t, err)
			pending = append(pending, d)
		}
		require.Len(t, pending, 1)
		d := pending[0]
		assert.Equal(t, "1", attr(t, main, `data-count="pending">`))
		row := rowOf(t, main, `data-decision="`+strconv.FormatInt(d.ID, 10)+`"`)
		require.NotEmpty(t, d.Name)
		assert.Contains(t, row, template.HTMLEscapeString("row "+w.pendingRef+" as "+d.Name+" ("+d.CompanyID+")"), "the subject names the company")
		assert.Contains(t, row, ben.Name)
		assert.Contains(t, row, "same street as in our contract")
		assert.Contains(t, row, d.At.UTC().Format("2006-01-02 15:04"))
	})
}

// TestReportCapsTheReviewQueue cuts the lists at two rows: two rows of
// the queue are listed and the rest counted with where to find them.
func TestReportCapsTheReviewQueue(t *testing.T) {
	w := weekOfThreeHundred(t, sqliteDSN(t))
	var buf bytes.Buffer
	require.NoError(t, w.p.WriteHTMLContext(context.Background(), &buf, portfolio.ReportOptions{MaxRows: 2}))
	page := buf.String()
	n, err := w.p.ReviewCount(context.Background())
	require.NoError(t, err)
	require.Greater(t, n, 2)
	assert.Equal(t, 2, strings.Count(page, `<tr data-ref="`))
	assert.Contains(t, page, strconv.Itoa(n-2)+" more: registerdata portfolio review")
	assert.Equal(t, 2, strings.Count(page, `<tr data-baseline="`), "appendix A is cut too")
	assert.Contains(t, page, strconv.Itoa(w.baselines-2)+" more: registerdata portfolio events")
	assert.Equal(t, 2, strings.Count(page, `<tr data-seq="`))
	assert.Contains(t, page, "2 older changes of the period are not listed: registerdata portfolio events")
}
