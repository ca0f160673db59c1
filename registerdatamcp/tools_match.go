package registerdatamcp

import (
	"context"
	"fmt"
	"strings"

	"github.com/modelcontextprotocol/go-sdk/mcp"
	registerdata "github.com/registerdata/registerdata-go"
)

// MatchInput is the input of match_company: a customer record as the
// customer wrote it, and the match's limits.
type MatchInput struct {
	Name       string  `json:"name,omitempty" jsonschema:"the company name in any spelling, legal form optional (Nordlicht Solar-Technik GmbH i.L.)"`
	City       string  `json:"city,omitempty" jsonschema:"city of the registered address; tells apart companies of the same name"`
	PostalCode string  `json:"postal_code,omitempty" jsonschema:"postal code of the registered address"`
	Street     string  `json:"street,omitempty" jsonschema:"street and house number"`
	Register   string  `json:"register,omitempty" jsonschema:"a register reference as written (HRB 267645 B, Amtsgericht Charlottenburg): decides when it resolves to one company"`
	VATID      string  `json:"vat_id,omitempty" jsonschema:"VAT identification number (DE318274655)"`
	LEI        string  `json:"lei,omitempty" jsonschema:"Legal Entity Identifier, 20 characters"`
	Website    string  `json:"website,omitempty" jsonschema:"the company's web address"`
	MinScore   float64 `json:"min_score,omitempty" jsonschema:"score from 0 to 1 the best candidate needs to be the match; default 0.85"`
	MaxCredits int64   `json:"max_credits,omitempty" jsonschema:"most credits the match may spend; default 30"`
}

// MatchCandidate is one candidate of match_company's result.
type MatchCandidate struct {
	// CompanyID is the candidate's register id.
	CompanyID string `json:"company_id"`
	// Name is its current name.
	Name string `json:"name"`
	// Score is from 0 to 1.
	Score float64 `json:"score"`
	// Reasons say in words why the score is what it is.
	Reasons []string `json:"reasons"`
	// Result is the candidate as the service's search lists it.
	Result registerdata.CompanySearchResult `json:"result"`
}

// MatchResult is the result of match_company.
type MatchResult struct {
	// Status is matched (best is set), ambiguous (candidates but no
	// confident, unambiguous one) or none.
	Status string `json:"status"`
	// Best is the match, or null.
	Best *MatchCandidate `json:"best"`
	// Candidates are the candidates, best first.
	Candidates []MatchCandidate `json:"candidates"`
}

func addMatchTool(s *mcp.Server, c *registerdata.Client) error {
	cand := map[string]any{
		"type":     "object",
		"required": []any{"company_id", "name", "score", "reasons", "result"},
		"properties": map[string]any{
			"company_id": map[string]any{"type": "string"},
			"name":       map[string]any{"type": "string"},
			"score":      map[string]any{"type": "number", "minimum": 0, "maximum": 1},
			"reasons":    map[string]any{"type": "array", "items": map[string]any{"type": "string"}},
			"result":     map[string]any{"$ref": "#/$defs/CompanySearchResult"},
		},
	}
	out, err := outputSchema(map[string]any{
		"type":     "object",
		"required": []any{"status", "best", "candidates"},
		"properties": map[string]any{
			"status":     map[string]any{"type": "string", "enum": []any{"matched", "ambiguous", "none"}},
			"best":       map[string]any{"anyOf": []any{cand, map[string]any{"type": "null"}}},
			"candidates": map[string]any{"type": "array", "items": cand},
		},
	})
	if err != nil {
		return err
	}
	addTool(s, c, &mcp.Tool{
		Name:         "match_company",
		Description:  "Finds the register entry of a company from what a customer wrote: name in any spelling, city, postal code, street, a register reference (HRB 12345 B, Amtsgericht München), VAT id, LEI or website. Returns the match (status matched) only when one candidate is confident and clearly ahead; otherwise the candidates with their reasons (status ambiguous) or none. Uses the free autocomplete first and pays for searches only when they can change the outcome: usually 0 to 20 credits, never more than max_credits (default 30). Call it before get_company whenever the company_id is not known.",
		OutputSchema: out,
	}, func(ctx context.Context, in MatchInput, _ *registerdata.ResponseInfo, opts []registerdata.CallOption) (outcome, error) {
		q := registerdata.MatchQuery{Name: in.Name, City: in.City, PostalCode: in.PostalCode, Street: in.Street,
			Register: in.Register, VATID: in.VATID, LEI: in.LEI, Website: in.Website}
		m, err := c.MatchCompany(ctx, q, &registerdata.MatchOptions{MinScore: in.MinScore, MaxCredits: in.MaxCredits})
		if err != nil {
			return outcome{}, err
		}
		res := MatchResult{Status: "none", Candidates: make([]MatchCandidate, 0, len(m.Candidates))}
		for _, mc := range m.Candidates {
			res.Candidates = append(res.Candidates, candidate(mc))
		}
		switch {
		case m.Best != nil:
			b := candidate(*m.Best)
			res.Status, res.Best = "matched", &b
		case len(m.Candidates) > 0:
			res.Status = "ambiguous"
		}
		return outcome{value: res, summary: matchSummary(res), charged: m.Credits}, nil
	})
	return nil
}

func candidate(mc registerdata.MatchCandidate) MatchCandidate {
	reasons := mc.Reasons
	if reasons == nil {
		reasons = []string{}
	}
	return MatchCandidate{CompanyID: mc.CompanyID, Name: mc.Name, Score: mc.Score, Reasons: reasons, Result: mc.Result}
}

func matchSummary(r MatchResult) string {
	switch r.Status {
	case "matched":
		return fmt.Sprintf("Matched %s (%s), score %.2f: %s.", q(r.Best.Name), qid(r.Best.CompanyID), r.Best.Score, strings.Join(inlineAll(r.Best.Reasons), "; "))
	case "ambiguous":
		lines := make([]string, 0, len(r.Candidates))
		for _, c := range r.Candidates {
			lines = append(lines, fmt.Sprintf("%s (%s), score %.2f: %s", q(c.Name), qid(c.CompanyID), c.Score, strings.Join(inlineAll(c.Reasons), "; ")))
		}
		return "No confident match; ask the user which of these is meant, or add a city, register number or VAT id: " + strings.Join(lines, " | ") + "."
	}
	return "No company of the register matches. Check the spelling, or search with search_companies."
}
