package filters

import (
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// officialCompanyFields is the newest official list of company search
// fields, in its order, copied by hand from the specification addendum.
const officialCompanyFields = `status, legal_form, register_number, register_court, register_type, city, active, incorporated_at, zip, address, balance_sheet_total, revenue, cash, employees, equity, real_estate, materials, pension_provisions, salaries, taxes, other_taxes, commission_income, commission_expense, liabilities, capital_reserves, active_accruals, passive_accruals, fixed_assets, current_assets, receivables, trade_receivables, inventory, provisions, bank_debt, trade_payables, tangible_assets, financial_assets, retained_earnings, profit_carryforward, other_provisions, shareholder_liabilities, operating_depreciation, financial_depreciation, other_operating_income, interest_income, interest_expense, other_liabilities, financial_debt, intangible_assets, other_operating_expenses, affiliated_liabilities, net_income, parent_net_income, income_before_tax, income_after_tax, ebit, ebitda, industry_codes, capital_amount, capital_currency, number_of_owners, has_sole_owner, has_representative_owner, is_family_owned, youngest_owner_age, purpose, has_lei, lei, had_insolvency, has_open_insolvency, insolvency_stage, insolvency_opened_at`

// extendedIndicators are the 34 indicator names first listed by the
// official 4.5.0 libraries (each followed by a comma, for Contains).
const extendedIndicators = ` other_taxes, commission_income, commission_expense, active_accruals, passive_accruals, fixed_assets, current_assets, receivables, trade_receivables, inventory, provisions, bank_debt, trade_payables, tangible_assets, financial_assets, retained_earnings, profit_carryforward, other_provisions, shareholder_liabilities, operating_depreciation, financial_depreciation, other_operating_income, interest_income, interest_expense, other_liabilities, financial_debt, intangible_assets, other_operating_expenses, affiliated_liabilities, parent_net_income, income_before_tax, income_after_tax, ebit, ebitda,`

func TestOfficialFieldLists(t *testing.T) {
	var company, person []string
	for _, fi := range Fields(ScopeCompany) {
		if fi.Official {
			company = append(company, string(fi.Name))
		}
	}
	for _, fi := range Fields(ScopePerson) {
		if fi.Official {
			person = append(person, string(fi.Name))
		}
	}
	want := strings.Split(officialCompanyFields, ", ")
	require.Len(t, want, 72)
	assert.Equal(t, want, company)
	assert.ElementsMatch(t, []string{"city", "active", "date_of_birth"}, person)
	assert.Len(t, strings.Split(strings.Trim(extendedIndicators, " ,"), ", "), 34)
}

func TestFieldKindsOfSpecAddendum(t *testing.T) {
	kinds := map[Kind]string{
		KindEnum:   "status legal_form register_type capital_currency industry_codes insolvency_stage",
		KindBool:   "active has_sole_owner has_representative_owner is_family_owned has_lei had_insolvency has_open_insolvency",
		KindDate:   "incorporated_at insolvency_opened_at",
		KindText:   "register_number register_court city zip address purpose lei",
		KindNumber: "capital_amount number_of_owners youngest_owner_age ebitda bank_debt revenue employees",
	}
	for k, names := range kinds {
		for _, n := range strings.Fields(names) {
			fi, ok := Lookup(Field(n))
			if assert.True(t, ok, n) {
				assert.Equal(t, k, fi.Kind, n)
				assert.NotZero(t, fi.Scope&ScopeCompany, n)
			}
		}
	}
	for _, gone := range []Field{"family_owned", "sole_owner", "owner_managed"} {
		_, ok := Lookup(gone)
		assert.False(t, ok, "%s is a guess the official lists replace", gone)
	}
	for _, seed := range []Field{InsolvencyRisk, VATID, EstimatedRevenue, EstimatedEBITDA, EstimatedEmployees, Name, Roles, CompanyCount, ManagementPositions} {
		fi, ok := Lookup(seed)
		assert.True(t, ok, seed)
		assert.False(t, fi.Official, seed)
	}
	active, _ := Lookup(Active)
	assert.Equal(t, ScopeCompany|ScopePerson, active.Scope)
}

// nonMoneyNumbers are the number fields that count (people, owners,
// companies, positions) or measure years; every other number field is
// money.
var nonMoneyNumbers = []Field{Employees, EstimatedEmployees, NumberOfOwners, YoungestOwnerAge, CompanyCount, ManagementPositions}

// TestMoneyFieldsAreCents: the service's documentation says that every
// monetary filter value is in cents (https://docs.openregister.de/filtering,
// naming revenue, balance_sheet_total and capital_amount), so the table
// says cents for every money field, capital_amount included, and no field
// says currency units.
func TestMoneyFieldsAreCents(t *testing.T) {
	money := 0
	for _, fi := range fieldTable {
		assert.NotContains(t, fi.Doc, "currency units,", fi.Name)
		if fi.Kind != KindNumber || slices.Contains(nonMoneyNumbers, fi.Name) {
			continue
		}
		money++
		assert.Regexp(t, `\bcents\b`, fi.Doc, "%s is money: its filter values are cents", fi.Name)
	}
	for _, f := range []Field{Revenue, BalanceSheetTotal, CapitalAmount, EstimatedRevenue, EBITDA} {
		fi, _ := Lookup(f)
		assert.Contains(t, fi.Doc, "cents", f)
	}
	assert.Equal(t, 49, money, "the 46 money indicators, capital_amount, estimated_revenue and estimated_ebitda")
}
