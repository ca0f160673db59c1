package filters

import (
	"encoding/json"
	"math"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/registerdata/registerdata-go/enums"
)

// builder is what CompanyBuilder and PersonBuilder have in common.
type builder interface {
	Build() ([]Filter, error)
}

// assertWire builds b and compares its JSON with want, written by hand.
func assertWire(t *testing.T, b builder, want string) {
	t.Helper()
	fs, err := b.Build()
	require.NoError(t, err)
	got, err := json.Marshal(fs)
	require.NoError(t, err)
	assert.JSONEq(t, want, string(got))
}

// assertBuildErrors builds b and compares the problems reported with
// want, written by hand.
func assertBuildErrors(t *testing.T, b builder, want []string) {
	t.Helper()
	fs, err := b.Build()
	assert.Nil(t, fs)
	assert.Equal(t, want, messages(t, err))
}

func day(y int, m time.Month, d int) time.Time { return time.Date(y, m, d, 0, 0, 0, 0, time.UTC) }

func TestCompanyHelpersWire(t *testing.T) {
	berlin := time.FixedZone("CET", 3600)
	tests := []struct {
		name string
		b    CompanyBuilder
		want string
	}{
		{"no filters", Company(), `[]`},
		{"zero value", CompanyBuilder{}, `[]`},
		{"status, one", Company().Status(enums.CompanyStatusActive), `[{"field":"status","value":"active"}]`},
		{"status, several", Company().Status(enums.CompanyStatusActive, enums.CompanyStatusLiquidation),
			`[{"field":"status","values":["active","liquidation"]}]`},
		{"legal form", Company().LegalForm(enums.LegalFormGmbH, enums.LegalFormUG), `[{"field":"legal_form","values":["gmbh","ug"]}]`},
		{"city", Company().City("Frankfurt am Main"), `[{"field":"city","value":"Frankfurt am Main"}]`},
		{"postal code", Company().PostalCode("60311"), `[{"field":"zip","value":"60311"}]`},
		{"postal codes", Company().PostalCode("60311", "60313"), `[{"field":"zip","values":["60311","60313"]}]`},
		{"register type", Company().RegisterType(enums.RegisterTypeHRB), `[{"field":"register_type","value":"HRB"}]`},
		{"register court", Company().RegisterCourt("Frankfurt am Main"), `[{"field":"register_court","value":"Frankfurt am Main"}]`},
		{"register number", Company().RegisterNumber("267645"), `[{"field":"register_number","value":"267645"}]`},
		{"industry codes", Company().IndustryCodes("62", "63.1"), `[{"field":"industry_codes","values":["62","63.1"]}]`},
		{"incorporated between", Company().IncorporatedBetween(day(2020, 1, 1), day(2020, 12, 31)),
			`[{"field":"incorporated_at","min":"2020-01-01","max":"2020-12-31"}]`},
		{"incorporated since", Company().IncorporatedBetween(day(2021, 6, 15), time.Time{}),
			`[{"field":"incorporated_at","min":"2021-06-15"}]`},
		{"incorporated until", Company().IncorporatedBetween(time.Time{}, day(1999, 12, 31)),
			`[{"field":"incorporated_at","max":"1999-12-31"}]`},
		{"dates are UTC calendar dates", Company().IncorporatedBetween(time.Date(2021, 3, 1, 0, 30, 0, 0, berlin), time.Time{}),
			`[{"field":"incorporated_at","min":"2021-02-28"}]`},
		// The capital is given in euros, as the record holds it, and sent
		// in cents, as the documentation says of money filters.
		{"capital between, in cents", Company().CapitalBetween(25000, 100000.5), `[{"field":"capital_amount","min":"2500000","max":"10000050"}]`},
		{"capital, the documentation's 100 million EUR", Company().CapitalBetween(100_000_000, Unbounded), `[{"field":"capital_amount","min":"10000000000"}]`},
		{"capital cents are exact", Company().CapitalBetween(0.29, 0.29), `[{"field":"capital_amount","min":"29","max":"29"}]`},
		{"capital at least, by Unbounded", Company().CapitalBetween(1e6, Unbounded), `[{"field":"capital_amount","min":"100000000"}]`},
		{"capital at most, by infinity", Company().CapitalBetween(math.Inf(-1), 0.01), `[{"field":"capital_amount","max":"1"}]`},
		{"a fraction of a cent stays", Company().CapitalBetween(0.001, Unbounded), `[{"field":"capital_amount","min":"0.1"}]`},
		{"large capital has no exponent", Company().CapitalBetween(1e21, math.Inf(1)), `[{"field":"capital_amount","min":"100000000000000000000000"}]`},
		{"capital in cents by the generic builder", Company().AtLeast(CapitalAmount, "2500000"), `[{"field":"capital_amount","min":"2500000"}]`},
		{"capital currency", Company().CapitalCurrency(enums.CurrencyEUR), `[{"field":"capital_currency","value":"EUR"}]`},
		{"had insolvency", Company().HadInsolvency(true), `[{"field":"had_insolvency","value":"true"}]`},
		{"has open insolvency", Company().HasOpenInsolvency(false), `[{"field":"has_open_insolvency","value":"false"}]`},
		{"insolvency stage", Company().InsolvencyStage(enums.InsolvencyStatusOpened, enums.InsolvencyStatusPreliminary),
			`[{"field":"insolvency_stage","values":["opened","preliminary"]}]`},
		{"insolvency opened between", Company().InsolvencyOpenedBetween(day(2023, 1, 1), day(2023, 3, 31)),
			`[{"field":"insolvency_opened_at","min":"2023-01-01","max":"2023-03-31"}]`},
		{"insolvency risk", Company().InsolvencyRisk("high"), `[{"field":"insolvency_risk","value":"high"}]`},
		{"lei", Company().LEI("529900T8BM49AURSDO55"), `[{"field":"lei","value":"529900T8BM49AURSDO55"}]`},
		{"vat id", Company().VATID("DE123456789"), `[{"field":"vat_id","value":"DE123456789"}]`},
		{"purpose keywords", Company().PurposeKeywords("software", "beratung"), `[{"field":"purpose","keywords":["software","beratung"]}]`},
		{"has representative owner", Company().HasRepresentativeOwner(true), `[{"field":"has_representative_owner","value":"true"}]`},
		{"family owned", Company().IsFamilyOwned(true), `[{"field":"is_family_owned","value":"true"}]`},
		{"sole owner", Company().HasSoleOwner(false), `[{"field":"has_sole_owner","value":"false"}]`},
		{"has lei", Company().HasLEI(true), `[{"field":"has_lei","value":"true"}]`},
		{"active company", Company().Active(false), `[{"field":"active","value":"false"}]`},
		{"number of owners", Company().NumberOfOwners(2, Unbounded), `[{"field":"number_of_owners","min":"2"}]`},
		{"ebitda", Company().Indicator(EBITDA, Unbounded, 0), `[{"field":"ebitda","max":"0"}]`},
		{"filters keep their order", Company().City("Köln").Status(enums.CompanyStatusActive).Employees(10, Unbounded),
			`[{"field":"city","value":"Köln"},{"field":"status","value":"active"},{"field":"employees","min":"10"}]`},

		// The generic methods, with strings as sent on the wire.
		{"eq", Company().Eq(Address, "Hauptstraße 1"), `[{"field":"address","value":"Hauptstraße 1"}]`},
		{"in, one value stays a list", Company().In(Status, "active"), `[{"field":"status","values":["active"]}]`},
		{"between", Company().Between(Revenue, "100", "200"), `[{"field":"revenue","min":"100","max":"200"}]`},
		{"at least", Company().AtLeast(IncorporatedAt, "2020-01-01"), `[{"field":"incorporated_at","min":"2020-01-01"}]`},
		{"at most", Company().AtMost(Employees, "9"), `[{"field":"employees","max":"9"}]`},
		{"keywords", Company().Keywords(Address, "Hauptstraße"), `[{"field":"address","keywords":["Hauptstraße"]}]`},
		{"unknown field", Company().Eq(Field("brand_new_field"), "x"), `[{"field":"brand_new_field","value":"x"}]`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) { assertWire(t, tt.b, tt.want) })
	}
}

// TestCompanyHelpersReportBadInput checks that helper arguments no
// request could carry surface as Build errors, not as panics or a
// silently dropped filter.
func TestCompanyHelpersReportBadInput(t *testing.T) {
	tests := []struct {
		name string
		b    CompanyBuilder
		want []string
	}{
		{"no status", Company().Status(),
			[]string{`filters[0] "status": "values" is empty; give at least one entry or leave the key out`}},
		{"no keywords", Company().PurposeKeywords(),
			[]string{`filters[0] "purpose": "keywords" is empty; give at least one entry or leave the key out`}},
		{"both ends open", Company().Revenue(Unbounded, Unbounded),
			[]string{`filters[0] "revenue": no key set; number fields take "min" and/or "max", or "value"`}},
		{"both dates zero", Company().IncorporatedBetween(time.Time{}, time.Time{}),
			[]string{`filters[0] "incorporated_at": no key set; date fields take "min" and/or "max", or "value", as YYYY-MM-DD`}},
		{"NaN capital", Company().CapitalBetween(math.NaN(), 5),
			[]string{`filters[0] "capital_amount": min "NaN" is not a plain decimal number; write it like 1500 or -12.5`}},
		{"year beyond 9999", Company().IncorporatedBetween(day(10000, 1, 1), time.Time{}),
			[]string{`filters[0] "incorporated_at": min "10000-01-01" is not a date; write it as YYYY-MM-DD, e.g. 2024-01-31`}},
		{"range reversed", Company().Cash(5, 4),
			[]string{`filters[0] "cash": min "5" is greater than max "4"; swap them`}},
		{"dates reversed", Company().InsolvencyOpenedBetween(day(2024, 1, 2), day(2024, 1, 1)),
			[]string{`filters[0] "insolvency_opened_at": min "2024-01-02" is greater than max "2024-01-01"; swap them`}},
		{"blank city", Company().City(""),
			[]string{`filters[0] "city": no key set; text fields take "value", "values" or "keywords"`}},
		{"person field on the company builder", Company().Eq(DateOfBirth, "1970-01-01"),
			[]string{`filters[0] "date_of_birth": a person search field, not available in a company search; build person filters with filters.Person()`}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) { assertBuildErrors(t, tt.b, tt.want) })
	}
}
