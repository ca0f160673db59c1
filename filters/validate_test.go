package filters

import (
	"errors"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// messages splits an error from Validate or Build into its FilterErrors'
// messages, failing the test if one is not a *FilterError.
func messages(t *testing.T, err error) []string {
	t.Helper()
	if err == nil {
		return nil
	}
	joined, ok := err.(interface{ Unwrap() []error })
	require.True(t, ok, "error is not joined: %v", err)
	var out []string
	for _, e := range joined.Unwrap() {
		var fe *FilterError
		require.ErrorAs(t, e, &fe)
		out = append(out, fe.Error())
	}
	return out
}

func TestValidate(t *testing.T) {
	const (
		numHint  = `number fields take "min" and/or "max", or "value"`
		dateHint = `date fields take "min" and/or "max", or "value", as YYYY-MM-DD`
		enumHint = `enum fields take "value" or "values"`
		boolHint = `bool fields take "value": "true" or "false"`
		textHint = `text fields take "value", "values" or "keywords"`
		notNum   = `is not a plain decimal number; write it like 1500 or -12.5`
		notDate  = `is not a date; write it as YYYY-MM-DD, e.g. 2024-01-31`
		mixed    = `exclude each other; send one form per filter: "value", "values", "keywords" or "min"/"max"`
	)
	tests := []struct {
		name  string
		scope Scope
		fs    []Filter
		want  []string
	}{
		{"nil list", ScopeCompany, nil, nil},
		{"valid company filters", ScopeCompany, []Filter{
			{Field: Status, Values: []string{"active", "liquidation"}},
			{Field: Revenue, Min: "100", Max: "100"},
			{Field: IncorporatedAt, Value: "2020-02-29"},
			{Field: HadInsolvency, Value: "false"},
			{Field: Purpose, Keywords: []string{"software"}},
			{Field: City, Value: "Berlin"},
		}, nil},
		{"valid person filters", ScopePerson, []Filter{
			{Field: City, Value: "Köln"},
			{Field: DateOfBirth, Min: "1960-01-01", Max: "1970-12-31"},
			{Field: Active, Value: "true"},
			{Field: Roles, Values: []string{"DIRECTOR"}},
		}, nil},
		{"empty field name", ScopeCompany, []Filter{{Value: "x"}},
			[]string{`filters[0]: "field" is empty; name the field to filter on, e.g. "status"`}},
		{"no key on a known field", ScopeCompany, []Filter{{Field: Revenue}},
			[]string{`filters[0] "revenue": no key set; ` + numHint}},
		{"no key on an unknown field", ScopeCompany, []Filter{{Field: "brand_new"}},
			[]string{`filters[0] "brand_new": no key set; set "value", "min", "max", "values" or "keywords"`}},
		{"unknown field passes unchecked", ScopeCompany, []Filter{{Field: "brand_new", Min: "abc", Max: "0"}}, nil},
		{"forms exclude each other, known field", ScopeCompany, []Filter{{Field: City, Value: "Berlin", Keywords: []string{"Ber"}}},
			[]string{`filters[0] "city": "value" and "keywords" ` + mixed}},
		{"forms exclude each other, unknown field", ScopeCompany, []Filter{{Field: "brand_new", Min: "1", Values: []string{"x"}}},
			[]string{`filters[0] "brand_new": "values" and "min"/"max" ` + mixed}},
		{"value with a range", ScopeCompany, []Filter{{Field: Revenue, Value: "5", Max: "9"}},
			[]string{`filters[0] "revenue": "value" and "min"/"max" ` + mixed}},
		{"text takes values", ScopeCompany, []Filter{{Field: Zip, Values: []string{"10115", "60311"}}}, nil},
		{"person field in company search", ScopeCompany, []Filter{{Field: DateOfBirth, Min: "2000-01-01"}},
			[]string{`filters[0] "date_of_birth": a person search field, not available in a company search; build person filters with filters.Person()`}},
		{"company field in person search", ScopePerson, []Filter{{Field: Revenue, Min: "1"}},
			[]string{`filters[0] "revenue": a company search field, not available in a person search; build company filters with filters.Company()`}},
		{"number takes no values", ScopeCompany, []Filter{{Field: Revenue, Values: []string{"1"}}},
			[]string{`filters[0] "revenue": "values" does not apply to number fields; ` + numHint}},
		{"number takes no keywords", ScopeCompany, []Filter{{Field: Employees, Keywords: []string{"1"}}},
			[]string{`filters[0] "employees": "keywords" does not apply to number fields; ` + numHint}},
		{"date takes no values", ScopeCompany, []Filter{{Field: IncorporatedAt, Values: []string{"2020-01-01"}}},
			[]string{`filters[0] "incorporated_at": "values" does not apply to date fields; ` + dateHint}},
		{"enum takes no min or max", ScopeCompany, []Filter{{Field: LegalForm, Min: "a", Max: "b"}},
			[]string{
				`filters[0] "legal_form": "min" does not apply to enum fields; ` + enumHint,
				`filters[0] "legal_form": "max" does not apply to enum fields; ` + enumHint,
			}},
		{"enum takes no keywords", ScopeCompany, []Filter{{Field: IndustryCodes, Keywords: []string{"62"}}},
			[]string{`filters[0] "industry_codes": "keywords" does not apply to enum fields; ` + enumHint}},
		{"bool takes no min", ScopeCompany, []Filter{{Field: HasSoleOwner, Min: "true"}},
			[]string{`filters[0] "has_sole_owner": "min" does not apply to bool fields; ` + boolHint}},
		{"bool takes no values", ScopePerson, []Filter{{Field: Active, Values: []string{"true"}}},
			[]string{`filters[0] "active": "values" does not apply to bool fields; ` + boolHint}},
		{"text takes no min", ScopeCompany, []Filter{{Field: LEI, Min: "5299"}},
			[]string{`filters[0] "lei": "min" does not apply to text fields; ` + textHint}},
		{"number min above max", ScopeCompany, []Filter{{Field: Revenue, Min: "10", Max: "9"}},
			[]string{`filters[0] "revenue": min "10" is greater than max "9"; swap them`}},
		{"numbers compare as numbers, not text", ScopeCompany, []Filter{{Field: Revenue, Min: "9", Max: "10"}}, nil},
		{"negative min above max", ScopeCompany, []Filter{{Field: NetIncome, Min: "-5", Max: "-10"}},
			[]string{`filters[0] "net_income": min "-5" is greater than max "-10"; swap them`}},
		{"fractions compare exactly", ScopeCompany, []Filter{{Field: CapitalAmount, Min: "1.5", Max: "1.25"}},
			[]string{`filters[0] "capital_amount": min "1.5" is greater than max "1.25"; swap them`}},
		{"equal numbers written differently", ScopeCompany, []Filter{{Field: CapitalAmount, Min: "01.50", Max: "1.5"}}, nil},
		{"beyond float precision", ScopeCompany, []Filter{{Field: Revenue, Min: "9007199254740993", Max: "9007199254740992"}},
			[]string{`filters[0] "revenue": min "9007199254740993" is greater than max "9007199254740992"; swap them`}},
		{"date min after max", ScopePerson, []Filter{{Field: DateOfBirth, Min: "2024-02-01", Max: "2024-01-31"}},
			[]string{`filters[0] "date_of_birth": min "2024-02-01" is greater than max "2024-01-31"; swap them`}},
		{"empty values", ScopeCompany, []Filter{{Field: Status, Values: []string{}}},
			[]string{`filters[0] "status": "values" is empty; give at least one entry or leave the key out`}},
		{"empty keywords", ScopeCompany, []Filter{{Field: Purpose, Keywords: []string{}}},
			[]string{`filters[0] "purpose": "keywords" is empty; give at least one entry or leave the key out`}},
		{"empty values on an unknown field", ScopeCompany, []Filter{{Field: "brand_new", Values: []string{}}},
			[]string{`filters[0] "brand_new": "values" is empty; give at least one entry or leave the key out`}},
		{"one blank value", ScopeCompany, []Filter{{Field: Status, Values: []string{"active", ""}}},
			[]string{`filters[0] "status": values[1] is blank; remove it`}},
		{"several blank keywords", ScopeCompany, []Filter{{Field: Purpose, Keywords: []string{"x", " ", "y", "", "\t"}}},
			[]string{`filters[0] "purpose": keywords[1] and 2 more entries are blank; remove them`}},
		{"malformed number value", ScopeCompany, []Filter{{Field: Employees, Value: "ten"}},
			[]string{`filters[0] "employees": value "ten" ` + notNum}},
		{"malformed date value", ScopeCompany, []Filter{{Field: InsolvencyOpenedAt, Value: "31.01.2024"}},
			[]string{`filters[0] "insolvency_opened_at": value "31.01.2024" ` + notDate}},
		{"malformed bounds skip the order check", ScopeCompany, []Filter{{Field: Revenue, Min: "1e9", Max: "5"}},
			[]string{`filters[0] "revenue": min "1e9" ` + notNum}},
		{"both bounds malformed", ScopeCompany, []Filter{{Field: IncorporatedAt, Min: "2024-02-30", Max: "yesterday"}},
			[]string{
				`filters[0] "incorporated_at": min "2024-02-30" ` + notDate,
				`filters[0] "incorporated_at": max "yesterday" ` + notDate,
			}},
		{"bool must be true or false", ScopeCompany, []Filter{{Field: HadInsolvency, Value: "yes"}},
			[]string{`filters[0] "had_insolvency": value "yes" is not a boolean; use "true" or "false"`}},
		{"bool is lower case", ScopeCompany, []Filter{{Field: IsFamilyOwned, Value: "TRUE"}},
			[]string{`filters[0] "is_family_owned": value "TRUE" is not a boolean; use "true" or "false"`}},
		{"every problem of every filter", ScopeCompany, []Filter{
			{Field: Status, Value: "active"},
			{Field: Revenue, Min: "7", Max: "3", Keywords: []string{""}},
			{},
		}, []string{
			`filters[1] "revenue": "keywords" and "min"/"max" ` + mixed,
			`filters[1] "revenue": keywords[0] is blank; remove it`,
			`filters[1] "revenue": "keywords" does not apply to number fields; ` + numHint,
			`filters[1] "revenue": min "7" is greater than max "3"; swap them`,
			`filters[2]: "field" is empty; name the field to filter on, e.g. "status"`,
		}},
		{"hostile field and value are quoted and cut", ScopeCompany, []Filter{
			{Field: "x\"\n", Values: []string{""}},
			{Field: Employees, Value: strings.Repeat("9", 70) + "x"},
		}, []string{
			`filters[0] "x\"\n": values[0] is blank; remove it`,
			`filters[1] "employees": value "` + strings.Repeat("9", 64) + `"… (71 bytes) ` + notNum,
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			err := Validate(tt.scope, tt.fs)
			assert.Equal(t, tt.want, messages(t, err))
		})
	}
}

func TestValidateMalformedNumbersAndDates(t *testing.T) {
	for _, s := range []string{"", "-", "+5", "1.", ".5", "1,5", " 1", "1 ", "1e3", "NaN", "Inf", "0x10", "1_000", "--1", "1.2.3", "١"} {
		assert.False(t, isDecimal(s), "isDecimal(%q)", s)
	}
	for _, s := range []string{"0", "-0", "007", "1500", "-12.5", "0.000", "123456789012345678901234567890"} {
		assert.True(t, isDecimal(s), "isDecimal(%q)", s)
	}
	for _, s := range []string{"", "2024-1-01", "2024-01-1", "24-01-01", "+024-01-01", "2024/01/01", "2024-02-30",
		"2023-02-29", "2024-13-01", "2024-00-10", "2024-01-01T00:00:00Z", " 2024-01-01", "2024-01-0x", "0000-01-01"} {
		assert.False(t, isDate(s), "isDate(%q)", s)
	}
	for _, s := range []string{"2024-02-29", "0001-01-01", "9999-12-31", "2000-01-31"} {
		assert.True(t, isDate(s), "isDate(%q)", s)
	}
}

func TestCmpDecimal(t *testing.T) {
	tests := []struct {
		a, b string
		want int
	}{
		{"0", "0", 0},
		{"-0", "0.00", 0},
		{"1", "2", -1},
		{"10", "9", 1},
		{"0010", "10.0", 0},
		{"-1", "1", -1},
		{"1", "-1", 1},
		{"-10", "-9", -1},
		{"-9", "-10", 1},
		{"1.05", "1.5", -1},
		{"1.5", "1.49", 1},
		{"-1.5", "-1.49", -1},
		{"0.1", "0.10", 0},
		{"99999999999999999999", "100000000000000000000", -1},
	}
	for _, tt := range tests {
		assert.Equal(t, tt.want, cmpDecimal(tt.a, tt.b), "cmpDecimal(%q, %q)", tt.a, tt.b)
		assert.Equal(t, -tt.want, cmpDecimal(tt.b, tt.a), "cmpDecimal(%q, %q)", tt.b, tt.a)
	}
}

func TestValidateScope(t *testing.T) {
	fs := []Filter{{Field: Status, Value: "active"}}
	for _, s := range []Scope{0, ScopeCompany | ScopePerson, 8} {
		err := Validate(s, fs)
		require.Error(t, err, "scope %d", s)
		assert.Contains(t, err.Error(), "neither ScopeCompany nor ScopePerson")
	}
}

func TestFilterErrorIsReachable(t *testing.T) {
	err := Validate(ScopeCompany, []Filter{{Field: Status, Value: "active"}, {Field: Revenue, Min: "x"}})
	var fe *FilterError
	require.True(t, errors.As(err, &fe))
	assert.Equal(t, 1, fe.Index)
	assert.Equal(t, Revenue, fe.Field)
}

func TestValidateDoesNotModifyInput(t *testing.T) {
	fs := []Filter{{Field: Status, Values: []string{"active", ""}}, {Field: Revenue, Min: "9", Max: "1"}}
	want := []Filter{{Field: Status, Values: []string{"active", ""}}, {Field: Revenue, Min: "9", Max: "1"}}
	require.Error(t, Validate(ScopeCompany, fs))
	assert.Equal(t, want, fs)
}

// BenchmarkValidate checks an already-built list, as the fake's search
// engine does for every request.
func BenchmarkValidate(b *testing.B) {
	fs := []Filter{
		{Field: Status, Value: "active"},
		{Field: LegalForm, Values: []string{"gmbh", "ug"}},
		{Field: Revenue, Min: "100000000", Max: "500000000"},
		{Field: IncorporatedAt, Min: "2000-01-01", Max: "2020-12-31"},
		{Field: IsFamilyOwned, Value: "true"},
	}
	b.ReportAllocs()
	for b.Loop() {
		if err := Validate(ScopeCompany, fs); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkValidateInvalid measures the error path: every filter wrong.
func BenchmarkValidateInvalid(b *testing.B) {
	fs := []Filter{
		{Field: Status, Min: "a"},
		{Field: Revenue, Min: "9", Max: "1"},
		{Field: IncorporatedAt, Value: "2020-02-30"},
		{Field: IsFamilyOwned, Value: "yes"},
		{Field: DateOfBirth, Value: "1970-01-01"},
	}
	b.ReportAllocs()
	for b.Loop() {
		if err := Validate(ScopeCompany, fs); err == nil {
			b.Fatal("no error")
		}
	}
}
