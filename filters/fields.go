package filters

// Kind is the type of a filter field; it decides which Filter keys apply.
type Kind int

// Field kinds.
const (
	// KindNumber fields take Min, Max or Value as decimal numbers. Money
	// is in cents, like the indicators of a company record, and so is
	// capital_amount, although the record's capital is in currency units.
	KindNumber Kind = iota + 1
	// KindDate fields take Min, Max or Value as "YYYY-MM-DD".
	KindDate
	// KindEnum fields take Value or Values from a set of codes.
	KindEnum
	// KindBool fields take Value "true" or "false".
	KindBool
	// KindText fields take Value (exact, case-insensitive), Values (any
	// of them, exact) or Keywords (every one a substring).
	KindText
)

// String names the kind in lower case ("number", "date", ...).
func (k Kind) String() string {
	switch k {
	case KindNumber:
		return "number"
	case KindDate:
		return "date"
	case KindEnum:
		return "enum"
	case KindBool:
		return "bool"
	case KindText:
		return "text"
	}
	return "unknown"
}

// Scope says which search a field belongs to.
type Scope int

// Field scopes.
const (
	ScopeCompany Scope = 1 << iota // company search
	ScopePerson                    // person search
)

// FieldInfo describes a field the SDK knows.
type FieldInfo struct {
	// Name is the wire name.
	Name Field
	// Kind decides which keys the field takes.
	Kind Kind
	// Scope says which searches know the field.
	Scope Scope
	// Confirmed is false for topics the service documents without
	// publishing the identifier: the name is the SDK's snake_case guess.
	Confirmed bool
	// Official is true for the names the service's official client
	// libraries list (72 company fields, 3 person fields). The others
	// come from the seed specification only: the SDK and the fake keep
	// them, but the service may refuse them as unknown.
	Official bool
	// Doc says what the field matches and in which unit.
	Doc string
}

// Constructors of fieldTable entries: an official field, a field the
// seed names that no official list has, and a name the SDK guessed for a
// seed topic.
func official(n Field, k Kind, s Scope, doc string) FieldInfo {
	return FieldInfo{n, k, s, true, true, doc}
}
func seedOnly(n Field, k Kind, s Scope, doc string) FieldInfo {
	return FieldInfo{n, k, s, true, false, doc}
}
func guessed(n Field, k Kind, s Scope, doc string) FieldInfo {
	return FieldInfo{n, k, s, false, false, doc}
}

// indicator is an official financial indicator of the latest year, in cents.
func indicator(n Field, what string) FieldInfo {
	return official(n, KindNumber, ScopeCompany, what+", latest indicator year, cents")
}

// fieldTable is the one list of known fields: adding a field is one line.
// The official company fields come in the order of the newest official
// source, with kinds derived from each name's meaning (the service
// publishes only the names).
var fieldTable = []FieldInfo{
	official(Status, KindEnum, ScopeCompany, "company status: active, inactive, liquidation"),
	official(LegalForm, KindEnum, ScopeCompany, "legal form code: gmbh, ag, ..."),
	official(RegisterNumber, KindText, ScopeCompany, "number in the register"),
	official(RegisterCourt, KindText, ScopeCompany, "register court name"),
	official(RegisterType, KindEnum, ScopeCompany, "register type: HRB, HRA, PR, GnR, VR"),
	official(City, KindText, ScopeCompany|ScopePerson, "city of the registered address; for persons, the city of residence"),
	official(Active, KindBool, ScopeCompany|ScopePerson, "a company: its status is active; a person: holds at least one current position"),
	official(IncorporatedAt, KindDate, ScopeCompany, "date of official registration"),
	official(Zip, KindText, ScopeCompany, "postal code of the registered address"),
	official(Address, KindText, ScopeCompany, "the formatted registered address"),
	indicator(BalanceSheetTotal, "balance sheet total"),
	indicator(Revenue, "revenue"),
	indicator(Cash, "cash"),
	official(Employees, KindNumber, ScopeCompany, "employees, latest indicator year, count"),
	indicator(Equity, "equity"),
	indicator(RealEstate, "real estate"),
	indicator(Materials, "cost of materials"),
	indicator(PensionProvisions, "pension provisions"),
	indicator(Salaries, "salaries"),
	indicator(Taxes, "taxes"),
	indicator(OtherTaxes, "other taxes"),
	indicator(CommissionIncome, "commission income"),
	indicator(CommissionExpense, "commission expense"),
	indicator(Liabilities, "liabilities"),
	indicator(CapitalReserves, "capital reserves"),
	indicator(ActiveAccruals, "prepaid expenses (active accruals)"),
	indicator(PassiveAccruals, "deferred income (passive accruals)"),
	indicator(FixedAssets, "fixed assets"),
	indicator(CurrentAssets, "current assets"),
	indicator(Receivables, "receivables"),
	indicator(TradeReceivables, "trade receivables"),
	indicator(Inventory, "inventory"),
	indicator(Provisions, "provisions"),
	indicator(BankDebt, "bank debt"),
	indicator(TradePayables, "trade payables"),
	indicator(TangibleAssets, "tangible assets"),
	indicator(FinancialAssets, "financial assets"),
	indicator(RetainedEarnings, "retained earnings"),
	indicator(ProfitCarryforward, "profit carried forward"),
	indicator(OtherProvisions, "other provisions"),
	indicator(ShareholderLiabilities, "liabilities to shareholders"),
	indicator(OperatingDepreciation, "depreciation of operating assets"),
	indicator(FinancialDepreciation, "depreciation of financial assets"),
	indicator(OtherOperatingIncome, "other operating income"),
	indicator(InterestIncome, "interest income"),
	indicator(InterestExpense, "interest expense"),
	indicator(OtherLiabilities, "other liabilities"),
	indicator(FinancialDebt, "financial debt"),
	indicator(IntangibleAssets, "intangible assets"),
	indicator(OtherOperatingExpenses, "other operating expenses"),
	indicator(AffiliatedLiabilities, "liabilities to affiliated companies"),
	indicator(NetIncome, "net income (a loss is negative)"),
	indicator(ParentNetIncome, "net income attributable to the parent"),
	indicator(IncomeBeforeTax, "income before tax"),
	indicator(IncomeAfterTax, "income after tax"),
	indicator(EBIT, "EBIT"),
	indicator(EBITDA, "EBITDA"),
	official(IndustryCodes, KindEnum, ScopeCompany, "WZ 2025 code; a code also matches its sub-codes"),
	official(CapitalAmount, KindNumber, ScopeCompany, "current registered capital, cents (the record's Capital.Amount is in currency units: 25000 there is 2500000 here)"),
	official(CapitalCurrency, KindEnum, ScopeCompany, "currency of the current capital: EUR, DEM, USD"),
	official(NumberOfOwners, KindNumber, ScopeCompany, "number of current owners"),
	official(HasSoleOwner, KindBool, ScopeCompany, "exactly one current owner"),
	official(HasRepresentativeOwner, KindBool, ScopeCompany, "an owner also represents the company"),
	official(IsFamilyOwned, KindBool, ScopeCompany, "two or more natural-person owners share a last name"),
	official(YoungestOwnerAge, KindNumber, ScopeCompany, "age in years of the youngest natural-person owner"),
	official(Purpose, KindText, ScopeCompany, "current business purpose"),
	official(HasLEI, KindBool, ScopeCompany, "the company has a Legal Entity Identifier"),
	official(LEI, KindText, ScopeCompany, "Legal Entity Identifier"),
	official(HadInsolvency, KindBool, ScopeCompany, "the company has had insolvency proceedings"),
	official(HasOpenInsolvency, KindBool, ScopeCompany, "a proceeding is still open"),
	official(InsolvencyStage, KindEnum, ScopeCompany, "current_status of a proceeding: preliminary, opened, ..."),
	official(InsolvencyOpenedAt, KindDate, ScopeCompany, "date a proceeding was opened"),

	official(DateOfBirth, KindDate, ScopePerson, "date of birth"),

	seedOnly(InsolvencyRisk, KindEnum, ScopeCompany, "risk tier: low, medium, high"),
	seedOnly(VATID, KindText, ScopeCompany, "VAT identification number"),
	seedOnly(EstimatedRevenue, KindNumber, ScopeCompany, "reported or estimated revenue, cents"),
	seedOnly(EstimatedEBITDA, KindNumber, ScopeCompany, "reported or estimated EBITDA, cents"),
	seedOnly(EstimatedEmployees, KindNumber, ScopeCompany, "reported or estimated employees, count"),
	guessed(Name, KindText, ScopePerson, "full name"),
	guessed(Roles, KindEnum, ScopePerson, "role bucket held in any company: DIRECTOR, PROKURA, ..."),
	guessed(CompanyCount, KindNumber, ScopePerson, "number of companies the person is or was involved with"),
	guessed(ManagementPositions, KindNumber, ScopePerson, "number of current management positions (role DIRECTOR)"),
}

// Lookup returns what the SDK knows of field f.
func Lookup(f Field) (FieldInfo, bool) {
	i, ok := fieldIndex[f]
	if !ok {
		return FieldInfo{}, false
	}
	return fieldTable[i], true
}

// fieldIndex maps a name to its position in fieldTable.
var fieldIndex = func() map[Field]int {
	m := make(map[Field]int, len(fieldTable))
	for i, fi := range fieldTable {
		m[fi.Name] = i
	}
	return m
}()

// Fields lists the known fields of the given scope, in table order.
func Fields(s Scope) []FieldInfo {
	if s == ScopeInsolvency {
		return InsolvencyFields() // a table of its own: see ScopeInsolvency
	}
	var out []FieldInfo
	for _, fi := range fieldTable {
		if fi.Scope&s != 0 {
			out = append(out, fi)
		}
	}
	return out
}
