package registerdatamcp_test

import (
	"context"
	"encoding/json"
	"strings"
	"testing"

	registerdata "github.com/registerdata/registerdata-go"
	"github.com/registerdata/registerdata-go/registerdatamcp"
)

// TestEveryToolAgainstTheFake calls every tool with valid arguments and
// checks the structured output against the output schema the client was
// given, and the credit report against the client's own count.
func TestEveryToolAgainstTheFake(t *testing.T) {
	cs, srv, c := session(t, registerdatamcp.Options{AllowWrite: true})
	ctx := context.Background()
	co, err := c.GetCompany(ctx, nordlichtID, nil)
	if err != nil {
		t.Fatal(err)
	}
	if len(co.Documents) == 0 || len(srv.InsolvencyIDs()) == 0 || len(srv.Persons()) == 0 {
		t.Fatal("the fake lacks the documents, proceedings or persons this test needs")
	}
	p := registerdata.DefaultPrices()
	cases := []struct {
		tool  string
		args  map[string]any
		price int64
	}{
		{"get_company", map[string]any{"company_id": nordlichtID}, p.Of("GET /v1/company/{company_id}", false)},
		{"get_company", map[string]any{"company_id": nordlichtID, "realtime": true}, p.Of("GET /v1/company/{company_id}", true)},
		{"get_owners", map[string]any{"company_id": kycID}, p.Of("GET /v1/company/{company_id}/owners", false)},
		{"get_beneficial_owners", map[string]any{"company_id": kycID}, p.Of("GET /v1/company/{company_id}/ubo", false)},
		{"get_ownership_tree", map[string]any{"company_id": kycID, "max_depth": 3}, -1},
		{"get_ownership_history", map[string]any{"company_id": nordlichtID}, p.Of("GET /v1/company/{company_id}/owners/historical", false)},
		{"get_financials", map[string]any{"company_id": nordlichtID}, p.Of("GET /v1/company/{company_id}/financials", false)},
		{"get_company_holdings", map[string]any{"company_id": nordlichtID}, p.Of("GET /v1/company/{company_id}/holdings", false)},
		{"get_person", map[string]any{"person_id": srv.Persons()[0]}, p.Of("GET /v1/person/{person_id}", false)},
		{"get_person_holdings", map[string]any{"person_id": srv.Persons()[0]}, p.Of("GET /v1/person/{person_id}/holdings", false)},
		{"get_insolvency", map[string]any{"insolvency_id": srv.InsolvencyIDs()[0]}, p.Of("GET /v1/insolvency/{insolvency_id}", false)},
		{"get_document", map[string]any{"document_id": co.Documents[0].ID}, p.Of("GET /v1/document/{document_id}", false)},
		{"get_credits", map[string]any{}, p.Of("GET /v1/credits", false)},
		{"search_companies", map[string]any{"query": "nordlicht", "filters": []any{map[string]any{"field": "status", "value": "active"}}, "per_page": 5}, p.Of("POST /v1/search/company", false)},
		{"search_persons", map[string]any{"query": "a", "per_page": 5}, p.Of("POST /v1/search/person", false)},
		{"search_insolvencies", map[string]any{"per_page": 5}, p.Of("POST /v1/search/insolvency", false)},
		{"list_monitors", map[string]any{}, p.Of("GET /v1/monitor", false)},
		{"create_monitor", map[string]any{"entity_id": nordlichtID, "entity_type": "company", "preferences": []any{"basic"}}, p.Of("POST /v1/monitor", false)},
		{"delete_monitor", map[string]any{"entity_id": nordlichtID}, p.Of("DELETE /v1/monitor/{entity_id}", false)},
		{"match_company", map[string]any{"name": "Nordlicht Solartechnik", "city": "Berlin"}, -1},
	}
	list := tools(t, cs)
	seen := map[string]bool{}
	for _, tc := range cases {
		seen[tc.tool] = true
		tool, ok := list[tc.tool]
		if !ok {
			t.Errorf("%s: not listed", tc.tool)
			continue
		}
		spentBefore := c.CreditsSpent()
		res := call(t, cs, tc.tool, tc.args)
		if res.IsError {
			t.Errorf("%s: tool error: %s", tc.tool, text(res))
			continue
		}
		out := structured(t, tc.tool, res)
		schema := resolve(t, tc.tool, "output", tool.OutputSchema)
		if err := schema.Validate(out); err != nil {
			t.Errorf("%s: output does not match its schema: %v", tc.tool, err)
		}
		var cr registerdatamcp.Credits
		b, _ := json.Marshal(out["credits"])
		if err := json.Unmarshal(b, &cr); err != nil {
			t.Fatalf("%s: credits: %v", tc.tool, err)
		}
		spent := c.CreditsSpent() - spentBefore
		if cr.Charged != spent || (tc.price >= 0 && cr.Charged != tc.price) {
			t.Errorf("%s: credits.charged %d; the client counted %d, the price is %d", tc.tool, cr.Charged, spent, tc.price)
		}
		if cr.Spent != c.CreditsSpent() {
			t.Errorf("%s: credits.spent %d, the client says %d", tc.tool, cr.Spent, c.CreditsSpent())
		}
		if !strings.Contains(text(res), "Cost: ") {
			t.Errorf("%s: the text summary does not say what the call cost: %q", tc.tool, text(res))
		}
	}
	for name := range list {
		if !seen[name] {
			t.Errorf("tool %s has no case in this test", name)
		}
	}
}

// TestBudgetStopsALoop is an agent calling a paid tool in a loop: the
// client's budget stops it with a tool error the agent can read, and
// nothing beyond the budget is spent.
func TestBudgetStopsALoop(t *testing.T) {
	cs, srv, c := session(t, registerdatamcp.Options{}, registerdataWithBudget(35)...)
	before, _ := srv.CreditUsage(srv.APIKey)
	var last string
	calls := 0
	for calls = 1; calls <= 10; calls++ {
		res := call(t, cs, "get_company", map[string]any{"company_id": nordlichtID, "realtime": true})
		if res.IsError {
			last = text(res)
			break
		}
	}
	if calls != 2 {
		t.Fatalf("the budget of 35 allowed %d calls of 20 credits", calls-1)
	}
	want := "budget of 35 credits reached: 20 spent, 15 remaining"
	if !strings.Contains(last, want) {
		t.Errorf("tool error %q does not say %q", last, want)
	}
	after, _ := srv.CreditUsage(srv.APIKey)
	if billed := after.Used - before.Used; billed != 20 || c.CreditsSpent() != 20 {
		t.Errorf("billed %d, the client counted %d; want 20 both", billed, c.CreditsSpent())
	}
	// Free tools still work, and say what remains.
	res := call(t, cs, "get_credits", nil)
	if res.IsError || !strings.Contains(text(res), "15 of 35 remaining") {
		t.Errorf("get_credits after the budget: %s", text(res))
	}
}

func TestToolErrorsSayHowToFixTheCall(t *testing.T) {
	cs, _, c := session(t, registerdatamcp.Options{})
	cases := []struct {
		tool string
		args map[string]any
		want string
	}{
		{"search_companies", map[string]any{"filters": []any{map[string]any{"field": "cty", "value": "Berlin"}}}, `unknown filter field "cty" (filters[0]): did you mean "city"?`},
		{"search_companies", map[string]any{"filters": []any{map[string]any{"field": "revenue", "min": "9", "max": "5"}}}, "min"},
		{"get_company", map[string]any{"company_id": "DE-HRB-F1103-999999"}, "match_company"},
		{"get_company", map[string]any{"company_id": "../monitor"}, "invalid"},
		{"get_company", map[string]any{}, "company_id"},
		{"get_ownership_tree", map[string]any{"company_id": kycID, "max_depth": 50}, "outside 1..10"},
	}
	for _, tc := range cases {
		res := call(t, cs, tc.tool, tc.args)
		if !res.IsError || !strings.Contains(text(res), tc.want) {
			t.Errorf("%s %v: got error=%v %q; want a tool error containing %q", tc.tool, tc.args, res.IsError, text(res), tc.want)
		}
	}
	if c.CreditsSpent() != 0 {
		t.Errorf("refused calls cost %d credits", c.CreditsSpent())
	}
}
