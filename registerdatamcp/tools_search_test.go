package registerdatamcp_test

import (
	"encoding/json"
	"testing"

	registerdata "github.com/registerdata/registerdata-go"
	"github.com/registerdata/registerdata-go/registerdatamcp"
)

// TestPerPageBoundsAgreeWithTheService: the input schemas of the search
// tools bound per_page as the service does: its largest page is served,
// one more is refused (by the service, so the schema does not invent a
// bound of its own).
func TestPerPageBoundsAgreeWithTheService(t *testing.T) {
	cs, _, c := session(t, registerdatamcp.Options{})
	list := tools(t, cs)
	for _, name := range []string{"search_companies", "search_persons", "search_insolvencies"} {
		b, _ := json.Marshal(list[name].InputSchema)
		var s struct {
			Properties map[string]struct {
				Minimum *float64 `json:"minimum"`
				Maximum *float64 `json:"maximum"`
			} `json:"properties"`
		}
		if err := json.Unmarshal(b, &s); err != nil {
			t.Fatal(err)
		}
		pp := s.Properties["per_page"]
		if pp.Minimum == nil || pp.Maximum == nil || *pp.Minimum != 1 {
			t.Fatalf("%s: per_page has no bounds: %s", name, b)
		}
		most := int(*pp.Maximum)
		if res := call(t, cs, name, map[string]any{"per_page": most}); res.IsError {
			t.Errorf("%s: per_page %d, the schema's maximum, is refused: %s", name, most, text(res))
		}
		_, err := c.SearchCompanies(t.Context(), registerdata.CompanySearchRequest{Pagination: registerdata.PageRequest{PerPage: most + 1}})
		if err == nil {
			t.Errorf("the service serves per_page %d, above the schema's maximum %d", most+1, most)
		}
	}
}
