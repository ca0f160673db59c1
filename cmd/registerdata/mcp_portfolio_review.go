package main

import (
	"fmt"
	"strings"
	"time"

	"github.com/registerdata/registerdata-go/portfolio"
)

// portfolioRow is a row as the customer wrote it, with its first tags
// and how many more there are.
type portfolioRow struct {
	CompanyID   string   `json:"company_id,omitempty"`
	Name        string   `json:"name,omitempty"`
	City        string   `json:"city,omitempty"`
	PostalCode  string   `json:"postal_code,omitempty"`
	Street      string   `json:"street,omitempty"`
	Register    string   `json:"register,omitempty"`
	VATID       string   `json:"vat_id,omitempty"`
	LEI         string   `json:"lei,omitempty"`
	Website     string   `json:"website,omitempty"`
	Tags        []string `json:"tags"`
	TagsOmitted int      `json:"tags_omitted"`
}

// portfolioCandidate is one company a match found for a row.
type portfolioCandidate struct {
	CompanyID      string   `json:"company_id"`
	Name           string   `json:"name"`
	Register       string   `json:"register,omitempty"`
	RegisterType   string   `json:"register_type,omitempty"`
	RegisterNumber string   `json:"register_number,omitempty"`
	RegisterCourt  string   `json:"register_court,omitempty"`
	City           string   `json:"city,omitempty"`
	LegalForm      string   `json:"legal_form,omitempty"`
	Active         bool     `json:"active"`
	Score          float64  `json:"score"`
	Reasons        []string `json:"reasons"`
}

// portfolioPending is a decision on a row waiting for a second person.
type portfolioPending struct {
	ID        int64           `json:"id"`
	Kind      string          `json:"kind"`
	CompanyID string          `json:"company_id,omitempty"`
	Name      string          `json:"name,omitempty"`
	Note      string          `json:"note,omitempty"`
	By        portfolio.Actor `json:"by"`
	At        time.Time       `json:"at"`
}

// portfolioReviewItem is one entry awaiting a person, with its first
// candidates and how many more there are.
type portfolioReviewItem struct {
	Ref        string               `json:"ref"`
	Status     string               `json:"status"`
	Reasons    []string             `json:"reasons"`
	Row        portfolioRow         `json:"row"`
	CompanyID  string               `json:"company_id,omitempty"`
	Name       string               `json:"name,omitempty"`
	Candidates []portfolioCandidate `json:"candidates"`
	// CandidatesOmitted counts the candidates not listed.
	CandidatesOmitted int               `json:"candidates_omitted"`
	Decided           *portfolioRow     `json:"decided,omitempty"`
	Pending           *portfolioPending `json:"pending,omitempty"`
	Since             time.Time         `json:"since"`
}

// portfolioReviewList is the structured result of portfolio_review.
type portfolioReviewList struct {
	Items   []portfolioReviewItem `json:"items"`
	Omitted int                   `json:"omitted"`
	Note    string                `json:"note"`
	// HowToResolve says who settles the rows, and with which command.
	HowToResolve string `json:"how_to_resolve"`
}

// reviewItem is r as portfolio_review returns it.
func reviewItem(r portfolio.Review) portfolioReviewItem {
	cands, omitted := head(r.Candidates, mcpPortfolioCandidates)
	it := portfolioReviewItem{Ref: r.Ref, Status: string(r.Status), Reasons: nonNil(r.Reasons), Row: customerRow(r.Row),
		CompanyID: r.CompanyID, Name: r.Name, Candidates: make([]portfolioCandidate, 0, len(cands)), CandidatesOmitted: omitted, Since: r.Since}
	for _, c := range cands {
		pc := portfolioCandidate{CompanyID: c.CompanyID, Name: c.Name, Score: c.Score, Reasons: nonNil(c.Reasons),
			RegisterType: string(c.Result.RegisterType), RegisterNumber: c.Result.RegisterNumber, RegisterCourt: c.Result.RegisterCourt,
			LegalForm: string(c.Result.LegalForm), Active: c.Result.Active}
		if pc.Name == "" {
			pc.Name = c.Result.Name
		}
		pc.Register = registerOf(pc.RegisterType, pc.RegisterNumber, pc.RegisterCourt)
		if c.Result.Address != nil {
			pc.City = c.Result.Address.City
		}
		it.Candidates = append(it.Candidates, pc)
	}
	if r.Decided != nil {
		d := customerRow(*r.Decided)
		it.Decided = &d
	}
	if d := r.Pending; d != nil {
		it.Pending = &portfolioPending{ID: d.ID, Kind: d.Kind, CompanyID: d.CompanyID, Name: d.Name, Note: d.Note, By: d.By, At: d.At}
	}
	return it
}

// customerRow is what the customer wrote in r, its tags cut.
func customerRow(r portfolio.Row) portfolioRow {
	q := r.Query
	row := portfolioRow{CompanyID: r.CompanyID, Name: q.Name, City: q.City, PostalCode: q.PostalCode, Street: q.Street,
		Register: q.Register, VATID: q.VATID, LEI: q.LEI, Website: q.Website}
	row.Tags, row.TagsOmitted = head(r.Tags, mcpPortfolioRefs)
	return row
}

// registerOf is a register entry as people write it: "HRB 12345
// (Frankfurt am Main)", or the parts there are.
func registerOf(typ, number, court string) string {
	s := strings.TrimSpace(typ + " " + number)
	if court != "" {
		if s == "" {
			return court
		}
		s += " (" + court + ")"
	}
	return s
}

// writeReview writes one review item to b: a line for the row, then
// indented lines for what the customer wrote, the candidates, the
// decided row and a pending decision. Every text from the customer or
// the register is quoted.
func writeReview(b *strings.Builder, r portfolioReviewItem) {
	fmt.Fprintf(b, "- ref %s: %s since %s", qref(r.Ref), statusWords(r.Status), r.Since.Format("2006-01-02"))
	if len(r.Reasons) > 0 {
		fmt.Fprintf(b, ": %s", quoteAll(r.Reasons))
	}
	b.WriteString("\n")
	fmt.Fprintf(b, "  the customer wrote: %s\n", rowWords(r.Row))
	if r.Decided != nil {
		fmt.Fprintf(b, "  the row a person resolved before: %s\n", rowWords(*r.Decided))
	}
	if r.CompanyID != "" {
		fmt.Fprintf(b, "  company: %s\n", company(r.CompanyID, r.Name))
	}
	for i, c := range r.Candidates {
		fmt.Fprintf(b, "  candidate %d: %s", i+1, company(c.CompanyID, c.Name))
		var parts []string
		if c.Register != "" {
			parts = append(parts, "register "+quote(c.Register))
		}
		if c.City != "" {
			parts = append(parts, "city "+quote(c.City))
		}
		if c.LegalForm != "" {
			parts = append(parts, "legal form "+qword(c.LegalForm))
		}
		if !c.Active {
			parts = append(parts, "not active")
		}
		parts = append(parts, fmt.Sprintf("score %.2f", c.Score))
		fmt.Fprintf(b, ", %s", strings.Join(parts, ", "))
		if len(c.Reasons) > 0 {
			fmt.Fprintf(b, ": %s", quoteAll(c.Reasons))
		}
		b.WriteString("\n")
	}
	if r.CandidatesOmitted > 0 {
		fmt.Fprintf(b, "  and %d more candidates\n", r.CandidatesOmitted)
	}
	if d := r.Pending; d != nil {
		what := d.Kind
		switch {
		case d.Kind == portfolio.KindResolve && d.CompanyID == "":
			what = "resolve to no register entry"
		case d.Kind == portfolio.KindResolve:
			what = "resolve to " + company(d.CompanyID, d.Name)
		}
		fmt.Fprintf(b, "  waiting for a second person's approval: decision %d, %s, by %s on %s", d.ID, what, quote(d.By.String()), d.At.Format("2006-01-02"))
		if d.Note != "" {
			fmt.Fprintf(b, ", note %s", quote(d.Note))
		}
		b.WriteString("\n")
	}
}

// statusWords says a review status in words.
func statusWords(s string) string {
	switch portfolio.Status(s) {
	case portfolio.Ambiguous:
		return "ambiguous (several companies fit, none confidently)"
	case portfolio.NotFound:
		return "no company found"
	case portfolio.Failed:
		return "failed (could not be resolved now)"
	case portfolio.UnknownCompany:
		return "unknown company (the service does not know the id)"
	case portfolio.Changed:
		return "changed (the customer changed a row a person resolved)"
	}
	return qword(s)
}

// rowWords is what the customer wrote, each field named and quoted.
func rowWords(r portfolioRow) string {
	var parts []string
	add := func(label, v string) {
		if v != "" {
			parts = append(parts, label+" "+quote(v))
		}
	}
	if r.CompanyID != "" {
		parts = append(parts, "company id "+qid(r.CompanyID))
	}
	add("name", r.Name)
	add("city", r.City)
	add("postal code", r.PostalCode)
	add("street", r.Street)
	add("register", r.Register)
	add("VAT id", r.VATID)
	add("LEI", r.LEI)
	add("website", r.Website)
	if len(r.Tags) > 0 {
		parts = append(parts, "tags "+refList(r.Tags, r.TagsOmitted))
	}
	if len(parts) == 0 {
		return "nothing but the ref"
	}
	return strings.Join(parts, ", ")
}
