package registerdatamcp

import (
	"context"
	"fmt"
	"strings"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// kycSteps is the checklist of the kyc_check prompt.
const kycSteps = `Carry out a KYC check of the company %s.%s

Work in this order, and stop to ask the user before anything costs more than the budget allows (every tool result says what it cost and what remains):
1. Identify the company. Unless you already have its register id (such as DE-HRB-F1103-267645), call match_company with everything you know (name, city, postal code, register number, VAT id, website). Continue only with a match whose status is clear; if the candidates are ambiguous, show them with their reasons and ask.
2. Profile: get_company. Note name, status, legal form, register and court, address, incorporation date, capital, and whether the status says liquidation or insolvency.
3. Beneficial owners: get_beneficial_owners. Say whether they hold more than 25 %% or are fictitious beneficial owners (the managing directors, when nobody holds more than 25 %%). When the chain matters, get_ownership_tree shows it, including owners abroad.
4. Insolvencies: the record's insolvency summary; for each open proceeding, get_insolvency.
5. Directors: the record's representatives. For each current managing director, get_person shows their other management positions; note any link to insolvent or liquidated companies.
6. Report: a short summary with the facts found, the red flags (open insolvency, liquidation, no beneficial owner above 25 %%, owners abroad, frequent changes of directors), the sources (which tool, when) and the credits spent.`

// addPrompts registers the kyc_check prompt.
func addPrompts(s *mcp.Server) {
	s.AddPrompt(&mcp.Prompt{
		Name:        "kyc_check",
		Title:       "KYC check of a company",
		Description: "Walks through a KYC check: identify the company, its profile, beneficial owners, insolvencies and directors' other positions, then a summary with red flags and credits spent.",
		Arguments: []*mcp.PromptArgument{
			{Name: "company", Description: "the company's name or register id", Required: true},
			{Name: "details", Description: "anything else known about it: city, register number, VAT id, website"},
		},
	}, func(_ context.Context, req *mcp.GetPromptRequest) (*mcp.GetPromptResult, error) {
		company := strings.TrimSpace(req.Params.Arguments["company"])
		if company == "" {
			return nil, fmt.Errorf("kyc_check needs the argument company: a name or a register id")
		}
		details := ""
		if d := strings.TrimSpace(req.Params.Arguments["details"]); d != "" {
			details = " Known details: " + d + "."
		}
		return &mcp.GetPromptResult{
			Description: "KYC check of " + company,
			Messages: []*mcp.PromptMessage{{
				Role:    "user",
				Content: &mcp.TextContent{Text: fmt.Sprintf(kycSteps, quoteArg(company), details)},
			}},
		}, nil
	})
}

// quoteArg quotes a user-supplied argument inside the prompt text.
func quoteArg(s string) string { return "\u201c" + s + "\u201d" }
