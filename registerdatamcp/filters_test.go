package registerdatamcp_test

import (
	"strings"
	"testing"

	"github.com/registerdata/registerdata-go/registerdatamcp"
)

func TestUnknownFilterFieldFarFromEveryKnownOneIsSent(t *testing.T) {
	cs, _, _ := session(t, registerdatamcp.Options{})
	res := call(t, cs, "search_companies", map[string]any{"filters": []any{map[string]any{"field": "carbon_footprint_tonnes", "min": "1"}}})
	// The fake, like the service, decides on fields it does not know;
	// either way the agent is told the field was sent unchecked.
	if !res.IsError && !strings.Contains(text(res), "carbon_footprint_tonnes") {
		t.Errorf("no warning about the unknown field: %s", text(res))
	}
}
