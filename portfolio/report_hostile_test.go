package portfolio_test

import (
	"bytes"
	"context"
	"html"
	"regexp"
	"strings"
	"testing"
	"time"
	"unicode"

	registerdata "github.com/registerdata/registerdata-go"
	"github.com/registerdata/registerdata-go/enums"
	"github.com/registerdata/registerdata-go/portfolio"
	"github.com/registerdata/registerdata-go/redflags"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// formula is text a spreadsheet would run and a page must only show.
const formula = `=HYPERLINK("javascript:alert(1)";"x")+cmd|' /C calc'!A0`

// TestReportKeepsHostileTextInert puts markup, a script, formula text and
// a 10,000-character word where people wrote and where the register
// speaks: a company's new name (in the changes, the flags and the
// sections), a row awaiting review, a reviewer's note on an
// acknowledgement and a pending decision's note. The page shows them
// escaped and cut, and nothing in it runs or loads.
func TestReportKeepsHostileTextInert(t *testing.T) {
	engines(t, func(t *testing.T, dsn string) {
		ctx := context.Background()
		srv, c, clk := newFake(t)
		p := open(t, dsn, c, clk)
		receiver(t, srv, clk, p)
		rows := append(hardRows()[:4], portfolio.Row{Ref: `<b>R-1</b>` + formula, Query: registerdata.MatchQuery{
			Name: `<script>alert("row")</script> Zzyzx ` + formula, City: `<iframe src="x">` + formula, PostalCode: `"><script>`}})
		importAll(t, p, rows, portfolio.ImportOptions{})
		pl, err := p.Plan(ctx, portfolio.MonitorOptions{UpdateFrequency: enums.UpdateFrequencyDaily})
		require.NoError(t, err)
		_, err = p.Sync(ctx, pl)
		require.NoError(t, err)
		require.NoError(t, srv.UpdateCompany(nordlicht, func(co *registerdata.Company) {
			co.Status = enums.CompanyStatusLiquidation
			co.Name.Name = hostileName + formula
		}))
		clk.Advance(24*time.Hour + time.Minute)
		_, err = p.Drain(ctx)
		require.NoError(t, err)
		require.NoError(t, p.Acknowledge(as(ctx, portfolio.Actor{ID: "eve@bank.example", Name: `<script>eve()</script>`}), nordlicht, redflags.FlagLiquidation, `</td><script>note()</script>`+formula))
		four := open(t, dsn, c, clk, portfolio.WithFourEyes())
		require.NoError(t, four.Resolve(as(ctx, ben), "C-4", "", `<img src=x onerror=alert(2)>`+formula))

		var buf bytes.Buffer
		require.NoError(t, p.WriteHTML(&buf))
		page := buf.String()
		for _, bad := range []string{"<script", "<img", "<iframe", "<b>", "javascript:alert(1)\"", `href="javascript`, "http://", "https://"} {
			assert.NotContains(t, page, bad)
		}
		assert.Contains(t, page, "&lt;script&gt;alert(&#34;x&#34;)&lt;/script&gt;", "the name is shown as text")
		assert.Contains(t, page, "&lt;script&gt;eve()&lt;/script&gt;", "the reviewer's name is shown as text")
		assert.Contains(t, page, "&lt;/td&gt;&lt;script&gt;note()&lt;/script&gt;", "the note is shown as text")
		assert.Contains(t, page, "&lt;img src=x onerror=alert(2)&gt;", "the pending decision's note is shown as text")
		assert.Contains(t, page, "&lt;b&gt;R-1&lt;/b&gt;", "the ref is shown as text")
		assert.Contains(t, page, "=HYPERLINK(&#34;javascript:alert(1)&#34;;&#34;x&#34;)", "formula text is quoted, not run")
		assert.Regexp(t, `data-ref="&lt;b&gt;R-1&lt;/b&gt;=HYPERLINK`, page, "attributes are escaped too")
		assert.Contains(t, page, "&lt;script&gt;alert(&#34;row&#34;)&lt;/script&gt; Zzyzx", "what the customer wrote is shown as text")
		assert.Nil(t, regexp.MustCompile(`W{1000}`).FindStringIndex(page), "a 10,000-character word is cut")
		assert.Equal(t, 1, strings.Count(page, "<style>"), "the only style is the page's own")
	})
}

// TestReportShowsBidiControlsAsCodePoints puts bidirectional controls and
// other format characters where the register, the customer and the
// reviewers write: a company's new name (the changes, the flags, the
// sections), a customer's ref and tag (the review queue and the refs of a
// company), a reviewer's name and note, a pending decision's note. The
// page shows each as its code point, "⟨U+202E⟩", by the rule every text
// for people follows: a name cannot read "live" for "evil", a ref
// "exe.png" for "gnp.exe", and no format or control character is left
// anywhere in the page but its own line breaks.
func TestReportShowsBidiControlsAsCodePoints(t *testing.T) {
	engines(t, func(t *testing.T, dsn string) {
		ctx := context.Background()
		srv, c, clk := newFake(t)
		p := open(t, dsn, c, clk)
		receiver(t, srv, clk, p)
		rows := append(hardRows()[:4],
			portfolio.Row{Ref: "C-\u202E1-fer", CompanyID: nordlicht},
			portfolio.Row{Ref: "R-\u202Egnp.exe", Tags: []string{"\u2066tier\u2069"}, Query: registerdata.MatchQuery{Name: "Zzyzx \u200BQuxbarfoo\uFEFF", City: "Kassel\u061C"}})
		importAll(t, p, rows, portfolio.ImportOptions{})
		pl, err := p.Plan(ctx, portfolio.MonitorOptions{UpdateFrequency: enums.UpdateFrequencyDaily})
		require.NoError(t, err)
		_, err = p.Sync(ctx, pl)
		require.NoError(t, err)
		require.NoError(t, srv.UpdateCompany(nordlicht, func(co *registerdata.Company) {
			co.Status = enums.CompanyStatusLiquidation
			co.Name.Name = "Nordlicht \u202Elive\u202C GmbH\u00AD"
		}))
		clk.Advance(24*time.Hour + time.Minute)
		_, err = p.Drain(ctx)
		require.NoError(t, err)
		require.NoError(t, p.Acknowledge(as(ctx, portfolio.Actor{ID: "eve@bank.example", Name: "\u200FEve"}), nordlicht, redflags.FlagLiquidation, "\u2067called\u2069 them"))
		four := open(t, dsn, c, clk, portfolio.WithFourEyes())
		require.NoError(t, four.Resolve(as(ctx, ben), "C-4", "", "\u202Dno entry\u202C"))

		var buf bytes.Buffer
		require.NoError(t, p.WriteHTML(&buf))
		page := buf.String()
		for _, r := range page {
			if r != '\n' && (unicode.Is(unicode.Cf, r) || unicode.IsControl(r)) {
				t.Errorf("the page holds %U as it is", r)
			}
		}
		for _, want := range []string{
			"Nordlicht ⟨U+202E⟩live⟨U+202C⟩ GmbH⟨U+00AD⟩", // the register's name
			"C-⟨U+202E⟩1-fer",                 // a ref of the company
			"R-⟨U+202E⟩gnp.exe",               // a row awaiting review
			"⟨U+2066⟩tier⟨U+2069⟩",            // its tag
			"Zzyzx ⟨U+200B⟩Quxbarfoo⟨U+FEFF⟩", // what the customer wrote
			"Kassel⟨U+061C⟩",
			"⟨U+200F⟩Eve",                 // the reviewer
			"⟨U+2067⟩called⟨U+2069⟩ them", // the note
			"⟨U+202D⟩no entry⟨U+202C⟩",    // the pending decision's note
		} {
			assert.True(t, strings.Contains(html.UnescapeString(page), want), "the page shows %q", want)
		}
	})
}
