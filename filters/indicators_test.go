package filters

import (
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
)

// intRangeHelpers lists every int64 range helper of the company builder
// with the wire field it must write.
var intRangeHelpers = []struct {
	method func(CompanyBuilder, int64, int64) CompanyBuilder
	field  string
}{
	{CompanyBuilder.BalanceSheetTotal, "balance_sheet_total"},
	{CompanyBuilder.Revenue, "revenue"},
	{CompanyBuilder.Cash, "cash"},
	{CompanyBuilder.Employees, "employees"},
	{CompanyBuilder.Equity, "equity"},
	{CompanyBuilder.RealEstate, "real_estate"},
	{CompanyBuilder.Materials, "materials"},
	{CompanyBuilder.PensionProvisions, "pension_provisions"},
	{CompanyBuilder.Salaries, "salaries"},
	{CompanyBuilder.Taxes, "taxes"},
	{CompanyBuilder.Liabilities, "liabilities"},
	{CompanyBuilder.CapitalReserves, "capital_reserves"},
	{CompanyBuilder.NetIncome, "net_income"},
	{CompanyBuilder.EstimatedRevenue, "estimated_revenue"},
	{CompanyBuilder.EstimatedEBITDA, "estimated_ebitda"},
	{CompanyBuilder.EstimatedEmployees, "estimated_employees"},
	{CompanyBuilder.YoungestOwnerAge, "youngest_owner_age"},
	{CompanyBuilder.NumberOfOwners, "number_of_owners"},
}

func TestIntRangeHelpersWire(t *testing.T) {
	ranges := []struct {
		name     string
		min, max int64
		keys     string // the JSON keys after "field", written by hand
	}{
		{"closed", 100_000_00, 2_500_000_00, `"min":"10000000","max":"250000000"`},
		{"at least", 50, Unbounded, `"min":"50"`},
		{"at most", Unbounded, 0, `"max":"0"`},
		{"negative", -1_000_00, -1, `"min":"-100000","max":"-1"`},
		{"one point", 7, 7, `"min":"7","max":"7"`},
		{"extremes", Unbounded + 1, 1<<63 - 1, `"min":"-9223372036854775807","max":"9223372036854775807"`},
	}
	for _, h := range intRangeHelpers {
		for _, r := range ranges {
			t.Run(h.field+"/"+r.name, func(t *testing.T) {
				assertWire(t, h.method(Company(), r.min, r.max), `[{"field":"`+h.field+`",`+r.keys+`}]`)
			})
		}
	}
}

// TestEveryCompanyNumberFieldHasAHelper keeps the helpers in step with the
// field table: a number field added to the table needs a range helper
// (capital_amount has the float64 CapitalBetween; the 34 indicators added
// in the official 4.5.0 libraries are reached through Indicator).
func TestEveryCompanyNumberFieldHasAHelper(t *testing.T) {
	var want, got []string
	for _, fi := range Fields(ScopeCompany) {
		if fi.Kind == KindNumber && fi.Name != CapitalAmount && !strings.Contains(extendedIndicators, " "+string(fi.Name)+",") {
			want = append(want, string(fi.Name))
		}
	}
	for _, h := range intRangeHelpers {
		got = append(got, h.field)
	}
	slices.Sort(want)
	slices.Sort(got)
	assert.Equal(t, want, got)
}
