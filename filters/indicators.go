package filters

// Range helpers of a company search. Each keeps companies whose figure
// lies in [min, max], both ends included, and all share one convention:
// money is in cents, counts are plain numbers, and Unbounded for min or
// max leaves that end open. The financial indicators (revenue through
// net income) apply to the latest indicator year of the company.

// BalanceSheetTotal filters on the balance sheet total, in cents.
func (b CompanyBuilder) BalanceSheetTotal(min, max int64) CompanyBuilder {
	return b.with(intRange(BalanceSheetTotal, min, max))
}

// Revenue filters on revenue, in cents.
func (b CompanyBuilder) Revenue(min, max int64) CompanyBuilder {
	return b.with(intRange(Revenue, min, max))
}

// Cash filters on cash, in cents.
func (b CompanyBuilder) Cash(min, max int64) CompanyBuilder {
	return b.with(intRange(Cash, min, max))
}

// Employees filters on the number of employees.
func (b CompanyBuilder) Employees(min, max int64) CompanyBuilder {
	return b.with(intRange(Employees, min, max))
}

// Equity filters on equity, in cents.
func (b CompanyBuilder) Equity(min, max int64) CompanyBuilder {
	return b.with(intRange(Equity, min, max))
}

// RealEstate filters on real estate, in cents.
func (b CompanyBuilder) RealEstate(min, max int64) CompanyBuilder {
	return b.with(intRange(RealEstate, min, max))
}

// Materials filters on the cost of materials, in cents.
func (b CompanyBuilder) Materials(min, max int64) CompanyBuilder {
	return b.with(intRange(Materials, min, max))
}

// PensionProvisions filters on pension provisions, in cents.
func (b CompanyBuilder) PensionProvisions(min, max int64) CompanyBuilder {
	return b.with(intRange(PensionProvisions, min, max))
}

// Salaries filters on salaries, in cents.
func (b CompanyBuilder) Salaries(min, max int64) CompanyBuilder {
	return b.with(intRange(Salaries, min, max))
}

// Taxes filters on taxes, in cents.
func (b CompanyBuilder) Taxes(min, max int64) CompanyBuilder {
	return b.with(intRange(Taxes, min, max))
}

// Liabilities filters on liabilities, in cents.
func (b CompanyBuilder) Liabilities(min, max int64) CompanyBuilder {
	return b.with(intRange(Liabilities, min, max))
}

// CapitalReserves filters on capital reserves, in cents.
func (b CompanyBuilder) CapitalReserves(min, max int64) CompanyBuilder {
	return b.with(intRange(CapitalReserves, min, max))
}

// NetIncome filters on net income, in cents; a loss is negative, so
// NetIncome(Unbounded, -1) finds loss-making companies.
func (b CompanyBuilder) NetIncome(min, max int64) CompanyBuilder {
	return b.with(intRange(NetIncome, min, max))
}

// EstimatedRevenue filters on the best available revenue figure (reported
// where published, estimated otherwise), in cents. The estimated_* fields
// are in no official client library's list (FieldInfo.Official is false).
func (b CompanyBuilder) EstimatedRevenue(min, max int64) CompanyBuilder {
	return b.with(intRange(EstimatedRevenue, min, max))
}

// EstimatedEBITDA filters on the best available EBITDA figure, in cents.
func (b CompanyBuilder) EstimatedEBITDA(min, max int64) CompanyBuilder {
	return b.with(intRange(EstimatedEBITDA, min, max))
}

// EstimatedEmployees filters on the best available number of employees.
func (b CompanyBuilder) EstimatedEmployees(min, max int64) CompanyBuilder {
	return b.with(intRange(EstimatedEmployees, min, max))
}

// YoungestOwnerAge filters on the age in years of the youngest
// natural-person owner.
func (b CompanyBuilder) YoungestOwnerAge(min, max int64) CompanyBuilder {
	return b.with(intRange(YoungestOwnerAge, min, max))
}

// NumberOfOwners filters on the number of current owners.
func (b CompanyBuilder) NumberOfOwners(min, max int64) CompanyBuilder {
	return b.with(intRange(NumberOfOwners, min, max))
}

// Indicator filters on any number field, such as the financial indicators
// without a helper of their own (EBITDA, BankDebt, ...): money in cents,
// counts as plain numbers.
//
//	filters.Company().Indicator(filters.EBITDA, 1_000_000_00, filters.Unbounded) // EBITDA of 1 million EUR or more
func (b CompanyBuilder) Indicator(f Field, min, max int64) CompanyBuilder {
	return b.with(intRange(f, min, max))
}
