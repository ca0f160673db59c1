package portfolio

import (
	"context"
	_ "embed"
	"fmt"
	"html/template"
	"io"
	"strings"
	"sync"
	"time"

	registerdata "github.com/registerdata/registerdata-go"
	"github.com/registerdata/registerdata-go/visible"
)

//go:embed templates/overview.html.tmpl
var overviewTemplate string

//go:embed templates/overview.css
var overviewCSS string

// overviewPage is parsed on first use, so that a program importing the
// package (the CLI) does not pay for it at start.
var overviewPage = sync.OnceValue(func() *template.Template {
	return template.Must(template.New("overview").Funcs(template.FuncMap{
		"date": func(t time.Time) string {
			if t.IsZero() {
				return "unknown"
			}
			return t.UTC().Format("2006-01-02")
		},
		"datetime": func(t time.Time) string {
			if t.IsZero() {
				return "unknown"
			}
			return t.UTC().Format("2006-01-02 15:04 UTC")
		},
		"display": func(name, id string) string { return shown(displayName(name, id), maxShownName) },
		"anchor":  anchor,
		"text":    visible.Line,
		"short":   func(s string) string { return shown(s, maxShownText) },
		"list":    list,
		"add":     func(a, b int) int { return a + b },
		"plural":  plural,
		"table":   func(class string, rows []flagRow) flagTable { return flagTable{class, rows} },
		"co": func(id, name string, refs []string, more int, linked bool) companyRef {
			return companyRef{id, name, refs, more, linked}
		},
		"score": func(f float64) string { return fmt.Sprintf("%.2f", f) },
		"register": func(c registerdata.MatchCandidate) string {
			r := c.Result
			return shown(strings.TrimSpace(strings.Join(strings.Fields(string(r.RegisterType)+" "+r.RegisterNumber+" "+r.RegisterCourt), " ")), maxShownText)
		},
		"city": func(c registerdata.MatchCandidate) string {
			if c.Result.Address == nil {
				return ""
			}
			return shown(c.Result.Address.City, maxShownText)
		},
	}).Parse(overviewTemplate))
})

// flagTable is a table of flags: its class and its rows.
type flagTable struct {
	Class string
	Rows  []flagRow
}

// companyRef is a company as a list cell shows it: its name, its id and
// the first of the customer's refs naming it.
type companyRef struct {
	ID       string
	Name     string
	Refs     []string
	RefsMore int  // refs not listed
	Linked   bool // the company has a section in appendix C
}

// list is the items of a list the page cuts (refs, tags), joined, and
// how many more there are: "C-1, C-2, C-3 and 9997 more".
func list(items []string, more int) string {
	s := shown(strings.Join(items, ", "), maxShownText)
	if more > 0 {
		s += fmt.Sprintf(" and %d more", more)
	}
	return s
}

// WriteHTML writes the portfolio overview as one self-contained HTML
// file (no scripts, no external resources), printable on A4. It opens
// with what needs attention: the portfolio's size, credit use and a
// verdict, and the counts of the period; then the period's real changes
// (the companies that joined are one line, listed in appendix A), the
// new flags, the open flags by severity (acknowledged and inherited ones
// marked), the review queue with what the customer wrote and the
// candidates, and the decisions waiting for a second person. The
// appendices list the companies that joined, the further open flags and
// a short section per company the changes and new flags name. It is
// WriteHTMLContext with context.Background and the default options.
func (p *Portfolio) WriteHTML(w io.Writer) error {
	return p.WriteHTMLContext(context.Background(), w, ReportOptions{})
}

// WriteHTMLContext writes the overview of WriteHTML with options, reading
// the store under ctx a page at a time. Memory is bounded whatever the
// size of the portfolio: the lists before the appendices are cut at
// ReportChanges, ReportNewFlags, ReportOpenFlags, ReportReviewRows (with
// ReportCandidates each) and ReportDecisions, the appendices at
// o.MaxRows, a company's refs and a row's tags at ReportRefs, a change's
// sentences at ReportSentences, and every cut says how much was left out
// and where to find it. All register text is escaped; nothing in it runs
// or loads; bidirectional controls and other format characters are shown
// as their code points ("⟨U+202E⟩", package visible).
func (p *Portfolio) WriteHTMLContext(ctx context.Context, w io.Writer, o ReportOptions) error {
	if ctx == nil {
		return fmt.Errorf("portfolio: WriteHTMLContext: nil context: pass context.Background() or a request's context")
	}
	if w == nil {
		return fmt.Errorf("portfolio: WriteHTMLContext: nil writer")
	}
	ov, err := p.gather(ctx, o.resolved())
	if err != nil {
		return err
	}
	verdict, class := ov.verdict()
	data := struct {
		*overview
		CSS          template.CSS
		Verdict      string
		VerdictClass string
	}{ov, template.CSS(overviewCSS), verdict, class}
	if err := overviewPage().Execute(w, data); err != nil {
		return fmt.Errorf("portfolio: writing the overview: %w", err)
	}
	return nil
}

// verdict sums the portfolio up for the top of the page, from the counts
// over all of it (not only what the lists show).
func (ov *overview) verdict() (text, class string) {
	switch {
	case ov.HighUnacked > 0:
		return fmt.Sprintf("High risk: %s not yet acknowledged, on %s (%s); %s this period",
			plural(ov.HighUnacked, "high flag", "high flags"), plural(ov.HighCompanies, "company", "companies"),
			shorten(strings.Join(ov.HighCodes, ", "), maxShownText), plural(ov.FlagsNew, "new flag", "new flags")), "v-high"
	case ov.ReviewUnacked > 0 || ov.AwaitReview > 0 || ov.PendingTotal > 0:
		return fmt.Sprintf("Review: %s not yet acknowledged, %s awaiting review, %s pending",
			plural(ov.ReviewUnacked, "flag", "flags"), plural(ov.AwaitReview, "row", "rows"), plural(ov.PendingTotal, "decision", "decisions")), "v-review"
	case ov.FlagsAcked > 0:
		return fmt.Sprintf("No open findings: %s, every one acknowledged; every row names one company", plural(ov.FlagsAcked, "flag", "flags")), "v-ok"
	}
	return "No findings: no open flags and every row names one company", "v-ok"
}

// anchor is the id of a company's section: "c-" and the company id,
// which holds only letters, digits and hyphens.
func anchor(id string) string {
	var b strings.Builder
	b.WriteString("c-")
	for _, r := range id {
		if r == '-' || (r >= '0' && r <= '9') || (r >= 'A' && r <= 'Z') || (r >= 'a' && r <= 'z') {
			b.WriteRune(r)
		} else {
			b.WriteByte('_')
		}
	}
	return b.String()
}

// maxShownName is how much of a name the overview's lists show; the
// rest is cut with an ellipsis (a register name is rarely over 120).
const maxShownName = 160

// maxShownText is how much of a sentence or reason the lists show.
const maxShownText = 600

// shown is s as the page shows it: cut to n runes (see shorten), then
// with bidirectional controls and the other format and control
// characters shown as their code points, "⟨U+202E⟩" (visible.Line, the
// rule of every text for people), so that they can neither reorder what
// a person reads nor pass unnoticed; html/template escapes the rest.
// Every text of the page that did not come from the package goes
// through it or through "text".
func shown(s string, n int) string { return visible.Line(shorten(s, n)) }

// shorten cuts s to n runes, marking the cut.
func shorten(s string, n int) string {
	i := 0
	for j := range s {
		if i == n {
			return s[:j] + "…"
		}
		i++
	}
	return s
}

// plural is "1 flag" or "2 flags".
func plural(n int, one, many string) string {
	if n == 1 {
		return "1 " + one
	}
	return fmt.Sprintf("%d %s", n, many)
}
