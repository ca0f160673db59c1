package main

import (
	"context"
	"fmt"
	"strings"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"
	"github.com/registerdata/registerdata-go/portfolio"
	"github.com/registerdata/registerdata-go/redflags"
	"github.com/registerdata/registerdata-go/registerdatamcp"
)

// registerTextNote tells an agent how to read what the portfolio tools
// quote, in the words of every other tool of the server.
const registerTextNote = registerdatamcp.DataNotice

// The bounds of the portfolio tools' inputs.
const (
	mcpPortfolioMaxDays  = 366
	mcpPortfolioMaxItems = 200
)

// PortfolioChangesInput is the input of portfolio_changes.
type PortfolioChangesInput struct {
	// Days is how far back the journal is read, in days.
	Days int `json:"days,omitempty" jsonschema:"how many days back to look, 1 to 366; default 7"`
	// Limit bounds the journal entries returned.
	Limit int `json:"limit,omitempty" jsonschema:"at most this many journal entries, newest first, 1 to 200; default 50"`
}

// PortfolioListInput is the input of portfolio_flags and portfolio_review.
type PortfolioListInput struct {
	// Limit bounds the items returned.
	Limit int `json:"limit,omitempty" jsonschema:"at most this many items, 1 to 200; default 50"`
}

// portfolioChange is one journal entry as portfolio_changes returns it.
type portfolioChange struct {
	Seq       int64     `json:"seq"`
	At        time.Time `json:"at"`
	CompanyID string    `json:"company_id"`
	Refs      []string  `json:"refs"`
	Changes   []string  `json:"changes"`
	Raised    []string  `json:"flags_raised"`
	Cleared   []string  `json:"flags_cleared"`
}

// portfolioFlag is one open flag as portfolio_flags returns it.
type portfolioFlag struct {
	CompanyID    string    `json:"company_id"`
	Refs         []string  `json:"refs"`
	Code         string    `json:"code"`
	Severity     string    `json:"severity"`
	Reason       string    `json:"reason"`
	Since        time.Time `json:"since"`
	Acknowledged bool      `json:"acknowledged"`
}

// portfolioReviewRow is one row awaiting review.
type portfolioReviewRow struct {
	Ref    string   `json:"ref"`
	Status string   `json:"status"`
	Tags   []string `json:"tags"`
}

// portfolioList is the structured result of the portfolio tools.
type portfolioList[T any] struct {
	Items   []T    `json:"items"`
	Omitted int    `json:"omitted"`
	Note    string `json:"note"`
}

func clampInput(v, def, most int) int {
	switch {
	case v <= 0:
		return def
	case v > most:
		return most
	}
	return v
}

// addPortfolioTools adds the read-only portfolio tools to s: what changed
// in a period, the open flags, the rows awaiting review. They read the
// database only and spend no credits.
func addPortfolioTools(s *mcp.Server, p *portfolio.Portfolio, now func() time.Time) {
	mcp.AddTool(s, &mcp.Tool{
		Name:        "portfolio_changes",
		Description: "What changed in the user's portfolio of monitored companies in the last days: per journal entry the company, the customer refs, the changes as sentences and the red flags raised and cleared. Free: reads the local journal.",
	}, func(ctx context.Context, _ *mcp.CallToolRequest, in PortfolioChangesInput) (*mcp.CallToolResult, portfolioList[portfolioChange], error) {
		days, limit := clampInput(in.Days, 7, mcpPortfolioMaxDays), clampInput(in.Limit, 50, mcpPortfolioMaxItems)
		since := now().Add(-time.Duration(days) * 24 * time.Hour)
		cur, err := p.CursorAt(ctx, since)
		if err != nil {
			return nil, portfolioList[portfolioChange]{}, err
		}
		out := portfolioList[portfolioChange]{Items: []portfolioChange{}, Note: registerTextNote}
		for ev, err := range p.Events(ctx, cur) {
			if err != nil {
				return nil, out, err
			}
			if len(ev.Changes) == 0 && len(ev.Raised) == 0 && len(ev.Cleared) == 0 {
				continue
			}
			if len(out.Items) == limit {
				out.Items = out.Items[1:] // keep the newest
				out.Omitted++
			}
			out.Items = append(out.Items, portfolioChange{Seq: ev.Seq, At: ev.At, CompanyID: ev.CompanyID, Refs: ev.Refs,
				Changes: ev.Sentences, Raised: flagCodes(ev.Raised), Cleared: flagCodes(ev.Cleared)})
		}
		var b strings.Builder
		fmt.Fprintf(&b, "%d journal entries with changes in the last %d days", len(out.Items)+out.Omitted, days)
		if out.Omitted > 0 {
			fmt.Fprintf(&b, " (the newest %d shown)", len(out.Items))
		}
		b.WriteString(".\n")
		for i := len(out.Items) - 1; i >= 0; i-- {
			it := out.Items[i]
			fmt.Fprintf(&b, "- %s %s (%s): %s", it.At.Format("2006-01-02"), it.CompanyID, strings.Join(it.Refs, ", "), quoteAll(it.Changes))
			if len(it.Raised) > 0 {
				fmt.Fprintf(&b, "; flags raised: %s", strings.Join(it.Raised, ", "))
			}
			if len(it.Cleared) > 0 {
				fmt.Fprintf(&b, "; flags cleared: %s", strings.Join(it.Cleared, ", "))
			}
			b.WriteString("\n")
		}
		return toolText(b.String()), out, nil
	})

	mcp.AddTool(s, &mcp.Tool{
		Name:        "portfolio_flags",
		Description: "The red flags open on the companies of the user's portfolio, high severity first (insolvency, liquidation, not active, no managing director), with their reasons and whether a reviewer acknowledged them. Free: reads the local database.",
	}, func(ctx context.Context, _ *mcp.CallToolRequest, in PortfolioListInput) (*mcp.CallToolResult, portfolioList[portfolioFlag], error) {
		limit := clampInput(in.Limit, 50, mcpPortfolioMaxItems)
		out := portfolioList[portfolioFlag]{Items: []portfolioFlag{}, Note: registerTextNote}
		var high, review []portfolioFlag
		for f, err := range p.Flags(ctx) {
			if err != nil {
				return nil, out, err
			}
			pf := portfolioFlag{CompanyID: f.CompanyID, Refs: f.Refs, Code: f.Flag.Code, Reason: f.Flag.Reason, Since: f.Since,
				Acknowledged: f.Acknowledged, Severity: string(redflags.SeverityOf(f.Flag.Code))}
			if redflags.SeverityOf(f.Flag.Code) == redflags.High {
				high = append(high, pf)
			} else {
				review = append(review, pf)
			}
		}
		all := append(high, review...)
		if len(all) > limit {
			out.Omitted = len(all) - limit
			all = all[:limit]
		}
		out.Items = append(out.Items, all...)
		var b strings.Builder
		fmt.Fprintf(&b, "%d open red flags (%d high).\n", len(high)+len(review), len(high))
		for _, f := range out.Items {
			ack := ""
			if f.Acknowledged {
				ack = ", acknowledged"
			}
			fmt.Fprintf(&b, "- [%s] %s (%s) %s since %s%s: %s\n", f.Severity, f.CompanyID, strings.Join(f.Refs, ", "), f.Code,
				f.Since.Format("2006-01-02"), ack, quote(f.Reason))
		}
		return toolText(b.String()), out, nil
	})

	mcp.AddTool(s, &mcp.Tool{
		Name:        "portfolio_review",
		Description: "Rows of the user's portfolio that await a person's review: the customer refs that matched several companies (ambiguous) or none. Free: reads the local database.",
	}, func(ctx context.Context, _ *mcp.CallToolRequest, in PortfolioListInput) (*mcp.CallToolResult, portfolioList[portfolioReviewRow], error) {
		limit := clampInput(in.Limit, 50, mcpPortfolioMaxItems)
		out := portfolioList[portfolioReviewRow]{Items: []portfolioReviewRow{}, Note: registerTextNote}
		for e, err := range p.Entries(ctx) {
			if err != nil {
				return nil, out, err
			}
			if e.Status != portfolio.Ambiguous && e.Status != portfolio.NotFound {
				continue
			}
			if len(out.Items) == limit {
				out.Omitted++
				continue
			}
			out.Items = append(out.Items, portfolioReviewRow{Ref: e.Ref, Status: string(e.Status), Tags: e.Tags})
		}
		var b strings.Builder
		fmt.Fprintf(&b, "%d rows await review.\n", len(out.Items)+out.Omitted)
		for _, r := range out.Items {
			what := "no company found"
			if r.Status == string(portfolio.Ambiguous) {
				what = "several companies fit, none confidently"
			}
			fmt.Fprintf(&b, "- %s: %s\n", quote(r.Ref), what)
		}
		return toolText(b.String()), out, nil
	})
}

// toolText is a result whose one text is the register note, then the
// summary; the structured content is added once by the SDK from the
// tool's output.
func toolText(summary string) *mcp.CallToolResult {
	return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: registerTextNote + "\n" + summary}}}
}

func flagCodes(fs []redflags.Flag) []string {
	out := make([]string, len(fs))
	for i, f := range fs {
		out[i] = f.Code
	}
	return out
}

// quote quotes register text as every tool of the server does.
func quote(s string) string { return registerdatamcp.QuoteRegisterText(s) }

func quoteAll(ss []string) string {
	q := make([]string, len(ss))
	for i, s := range ss {
		q[i] = quote(s)
	}
	return strings.Join(q, "; ")
}
