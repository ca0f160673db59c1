package registerdatamcp

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"
	registerdata "github.com/registerdata/registerdata-go"
	"github.com/registerdata/registerdata-go/enums"
)

// CompanyInput names one company.
type CompanyInput struct {
	CompanyID string `json:"company_id" jsonschema:"the company's register id, such as DE-HRB-F1103-267645 (from match_company or search_companies)"`
}

// GetCompanyInput is the input of get_company.
type GetCompanyInput struct {
	CompanyID string `json:"company_id" jsonschema:"the company's register id, such as DE-HRB-F1103-267645 (from match_company or search_companies)"`
	Realtime  bool   `json:"realtime,omitempty" jsonschema:"fetch live from the official register: slower and dearer (the realtime price, which get_company's description gives); only when the user needs today's state"`
}

// GetOwnersInput is the input of get_owners.
type GetOwnersInput struct {
	CompanyID     string `json:"company_id" jsonschema:"the company's register id"`
	BestAvailable bool   `json:"best_available,omitempty" jsonschema:"for an AG or SE, the best owner data available (read from documents, possibly out of date); without it an AG or SE answers not found"`
	Realtime      bool   `json:"realtime,omitempty" jsonschema:"fetch the newest data live from the register; cannot be combined with best_available"`
	LegalForm     string `json:"legal_form,omitempty" jsonschema:"the company's legal_form from get_company, when known (gmbh, ug, ohg, ...): a form whose owners the service does not publish is not asked and costs 0 credits"`
}

// BeneficialOwnersInput is the input of get_beneficial_owners.
type BeneficialOwnersInput struct {
	CompanyID string `json:"company_id" jsonschema:"the company's register id, such as DE-HRB-F1103-267645 (from match_company or search_companies)"`
	LegalForm string `json:"legal_form,omitempty" jsonschema:"the company's legal_form from get_company, when known: beneficial owners are published for gmbh, ggmbh, ug and kg only; another form is not asked and costs 0 credits"`
}

// TreeInput is the input of get_ownership_tree.
type TreeInput struct {
	CompanyID string `json:"company_id" jsonschema:"the company whose owners are walked upwards"`
	MaxDepth  int    `json:"max_depth,omitempty" jsonschema:"levels of owners to fetch, 1 to 10; default 5. Each company on the way costs the price of one owner list (see get_ownership_tree)"`
	LegalForm string `json:"legal_form,omitempty" jsonschema:"the root company's legal_form from get_company, when known: a form whose owners the service does not publish is not walked and costs 0 credits"`
}

// addCompanyTools registers the tools that read one company.
func addCompanyTools(s *mcp.Server, c *registerdata.Client) error {
	company, err := serviceOutput("Company")
	if err != nil {
		return err
	}
	addTool(s, c, &mcp.Tool{
		Name:         "get_company",
		Description:  "The full register record of one company: name, status, legal form, register and court, address, capital, purpose, representatives (directors, Prokura), industry codes, latest financial indicators, insolvency summary, history of names and addresses, and sources. Costs " + priceText(c, "GET /v1/company/{company_id}") + " (" + realtimeCredits(c, "GET /v1/company/{company_id}") + " with realtime). Needs a company_id: when only a name is known, call match_company first.",
		OutputSchema: company,
	}, func(ctx context.Context, in GetCompanyInput, _ *registerdata.ResponseInfo, opts []registerdata.CallOption) (outcome, error) {
		co, err := c.GetCompany(ctx, in.CompanyID, &registerdata.GetCompanyParams{Realtime: in.Realtime}, opts...)
		if err != nil {
			return outcome{}, err
		}
		return outcome{value: co, summary: companySummary(co)}, nil
	})

	owners, err := serviceOutput("CompanyOwners")
	if err != nil {
		return err
	}
	addTool(s, c, &mcp.Tool{
		Name:         "get_owners",
		Description:  "The shareholders of one company with their shares on the PERCENT scale (50 means 50 %), legal or natural person, and since when. Costs " + priceText(c, "GET /v1/company/{company_id}/owners") + ". For an AG or SE set best_available. For the whole chain up to the natural persons use get_ownership_tree; for the persons the law names as beneficial owners use get_beneficial_owners.",
		OutputSchema: owners,
	}, func(ctx context.Context, in GetOwnersInput, _ *registerdata.ResponseInfo, opts []registerdata.CallOption) (outcome, error) {
		skipped := func(why string) outcome {
			return outcome{value: &registerdata.Owners{CompanyID: in.CompanyID, Owners: []registerdata.Owner{}, Sources: []registerdata.Source{}}, summary: notPublishedSummary(in.CompanyID, why)}
		}
		if why := registerdata.NotPublished(registerdata.PartOwners, enums.LegalForm(in.LegalForm), in.BestAvailable); why != "" {
			return skipped(why), nil
		}
		o, err := c.GetOwners(ctx, in.CompanyID, &registerdata.GetOwnersParams{BestAvailable: in.BestAvailable, Realtime: in.Realtime}, opts...)
		if why := registerdata.NotPublishedError(registerdata.PartOwners, err); why != "" {
			return skipped(why), nil
		}
		if err != nil {
			return outcome{}, err
		}
		names := make([]string, 0, len(o.Owners))
		for _, ow := range o.Owners {
			names = append(names, ownerLine(ow.Name, ow.SharePercent))
		}
		return outcome{value: o, summary: fmt.Sprintf("%d owners of %s: %s.", len(o.Owners), qid(o.CompanyID), strings.Join(names, "; "))}, nil
	})

	ubo, err := serviceOutput("CompanyUbos")
	if err != nil {
		return err
	}
	addTool(s, c, &mcp.Tool{
		Name:         "get_beneficial_owners",
		Description:  "The beneficial owners of one company as the service computes them (natural persons holding more than 25 % directly or through other companies; when nobody does, the managing directors as fictitious beneficial owners), shares on the PERCENT scale. Costs " + priceText(c, "GET /v1/company/{company_id}/ubo") + ". The first stop of a KYC check after the company's profile. Published for GmbH, gGmbH, UG and KG only: pass legal_form from get_company and another form costs nothing.",
		OutputSchema: ubo,
	}, func(ctx context.Context, in BeneficialOwnersInput, _ *registerdata.ResponseInfo, opts []registerdata.CallOption) (outcome, error) {
		skipped := func(why string) outcome {
			return outcome{value: &registerdata.BeneficialOwners{CompanyID: in.CompanyID, Owners: []registerdata.BeneficialOwner{}}, summary: notPublishedSummary(in.CompanyID, why)}
		}
		if why := registerdata.NotPublished(registerdata.PartBeneficialOwners, enums.LegalForm(in.LegalForm), false); why != "" {
			return skipped(why), nil
		}
		u, err := c.GetBeneficialOwners(ctx, in.CompanyID, opts...)
		if why := registerdata.NotPublishedError(registerdata.PartBeneficialOwners, err); why != "" {
			return skipped(why), nil
		}
		if err != nil {
			return outcome{}, err
		}
		names := make([]string, 0, len(u.Owners))
		for _, bo := range u.Owners {
			names = append(names, ownerLine(bo.Name, bo.SharePercent))
		}
		return outcome{value: u, summary: fmt.Sprintf("%d beneficial owners of %s: %s.", len(u.Owners), qid(u.CompanyID), strings.Join(names, "; "))}, nil
	})

	history, err := outputSchema(map[string]any{"oneOf": []any{
		map[string]any{"$ref": "#/$defs/HistoricalOwners"},
		processingSchema,
	}})
	if err != nil {
		return err
	}
	addTool(s, c, &mcp.Tool{
		Name:         "get_ownership_history",
		Description:  "Every current and former owner of one company (GmbH) as the filed shareholder lists named them, with when each appeared and left and the stake in each list. Costs " + priceText(c, "GET /v1/company/{company_id}/owners/historical") + ", billed only when the history comes back; published for a GmbH only (another form costs nothing and says so). The service prepares a history on the first requests for it: then the result is {\"status\": \"processing\", \"retry_after_seconds\": n}, nothing is charged, and the call should be made again after n seconds.",
		OutputSchema: history,
	}, func(ctx context.Context, in CompanyInput, _ *registerdata.ResponseInfo, opts []registerdata.CallOption) (outcome, error) {
		h, err := c.GetOwnershipHistory(ctx, in.CompanyID, append(opts, registerdata.NoWait())...)
		var pe *registerdata.ProcessingError
		if errors.As(err, &pe) {
			secs := int64(pe.RetryAfter.Round(time.Second) / time.Second)
			return outcome{value: historyProcessing{Status: "processing", CompanyID: in.CompanyID, RetryAfterSeconds: secs},
				summary: fmt.Sprintf("The service is still processing the ownership history of %s; ask again in %d s. Nothing was charged.", qid(in.CompanyID), secs)}, nil
		}
		if why := registerdata.NotPublishedError(registerdata.PartOwnershipHistory, err); why != "" {
			return outcome{value: &registerdata.HistoricalOwners{CompanyID: in.CompanyID, Owners: []registerdata.HistoricalOwner{}}, summary: notPublishedSummary(in.CompanyID, why)}, nil
		}
		if err != nil {
			return outcome{}, err
		}
		return outcome{value: h, summary: fmt.Sprintf("%d current and former owners of %s.", len(h.Owners), qid(h.CompanyID))}, nil
	})

	fin, err := serviceOutput("Financials")
	if err != nil {
		return err
	}
	addTool(s, c, &mcp.Tool{
		Name:         "get_financials",
		Description:  "The financial statements of one company: indicators per year (revenue, employees, equity, net income, balance sheet total, ... money in cents), the merged tables and the reports they come from. Costs " + priceText(c, "GET /v1/company/{company_id}/financials") + ". The latest indicators are already in get_company's record: call this only for earlier years or the full statements.",
		OutputSchema: fin,
	}, func(ctx context.Context, in CompanyInput, _ *registerdata.ResponseInfo, opts []registerdata.CallOption) (outcome, error) {
		f, err := c.GetFinancials(ctx, in.CompanyID, opts...)
		if err != nil {
			return outcome{}, err
		}
		return outcome{value: f, summary: fmt.Sprintf("Financials of %s: indicators for %d years, %d reports.", qid(in.CompanyID), len(f.Indicators), len(f.Reports))}, nil
	})

	holdings, err := serviceOutput("CompanyHoldings")
	if err != nil {
		return err
	}
	addTool(s, c, &mcp.Tool{
		Name:         "get_company_holdings",
		Description:  "The companies one company holds shares in (its subsidiaries and participations), shares as the service sends them on the FRACTION scale (0.5 means 50 %). Costs " + priceText(c, "GET /v1/company/{company_id}/holdings") + ".",
		OutputSchema: holdings,
	}, func(ctx context.Context, in CompanyInput, _ *registerdata.ResponseInfo, opts []registerdata.CallOption) (outcome, error) {
		h, err := c.GetCompanyHoldings(ctx, in.CompanyID, opts...)
		if err != nil {
			return outcome{}, err
		}
		return outcome{value: h, summary: holdingsSummary(in.CompanyID, h)}, nil
	})
	return addTreeTool(s, c)
}

// notPublishedSummary is the result text of an ownership answer the
// service does not publish for the company's legal form: the sentence
// every consumer of the SDK says ("UBO: not published for an OHG"), and
// that it cost nothing.
func notPublishedSummary(id, why string) string {
	return fmt.Sprintf("%s: %s, 0 credits. Nothing was fetched: the service publishes no such data for this legal form.", qid(id), why)
}

// companySummary is a company record for a reader: the sentence of the
// profile, then its representatives, latest figures and insolvencies, a
// line each, register text quoted.
func companySummary(co *registerdata.Company) string {
	var b strings.Builder
	fmt.Fprintf(&b, "%s (%s): %s %s, %s %s", q(co.Name.Name), qid(co.ID), co.Status, co.LegalForm, co.Register.RegisterType, qword(co.Register.RegisterNumber))
	if co.Address.City != "" {
		b.WriteString(", " + q(co.Address.City))
	}
	var current []string
	for _, r := range co.Representation {
		if r.EndDate == nil {
			role := r.RoleDetail.LabelEN
			if role == "" {
				role = string(r.Role)
			}
			current = append(current, fmt.Sprintf("%s (%s)", q(r.Name), q(role)))
		}
	}
	fmt.Fprintf(&b, "; %d current and %d former representatives.", len(current), len(co.Representation)-len(current))
	if co.Address.FormattedValue != "" {
		b.WriteString("\nAddress: " + q(co.Address.FormattedValue))
	}
	if co.Capital != nil {
		fmt.Fprintf(&b, "\nCapital: %s %s", money(co.Capital.Amount), co.Capital.Currency)
	}
	if len(current) > 0 {
		b.WriteString("\nCurrent representatives: " + strings.Join(current, "; "))
	}
	if ind, ok := co.LatestIndicators(); ok {
		var figs []string
		for _, f := range []struct {
			name string
			v    *int64
			cash bool
		}{{"revenue", ind.Revenue, true}, {"net income", ind.NetIncome, true}, {"equity", ind.Equity, true}, {"employees", ind.Employees, false}} {
			switch {
			case f.v == nil:
			case f.cash:
				figs = append(figs, fmt.Sprintf("%s %s EUR", f.name, money(float64(*f.v)/100)))
			default:
				figs = append(figs, fmt.Sprintf("%s %d", f.name, *f.v))
			}
		}
		if len(figs) > 0 {
			fmt.Fprintf(&b, "\nLatest figures (%s): %s", ind.Date, strings.Join(figs, ", "))
		}
	}
	if n := len(co.Insolvencies); n > 0 {
		var ps []string
		for _, in := range co.Insolvencies {
			ps = append(ps, fmt.Sprintf("%s at %s, %s", q(in.CaseNumber), q(in.Court), in.CurrentStatus))
		}
		fmt.Fprintf(&b, "\nInsolvency proceedings (%d): %s", n, strings.Join(ps, "; "))
	}
	b.WriteString("\nThe full record is the structured content (source documents' presigned addresses left out: they expire).")
	return b.String()
}

// ownerLine is "Name (50 %)", or the name alone without a known share;
// share is a SharePercent method, so owners (percent on the wire) and
// holdings (a fraction on the wire) read on one scale.
func ownerLine(name string, share func() (float64, bool)) string {
	if p, ok := share(); ok {
		return fmt.Sprintf("%s (%.4g %%)", q(name), p)
	}
	return q(name)
}

// holdingsSummary is one sentence on a holdings list.
func holdingsSummary(owner string, h *registerdata.Holdings) string {
	names := make([]string, 0, len(h.Holdings))
	for _, x := range h.Holdings {
		names = append(names, ownerLine(x.Name, x.SharePercent))
	}
	return fmt.Sprintf("%s holds shares in %d companies: %s.", qid(owner), len(h.Holdings), strings.Join(names, "; "))
}

// historyProcessing is the result of get_ownership_history while the
// service is still preparing the history (it answered 202, unbilled).
type historyProcessing struct {
	Status            string `json:"status"` // "processing"
	CompanyID         string `json:"company_id"`
	RetryAfterSeconds int64  `json:"retry_after_seconds"`
}

// processingSchema describes historyProcessing.
var processingSchema = map[string]any{
	"type":        "object",
	"description": "The service is still preparing the history: nothing was charged; call again after retry_after_seconds.",
	"required":    []any{"status", "company_id", "retry_after_seconds"},
	"properties": map[string]any{
		"status":              map[string]any{"const": "processing"},
		"company_id":          map[string]any{"type": "string"},
		"retry_after_seconds": map[string]any{"type": "integer", "minimum": 0},
	},
}
