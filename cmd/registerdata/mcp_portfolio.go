package main

import (
	"context"
	"fmt"
	"strings"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"
	registerdata "github.com/registerdata/registerdata-go"
	"github.com/registerdata/registerdata-go/portfolio"
	"github.com/registerdata/registerdata-go/redflags"
	"github.com/registerdata/registerdata-go/registerdatamcp"
)

// registerTextNote tells an agent how to read what the portfolio tools
// quote, in the words of every other tool of the server.
const registerTextNote = registerdatamcp.DataNotice

// resolveNote tells an agent who settles a row of the review queue and
// how: the MCP server has no actor, so it takes no decisions.
const resolveNote = "This server takes no decisions: a person resolves a row with `registerdata portfolio resolve REF COMPANY_ID` (a candidate's company_id, or an id they looked up; `registerdata portfolio resolve --help` says how to record that the customer has no register entry). Help them choose; do not claim a row is resolved."

// The bounds of the portfolio tools' inputs.
const (
	mcpPortfolioMaxDays  = 366
	mcpPortfolioMaxItems = 200
)

// The bounds of each item's lists in the portfolio tools' results, so
// that a result's size follows its limit of items and nothing else: a
// company named by 10,000 entries shows its first refs and how many more
// there are, in the text and in the structured content.
const (
	mcpPortfolioRefs       = 3  // refs naming a company, tags of a row
	mcpPortfolioSentences  = 20 // sentences of one change
	mcpPortfolioCandidates = 5  // candidates of one row awaiting review
)

// head is the first n items of s (a copy, so that the rest can be
// freed) and how many were left out.
func head[T any](s []T, n int) ([]T, int) {
	if len(s) <= n {
		return nonNilOf(s), 0
	}
	return append([]T(nil), s[:n]...), len(s) - n
}

// nonNilOf is s, or an empty list for nil: lists are never null in the
// structured content.
func nonNilOf[T any](s []T) []T {
	if s == nil {
		return []T{}
	}
	return s
}

// PortfolioChangesInput is the input of portfolio_changes.
type PortfolioChangesInput struct {
	// Days is how far back the journal is read, in days.
	Days int `json:"days,omitempty" jsonschema:"how many days back to look, 1 to 366; default 7"`
	// Limit bounds the journal entries returned.
	Limit int `json:"limit,omitempty" jsonschema:"at most this many journal entries, newest first, 1 to 200; default 50"`
}

// PortfolioFlagsInput is the input of portfolio_flags.
type PortfolioFlagsInput struct {
	// Days is the period a flag counts as new in: raised in the last
	// Days days, and not one the company had when it joined.
	Days int `json:"days,omitempty" jsonschema:"a flag raised in the last this many days (and not inherited) is new, 1 to 366; default 7"`
	// Limit bounds the flags returned.
	Limit int `json:"limit,omitempty" jsonschema:"at most this many flags, high severity first, 1 to 200; default 50"`
}

// PortfolioListInput is the input of portfolio_review.
type PortfolioListInput struct {
	// Limit bounds the items returned.
	Limit int `json:"limit,omitempty" jsonschema:"at most this many items, 1 to 200; default 50"`
}

// portfolioChange is one journal entry as portfolio_changes returns it:
// its first refs and sentences, and how many more there are.
type portfolioChange struct {
	Seq            int64     `json:"seq"`
	At             time.Time `json:"at"`
	CompanyID      string    `json:"company_id"`
	Name           string    `json:"name"`
	Refs           []string  `json:"refs"`
	RefsOmitted    int       `json:"refs_omitted"`
	Changes        []string  `json:"changes"`
	ChangesOmitted int       `json:"changes_omitted"`
	Raised         []string  `json:"flags_raised"`
	Cleared        []string  `json:"flags_cleared"`
}

// portfolioFlag is one open flag as portfolio_flags returns it, with the
// first refs of its company and how many more there are.
type portfolioFlag struct {
	CompanyID      string           `json:"company_id"`
	Name           string           `json:"name"`
	Refs           []string         `json:"refs"`
	RefsOmitted    int              `json:"refs_omitted"`
	Code           string           `json:"code"`
	Severity       string           `json:"severity"`
	Reason         string           `json:"reason"`
	Since          time.Time        `json:"since"`
	Inherited      bool             `json:"inherited"`
	New            bool             `json:"new"`
	Acknowledged   bool             `json:"acknowledged"`
	AcknowledgedBy *portfolio.Actor `json:"acknowledged_by,omitempty"`
	AcknowledgedAt *time.Time       `json:"acknowledged_at,omitempty"`
	Note           string           `json:"note,omitempty"`
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
		Description: "What changed in the user's portfolio of monitored companies in the last days: per journal entry the company (id and name), the customer refs, the changes as sentences and the red flags raised and cleared. Free: reads the local journal.",
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
			it := portfolioChange{Seq: ev.Seq, At: ev.At, CompanyID: ev.CompanyID, Name: ev.Name, Raised: flagCodes(ev.Raised), Cleared: flagCodes(ev.Cleared)}
			it.Refs, it.RefsOmitted = head(ev.Refs, mcpPortfolioRefs)
			it.Changes, it.ChangesOmitted = head(ev.Sentences, mcpPortfolioSentences)
			out.Items = append(out.Items, it)
		}
		var b strings.Builder
		fmt.Fprintf(&b, "%d journal entries with changes in the last %d days", len(out.Items)+out.Omitted, days)
		if out.Omitted > 0 {
			fmt.Fprintf(&b, " (the newest %d shown)", len(out.Items))
		}
		b.WriteString(".\n")
		for i := len(out.Items) - 1; i >= 0; i-- {
			it := out.Items[i]
			var parts []string
			if len(it.Changes) > 0 {
				changes := quoteAll(it.Changes)
				if it.ChangesOmitted > 0 {
					changes += fmt.Sprintf("; and %d more changes", it.ChangesOmitted)
				}
				parts = append(parts, changes)
			}
			if len(it.Raised) > 0 {
				parts = append(parts, "flags raised: "+codeList(it.Raised))
			}
			if len(it.Cleared) > 0 {
				parts = append(parts, "flags cleared: "+codeList(it.Cleared))
			}
			fmt.Fprintf(&b, "- %s %s (refs %s): %s\n", it.At.Format("2006-01-02"), company(it.CompanyID, it.Name), refList(it.Refs, it.RefsOmitted), strings.Join(parts, "; "))
		}
		return toolText(b.String()), out, nil
	})

	mcp.AddTool(s, &mcp.Tool{
		Name:        "portfolio_flags",
		Description: "The red flags open on the companies of the user's portfolio, high severity first (insolvency, liquidation, not active, no managing director): per flag the company (id and name), the customer refs, the reason, since when, whether the company had it when it joined (inherited) or it is new in the last days, and whether a reviewer acknowledged it (by whom, when, with which note). Free: reads the local database.",
	}, func(ctx context.Context, _ *mcp.CallToolRequest, in PortfolioFlagsInput) (*mcp.CallToolResult, portfolioList[portfolioFlag], error) {
		days, limit := clampInput(in.Days, 7, mcpPortfolioMaxDays), clampInput(in.Limit, 50, mcpPortfolioMaxItems)
		since := now().Add(-time.Duration(days) * 24 * time.Hour)
		out := portfolioList[portfolioFlag]{Items: []portfolioFlag{}, Note: registerTextNote}
		// At most limit flags of each severity are kept (high ones come
		// first), the others counted.
		var high, review []portfolioFlag
		nHigh, nReview := 0, 0
		for f, err := range p.Flags(ctx) {
			if err != nil {
				return nil, out, err
			}
			isHigh := redflags.SeverityOf(f.Flag.Code) == redflags.High
			if isHigh {
				nHigh++
			} else {
				nReview++
			}
			if (isHigh && len(high) == limit) || (!isHigh && len(review) == limit) {
				continue
			}
			pf := portfolioFlag{CompanyID: f.CompanyID, Name: f.Name, Code: f.Flag.Code, Reason: f.Flag.Reason, Since: f.Since,
				Inherited: f.Inherited, New: f.New(since), Acknowledged: f.Acknowledged, AcknowledgedBy: f.AcknowledgedBy, Note: f.Note,
				Severity: string(redflags.SeverityOf(f.Flag.Code))}
			pf.Refs, pf.RefsOmitted = head(f.Refs, mcpPortfolioRefs)
			if !f.AcknowledgedAt.IsZero() {
				at := f.AcknowledgedAt
				pf.AcknowledgedAt = &at
			}
			if isHigh {
				high = append(high, pf)
			} else {
				review = append(review, pf)
			}
		}
		all := append(high, review...)
		all = all[:min(limit, len(all))]
		out.Omitted = nHigh + nReview - len(all)
		out.Items = append(out.Items, all...)
		var b strings.Builder
		fmt.Fprintf(&b, "%d open red flags (%d high).\n", nHigh+nReview, nHigh)
		for _, f := range out.Items {
			var state []string
			switch {
			case f.Inherited:
				state = append(state, "inherited (the company had it when it joined)")
			case f.New:
				state = append(state, fmt.Sprintf("new in the last %d days", days))
			}
			if f.Acknowledged {
				ack := "acknowledged"
				if f.AcknowledgedBy != nil {
					ack += " by " + quote(f.AcknowledgedBy.String())
				}
				if f.AcknowledgedAt != nil {
					ack += " on " + f.AcknowledgedAt.Format("2006-01-02")
				}
				if f.Note != "" {
					ack += ", note " + quote(f.Note)
				}
				state = append(state, ack)
			}
			extra := ""
			if len(state) > 0 {
				extra = ", " + strings.Join(state, ", ")
			}
			fmt.Fprintf(&b, "- [%s] %s %s (refs %s) since %s%s: %s\n", f.Severity, qword(f.Code), company(f.CompanyID, f.Name), refList(f.Refs, f.RefsOmitted),
				f.Since.Format("2006-01-02"), extra, quote(f.Reason))
		}
		return toolText(b.String()), out, nil
	})

	mcp.AddTool(s, &mcp.Tool{
		Name:        "portfolio_review",
		Description: "Rows of the user's portfolio that await a person's review (ambiguous, no company found, failed, a company id the service does not know, a resolved row the customer changed since): per row what the customer wrote, what happened, the company when known, the candidates the match found (register, city, legal form, score, reasons), the row a person decided on before, and a decision waiting for a second person. Free: reads the local database. It takes no decisions: a person resolves rows with the registerdata CLI.",
	}, func(ctx context.Context, _ *mcp.CallToolRequest, in PortfolioListInput) (*mcp.CallToolResult, portfolioReviewList, error) {
		limit := clampInput(in.Limit, 50, mcpPortfolioMaxItems)
		out := portfolioReviewList{Items: []portfolioReviewItem{}, Note: registerTextNote, HowToResolve: resolveNote}
		for r, err := range p.Reviews(ctx) {
			if err != nil {
				return nil, out, err
			}
			if len(out.Items) == limit {
				break
			}
			out.Items = append(out.Items, reviewItem(r))
		}
		if len(out.Items) == limit {
			n, err := p.ReviewCount(ctx)
			if err != nil {
				return nil, out, err
			}
			out.Omitted = max(n-len(out.Items), 0)
		}
		var b strings.Builder
		fmt.Fprintf(&b, "%d rows await a person's review", len(out.Items)+out.Omitted)
		if out.Omitted > 0 {
			fmt.Fprintf(&b, " (the first %d by ref shown)", len(out.Items))
		}
		b.WriteString(".\n" + resolveNote + "\n")
		for _, r := range out.Items {
			writeReview(&b, r)
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

// company shows a company for people: its name quoted, then its id;
// "name unknown" when the portfolio has none.
func company(id, name string) string {
	if name == "" {
		return qid(id) + " (name unknown)"
	}
	return quote(name) + " " + qid(id)
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

// qid shows a company id as it is when it has the shape of one (nothing
// in it reads as words), else quoted like any other text.
func qid(s string) string {
	if _, err := registerdata.ParseCompanyID(s); err == nil {
		return s
	}
	return quote(s)
}

// qword shows a short code (a flag code, a legal form) as it is, anything
// else quoted.
func qword(s string) string {
	if s != "" && len(s) <= 32 && strings.Trim(s, "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz_.") == "" {
		return s
	}
	return quote(s)
}

// qref shows a customer's ref or tag as it is when it is a short plain
// key ("C-1", "tier-1"), else quoted: a customer's text is data too.
func qref(s string) string {
	if s != "" && len(s) <= 40 && strings.Trim(s, "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz-_./:#") == "" {
		return s
	}
	return quote(s)
}

// refList is qref of each ref, joined, and how many more there are
// ("C-1, C-2, C-3 and 9997 more"); "none" for no refs.
func refList(refs []string, omitted int) string {
	if len(refs) == 0 && omitted == 0 {
		return "none"
	}
	out := make([]string, len(refs))
	for i, r := range refs {
		out[i] = qref(r)
	}
	return withMore(strings.Join(out, ", "), omitted)
}

// withMore is list, a joined list of the first items, followed by how
// many more there are when some were left out: "C-1, C-2 and 9997 more".
func withMore(list string, more int) string {
	if more > 0 {
		return fmt.Sprintf("%s and %d more", list, more)
	}
	return list
}

// codeList is qword of each flag code, joined.
func codeList(codes []string) string {
	out := make([]string, len(codes))
	for i, c := range codes {
		out[i] = qword(c)
	}
	return strings.Join(out, ", ")
}
