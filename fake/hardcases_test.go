package fake

import (
	"strings"
	"testing"

	"github.com/registerdata/registerdata-go/enums"
)

func TestWithHardCasesAddsFurtherCompanies(t *testing.T) {
	plain := NewServer(WithGenerated(50))
	defer plain.Close()
	srv := NewServer(WithGenerated(50), WithHardCases())
	defer srv.Close()
	before, after := plain.CompanyIDs(), srv.CompanyIDs()
	if len(after) != len(before)+len(hardCaseList) {
		t.Fatalf("%d companies with the hard cases, %d without: want %d more", len(after), len(before), len(hardCaseList))
	}
	for i, id := range before {
		if after[i] != id {
			t.Fatalf("company %d is %s with the hard cases, %s without: existing companies must not change", i, after[i], id)
		}
	}
	names := map[string]int{}
	var former, liquidation int
	for _, id := range after[len(before):] {
		c, ok := srv.Company(id)
		if !ok {
			t.Fatalf("%s not stored", id)
		}
		names[c.Name.Name]++
		if len(c.Names) > 1 {
			former++
		}
		if c.Status == enums.CompanyStatusLiquidation {
			liquidation++
		}
	}
	if names["Löwenherz Bau GmbH"] != 4 || former < 5 || liquidation < 3 {
		t.Errorf("hard cases missing: %d Löwenherz, %d with former names, %d in liquidation", names["Löwenherz Bau GmbH"], former, liquidation)
	}
	got := srv.autocomplete("löwenherz")
	if len(got) != 4 {
		t.Errorf("autocomplete(löwenherz) = %d companies, want the 4 of the same name", len(got))
	}
	if id, ok := srv.companyOfWebsite("baeckerei-grossmann.example"); !ok || !strings.Contains(id, "P1103") {
		t.Errorf("website lookup of a hard case: %q, %v", id, ok)
	}
}
