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

	"github.com/registerdata/registerdata-go/redflags"
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
		"display": func(name, id string) string { return shorten(displayName(name, id), maxShownName) },
		"anchor":  anchor,
		"short":   func(s string) string { return shorten(s, maxShownText) },
		"join":    func(s []string) string { return strings.Join(s, ", ") },
		"add":     func(a, b int) int { return a + b },
		"outcome": func(s Status) string {
			switch s {
			case Ambiguous:
				return "ambiguous: several companies fit, none confidently"
			case NotFound:
				return "no company found"
			}
			return string(s)
		},
	}).Parse(overviewTemplate))
})

// WriteHTML writes the portfolio overview as one self-contained HTML
// file (no scripts, no external resources): the portfolio's size and
// credit use, open red flags by severity with the companies and why,
// the changes of the last seven days, the rows awaiting review
// (ambiguous or not found), and a section per company those lists name,
// each linked. It is WriteHTMLContext with context.Background and the
// default options.
func (p *Portfolio) WriteHTML(w io.Writer) error {
	return p.WriteHTMLContext(context.Background(), w, ReportOptions{})
}

// WriteHTMLContext writes the overview of WriteHTML with options, reading
// the store under ctx. Memory is bounded by o.MaxRows whatever the size
// of the portfolio: the lists are cut there and say how much was left
// out. All register text is escaped; nothing in it runs or loads.
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

// verdict sums the open flags up for the top of the page.
func (ov *overview) verdict() (text, class string) {
	unacked := 0
	for _, f := range ov.Flags {
		if !f.Acknowledged {
			unacked++
		}
	}
	switch {
	case ov.FlagsHigh > 0:
		return fmt.Sprintf("High risk: %s with high flags (%s); %s not yet acknowledged", plural(ov.highCompanies(), "company", "companies"), strings.Join(ov.highCodes(), ", "), plural(unacked, "flag", "flags")), "v-high"
	case ov.FlagsReview > 0 || ov.AwaitReview > 0:
		return fmt.Sprintf("Review: %s, %s awaiting review", plural(ov.FlagsReview, "open flag", "open flags"), plural(ov.AwaitReview, "row", "rows")), "v-review"
	}
	return "No findings: no open flags and every row names one company", "v-ok"
}

func (ov *overview) highCompanies() int {
	seen := map[string]bool{}
	for _, f := range ov.Flags {
		if f.Severity == redflags.High {
			seen[f.CompanyID] = true
		}
	}
	return len(seen)
}

func (ov *overview) highCodes() []string {
	var codes []string
	seen := map[string]bool{}
	for _, f := range ov.Flags {
		if f.Severity == redflags.High && !seen[f.Flag.Code] {
			seen[f.Flag.Code] = true
			codes = append(codes, f.Flag.Code)
		}
	}
	return codes
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
