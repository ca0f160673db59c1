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
