package registerdatamcp_test

import (
	"strings"
	"testing"

	"github.com/registerdata/registerdata-go/registerdatamcp"
)

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
