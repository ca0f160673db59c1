package registerdatamcp_test

import (
	"strings"
	"testing"

	"github.com/registerdata/registerdata-go"
	"github.com/registerdata/registerdata-go/registerdatamcp"
)

// TestToolDescriptionsNameTheClientsPrices: an agent reads the prices the
// server bills by: a client on a changed table shows the changed
// figures in the tools' descriptions.
func TestToolDescriptionsNameTheClientsPrices(t *testing.T) {
	p := registerdata.DefaultPrices()
	p.Set("GET /v1/company/{company_id}/ubo", 31)
	p.Set("GET /v1/company/{company_id}/owners", 13)
	p.SetVariant("POST /v1/monitor", registerdata.VariantDaily, 77)
	cs, _, _ := session(t, registerdatamcp.Options{AllowWrite: true}, registerdata.WithPrices(p))
	list := tools(t, cs)
	for tool, want := range map[string]string{
		"get_beneficial_owners": "Costs 31 credits.",
		"get_owners":            "Costs 13 credits.",
		"get_ownership_tree":    "Costs 13 credits per company",
		"create_monitor":        "or 77 (daily)",
	} {
		if d := list[tool].Description; !strings.Contains(d, want) {
			t.Errorf("%s: description %q lacks %q", tool, d, want)
		}
	}
}
