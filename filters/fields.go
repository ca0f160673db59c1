package filters

// Kind is the type of a filter field; it decides which Filter keys apply.
type Kind int

// Field kinds.
const (
	// KindNumber fields take Min, Max or Value as decimal numbers. Money
	// is in cents, like the indicators of a company record.
	KindNumber Kind = iota + 1
	// KindDate fields take Min, Max or Value as "YYYY-MM-DD".
	KindDate
	// KindEnum fields take Value or Values from a set of codes.
	KindEnum
	// KindBool fields take Value "true" or "false".
	KindBool
	// KindText fields take Value (exact, case-insensitive) or Keywords.
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
	Name  Field
	Kind  Kind
	Scope Scope
	// Confirmed is false for topics the service documents without
	// publishing the identifier: the name is the SDK's snake_case guess.
	Confirmed bool
	// Doc says what the field matches and in which unit.
	Doc string
}

// Known company and person filter fields. Their names are the wire names.
const (
	Status                 Field = "status"
	LegalForm              Field = "legal_form"
	RegisterNumber         Field = "register_number"
	RegisterCourt          Field = "register_court"
	RegisterType           Field = "register_type"
	IncorporatedAt         Field = "incorporated_at"
	Zip                    Field = "zip"
	City                   Field = "city"
	Address                Field = "address"
	Purpose                Field = "purpose"
	IndustryCodes          Field = "industry_codes"
	CapitalAmount          Field = "capital_amount"
	CapitalCurrency        Field = "capital_currency"
	BalanceSheetTotal      Field = "balance_sheet_total"
	Revenue                Field = "revenue"
	Cash                   Field = "cash"
	Employees              Field = "employees"
	Equity                 Field = "equity"
	RealEstate             Field = "real_estate"
	Materials              Field = "materials"
	PensionProvisions      Field = "pension_provisions"
	Salaries               Field = "salaries"
	Taxes                  Field = "taxes"
	Liabilities            Field = "liabilities"
	CapitalReserves        Field = "capital_reserves"
	NetIncome              Field = "net_income"
	HadInsolvency          Field = "had_insolvency"
	HasOpenInsolvency      Field = "has_open_insolvency"
	InsolvencyStage        Field = "insolvency_stage"
	InsolvencyOpenedAt     Field = "insolvency_opened_at"
	InsolvencyRisk         Field = "insolvency_risk"
	LEI                    Field = "lei"
	VATID                  Field = "vat_id"
	EstimatedRevenue       Field = "estimated_revenue"
	EstimatedEBITDA        Field = "estimated_ebitda"
	EstimatedEmployees     Field = "estimated_employees"
	YoungestOwnerAge       Field = "youngest_owner_age"
	HasRepresentativeOwner Field = "has_representative_owner"
	FamilyOwned            Field = "family_owned"
	SoleOwner              Field = "sole_owner"
	OwnerManaged           Field = "owner_managed"

	DateOfBirth         Field = "date_of_birth"
	Active              Field = "active"
	Name                Field = "name"
	Roles               Field = "roles"
	CompanyCount        Field = "company_count"
	ManagementPositions Field = "management_positions"
)

// fieldTable is the one list of known fields: adding a field is one line.
var fieldTable = []FieldInfo{
	{Status, KindEnum, ScopeCompany, true, "company status: active, inactive, liquidation"},
	{LegalForm, KindEnum, ScopeCompany, true, "legal form code: gmbh, ag, ..."},
	{RegisterNumber, KindText, ScopeCompany, true, "number in the register"},
	{RegisterCourt, KindText, ScopeCompany, true, "register court name"},
	{RegisterType, KindEnum, ScopeCompany, true, "register type: HRB, HRA, PR, GnR, VR"},
	{IncorporatedAt, KindDate, ScopeCompany, true, "date of official registration"},
	{Zip, KindEnum, ScopeCompany, true, "postal code of the registered address"},
	{City, KindText, ScopeCompany | ScopePerson, true, "city of the registered address; for persons, the city of residence"},
	{Address, KindText, ScopeCompany, true, "the formatted registered address"},
	{Purpose, KindText, ScopeCompany, true, "current business purpose"},
	{IndustryCodes, KindEnum, ScopeCompany, true, "WZ 2025 code; a code also matches its sub-codes"},
	{CapitalAmount, KindNumber, ScopeCompany, true, "current registered capital, major currency units"},
	{CapitalCurrency, KindEnum, ScopeCompany, true, "currency of the current capital: EUR, DEM, USD"},
	{BalanceSheetTotal, KindNumber, ScopeCompany, true, "latest indicator year, cents"},
	{Revenue, KindNumber, ScopeCompany, true, "latest indicator year, cents"},
	{Cash, KindNumber, ScopeCompany, true, "latest indicator year, cents"},
	{Employees, KindNumber, ScopeCompany, true, "latest indicator year, count"},
	{Equity, KindNumber, ScopeCompany, true, "latest indicator year, cents"},
	{RealEstate, KindNumber, ScopeCompany, true, "latest indicator year, cents"},
	{Materials, KindNumber, ScopeCompany, true, "latest indicator year, cents"},
	{PensionProvisions, KindNumber, ScopeCompany, true, "latest indicator year, cents"},
	{Salaries, KindNumber, ScopeCompany, true, "latest indicator year, cents"},
	{Taxes, KindNumber, ScopeCompany, true, "latest indicator year, cents"},
	{Liabilities, KindNumber, ScopeCompany, true, "latest indicator year, cents"},
	{CapitalReserves, KindNumber, ScopeCompany, true, "latest indicator year, cents"},
	{NetIncome, KindNumber, ScopeCompany, true, "latest indicator year, cents"},
	{HadInsolvency, KindBool, ScopeCompany, true, "the company has had insolvency proceedings"},
	{HasOpenInsolvency, KindBool, ScopeCompany, true, "a proceeding is still open"},
	{InsolvencyStage, KindEnum, ScopeCompany, true, "current_status of a proceeding: preliminary, opened, ..."},
	{InsolvencyOpenedAt, KindDate, ScopeCompany, true, "date a proceeding was opened"},
	{InsolvencyRisk, KindEnum, ScopeCompany, true, "risk tier: low, medium, high"},
	{LEI, KindText, ScopeCompany, true, "Legal Entity Identifier"},
	{VATID, KindText, ScopeCompany, true, "VAT identification number"},
	{EstimatedRevenue, KindNumber, ScopeCompany, true, "reported or estimated revenue, cents"},
	{EstimatedEBITDA, KindNumber, ScopeCompany, true, "reported or estimated EBITDA, cents"},
	{EstimatedEmployees, KindNumber, ScopeCompany, true, "reported or estimated employees, count"},
	{YoungestOwnerAge, KindNumber, ScopeCompany, true, "age in years of the youngest natural-person owner"},
	{HasRepresentativeOwner, KindBool, ScopeCompany, true, "an owner also represents the company"},
	{FamilyOwned, KindBool, ScopeCompany, false, "two or more owners share a last name"},
	{SoleOwner, KindBool, ScopeCompany, false, "exactly one current owner or shareholder"},
	{OwnerManaged, KindBool, ScopeCompany, false, "a current owner is also a current director"},

	{DateOfBirth, KindDate, ScopePerson, true, "date of birth"},
	{Active, KindBool, ScopePerson, true, "holds at least one current position"},
	{Name, KindText, ScopePerson, false, "full name"},
	{Roles, KindEnum, ScopePerson, false, "role bucket held in any company: DIRECTOR, PROKURA, ..."},
	{CompanyCount, KindNumber, ScopePerson, false, "number of companies the person is or was involved with"},
	{ManagementPositions, KindNumber, ScopePerson, false, "number of current management positions (role DIRECTOR)"},
}

// Lookup returns what the SDK knows of field f.
func Lookup(f Field) (FieldInfo, bool) {
	for _, fi := range fieldTable {
		if fi.Name == f {
			return fi, true
		}
	}
	return FieldInfo{}, false
}

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
