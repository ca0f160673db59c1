package registerdatamcp_test

import (
	"strings"
	"testing"

	"github.com/registerdata/registerdata-go/registerdatamcp"
)

// TestOwnershipToolsSayWhatTheFormDoesNotHave: get_beneficial_owners,
// get_owners and get_ownership_tree say "... not published for an OHG,
// 0 credits" when the form is given (nothing is sent) and when the
// service's 404 names it (nothing is billed); the client's count and the
// fake's books stay at 0.
func TestOwnershipToolsSayWhatTheFormDoesNotHave(t *testing.T) {
	const ohg, ug = "DE-HRA-M1201-51073", "DE-HRB-B8535-74188"
	for _, tc := range []struct {
		tool string
		args map[string]any
		want string
	}{
		{"get_beneficial_owners", map[string]any{"company_id": ohg, "legal_form": "ohg"}, "UBO: not published for an OHG, 0 credits"},
		{"get_beneficial_owners", map[string]any{"company_id": ohg}, "UBO: not published for an OHG, 0 credits"},
		{"get_owners", map[string]any{"company_id": ug, "legal_form": "ug"}, "owners: not published for a UG, 0 credits"},
		{"get_owners", map[string]any{"company_id": ug}, "owners: not published for a UG, 0 credits"},
		{"get_ownership_tree", map[string]any{"company_id": ug, "legal_form": "ug"}, "owners: not published for a UG, 0 credits"},
		{"get_ownership_tree", map[string]any{"company_id": ug}, "owners: not published for a UG, 0 credits"},
	} {
		cs, srv, c := session(t, registerdatamcp.Options{})
		before := srv.Credits(srv.APIKey)
		res := call(t, cs, tc.tool, tc.args)
		if res.IsError {
			t.Fatalf("%s %v: tool error %s", tc.tool, tc.args, text(res))
		}
		if got := text(res); !strings.Contains(got, tc.want) {
			t.Errorf("%s %v: result\n%s\nwant it to say %q", tc.tool, tc.args, got, tc.want)
		}
		if c.CreditsSpent() != 0 || srv.Credits(srv.APIKey) != before {
			t.Errorf("%s %v: spent %d, the fake billed %d; want 0", tc.tool, tc.args, c.CreditsSpent(), before-srv.Credits(srv.APIKey))
		}
		structured(t, tc.tool, res)
	}
	// A supported form given is asked as before.
	cs, _, c := session(t, registerdatamcp.Options{})
	res := call(t, cs, "get_owners", map[string]any{"company_id": ohg, "legal_form": "ohg"})
	if res.IsError || c.CreditsSpent() == 0 || strings.Contains(text(res), "not published") {
		t.Errorf("get_owners of an OHG: spent %d, result %s", c.CreditsSpent(), text(res))
	}
}

// While the service is still processing a history, get_ownership_history
// answers at once with a result saying so and when to ask again, unpaid;
// asked again, it returns the history, paid once.
func TestOwnershipHistoryToolWhileProcessing(t *testing.T) {
	cs, srv, c := session(t, registerdatamcp.Options{})
	srv.SetHistoryProcessing(1)
	list := tools(t, cs)
	schema := resolve(t, "get_ownership_history", "output", list["get_ownership_history"].OutputSchema)

	res := call(t, cs, "get_ownership_history", map[string]any{"company_id": nordlichtID})
	if res.IsError {
		t.Fatalf("still processing is a result, not an error: %s", text(res))
	}
	if got := text(res); !strings.Contains(got, "still processing the ownership history of "+nordlichtID+"; ask again in 30 s") || !strings.Contains(got, "Cost: 0 credits") {
		t.Errorf("text = %q", got)
	}
	out := structured(t, "get_ownership_history", res)
	if err := schema.Validate(out); err != nil {
		t.Errorf("the processing result does not match the output schema: %v", err)
	}
	result, _ := out["result"].(map[string]any)
	if result["status"] != "processing" || result["retry_after_seconds"] != float64(30) || result["company_id"] != nordlichtID {
		t.Errorf("result = %v", result)
	}
	if c.CreditsSpent() != 0 {
		t.Errorf("the 202 was charged: %d", c.CreditsSpent())
	}

	res = call(t, cs, "get_ownership_history", map[string]any{"company_id": nordlichtID})
	if res.IsError {
		t.Fatalf("tool error: %s", text(res))
	}
	out = structured(t, "get_ownership_history", res)
	if err := schema.Validate(out); err != nil {
		t.Errorf("the history does not match the output schema: %v", err)
	}
	if result, _ := out["result"].(map[string]any); result["owners"] == nil {
		t.Errorf("result = %v", result)
	}
}

// TestOwnershipHistoryToolOfAFormWithoutIt: the history of a company
// whose form has none published is a result saying so, at 0 credits.
func TestOwnershipHistoryToolOfAFormWithoutIt(t *testing.T) {
	const ohg = "DE-HRA-M1201-51073"
	cs, srv, c := session(t, registerdatamcp.Options{})
	before := srv.Credits(srv.APIKey)
	res := call(t, cs, "get_ownership_history", map[string]any{"company_id": ohg})
	if res.IsError {
		t.Fatalf("tool error: %s", text(res))
	}
	if got := text(res); !strings.Contains(got, "historical owners: not published for an OHG, 0 credits") {
		t.Errorf("result %q", got)
	}
	if c.CreditsSpent() != 0 || srv.Credits(srv.APIKey) != before {
		t.Errorf("spent %d, the fake billed %d; want 0", c.CreditsSpent(), before-srv.Credits(srv.APIKey))
	}
	structured(t, "get_ownership_history", res)
}
