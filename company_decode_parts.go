package registerdata

import (
	"github.com/registerdata/registerdata-go/enums"
)

// The field decoders of the records nested in Company; see companyField.

// Known enum values, so that decoding a known value does not allocate.
var (
	knownAdministrationKinds = enums.AdministrationKind("").Values()
	knownCompanyStatuses     = enums.CompanyStatus("").Values()
	knownCurrencies          = enums.Currency("").Values()
	knownDocumentTypes       = enums.DocumentType("").Values()
	knownInsolvencyStatuses  = enums.InsolvencyStatus("").Values()
	knownLegalForms          = enums.LegalForm("").Values()
	knownProceedingKinds     = enums.ProceedingKind("").Values()
	knownRegisterTypes       = enums.RegisterType("").Values()
	knownRepresentativeTypes = enums.RepresentativeType("").Values()
	knownRoleCodes           = enums.RoleCode("").Values()
	knownRoles               = enums.Role("").Values()
)

func registerField(d *decoder, x *CompanyRegister, key []byte) (bool, error) {
	switch string(key) {
	case "company_id":
		return true, readString(d, &x.CompanyID)
	case "register_number":
		return true, readString(d, &x.RegisterNumber)
	case "register_type":
		return true, readString(d, &x.RegisterType, knownRegisterTypes...)
	case "register_court":
		return true, readString(d, &x.RegisterCourt)
	case "start_date":
		return true, readDatePtr(d, &x.StartDate)
	}
	return false, nil
}

func nameField(d *decoder, x *CompanyName, key []byte) (bool, error) {
	switch string(key) {
	case "name":
		return true, readString(d, &x.Name)
	case "legal_form":
		return true, readString(d, &x.LegalForm, knownLegalForms...)
	case "start_date":
		return true, readDate(d, &x.StartDate)
	}
	return false, nil
}

func addressField(d *decoder, x *CompanyAddress, key []byte) (bool, error) {
	switch string(key) {
	case "street":
		return true, readString(d, &x.Street)
	case "city":
		return true, readString(d, &x.City)
	case "postal_code":
		return true, readString(d, &x.PostalCode)
	case "country":
		return true, readString(d, &x.Country)
	case "extra":
		return true, readString(d, &x.Extra)
	case "start_date":
		return true, readDate(d, &x.StartDate)
	case "formatted_value":
		return true, readString(d, &x.FormattedValue)
	}
	return false, nil
}

func purposeField(d *decoder, x *CompanyPurpose, key []byte) (bool, error) {
	switch string(key) {
	case "purpose":
		return true, readString(d, &x.Purpose)
	case "start_date":
		return true, readDate(d, &x.StartDate)
	}
	return false, nil
}

func capitalField(d *decoder, x *CompanyCapital, key []byte) (bool, error) {
	switch string(key) {
	case "amount":
		return true, readFloat64(d, &x.Amount)
	case "currency":
		return true, readString(d, &x.Currency, knownCurrencies...)
	case "start_date":
		return true, readDate(d, &x.StartDate)
	}
	return false, nil
}

func indicatorField(d *decoder, x *IndicatorSummary, key []byte) (bool, error) {
	var p **int64
	switch string(key) {
	case "date":
		return true, readDate(d, &x.Date)
	case "report_id":
		return true, readString(d, &x.ReportID)
	case "balance_sheet_total":
		p = &x.BalanceSheetTotal
	case "net_income":
		p = &x.NetIncome
	case "revenue":
		p = &x.Revenue
	case "cash":
		p = &x.Cash
	case "employees":
		p = &x.Employees
	case "equity":
		p = &x.Equity
	case "real_estate":
		p = &x.RealEstate
	case "materials":
		p = &x.Materials
	case "pension_provisions":
		p = &x.PensionProvisions
	case "salaries":
		p = &x.Salaries
	case "taxes":
		p = &x.Taxes
	case "liabilities":
		p = &x.Liabilities
	case "capital_reserves":
		p = &x.CapitalReserves
	default:
		return false, nil
	}
	return true, readInt64Ptr(d, p)
}

func documentField(d *decoder, x *CompanyDocument, key []byte) (bool, error) {
	switch string(key) {
	case "id":
		return true, readString(d, &x.ID)
	case "type":
		return true, readString(d, &x.Type, knownDocumentTypes...)
	case "date":
		return true, readDate(d, &x.Date)
	case "latest":
		return true, readBool(d, &x.Latest)
	}
	return false, nil
}

func transactionField(d *decoder, x *Transaction, key []byte) (bool, error) {
	switch string(key) {
	case "company_id":
		return true, readString(d, &x.CompanyID)
	case "name":
		return true, readString(d, &x.Name)
	case "registration_date":
		return true, readDate(d, &x.RegistrationDate)
	case "agreement_date":
		return true, readDatePtr(d, &x.AgreementDate)
	}
	return false, nil
}

func industryCodesField(d *decoder, x *IndustryCodes, key []byte) (bool, error) {
	switch string(key) {
	case "WZ2025", "wz2025": // "wz2025" is the case-folded form
		return true, decodeSlice(d, &x.WZ2025, industryCodeField)
	}
	return false, nil
}

func industryCodeField(d *decoder, x *IndustryCode, key []byte) (bool, error) {
	if string(key) == "code" {
		return true, readString(d, &x.Code)
	}
	return false, nil
}

func insolvencyField(d *decoder, x *InsolvencySummary, key []byte) (bool, error) {
	switch string(key) {
	case "id":
		return true, readString(d, &x.ID)
	case "current_status":
		return true, readString(d, &x.CurrentStatus, knownInsolvencyStatuses...)
	case "court":
		return true, readString(d, &x.Court)
	case "case_number":
		return true, readString(d, &x.CaseNumber)
	case "proceeding_kind":
		return true, readPtr(d, &x.ProceedingKind, readEnum(knownProceedingKinds), nil)
	case "administration_kind":
		return true, readPtr(d, &x.AdministrationKind, readEnum(knownAdministrationKinds), nil)
	case "opened_at":
		return true, readLenientDatePtr(d, &x.OpenedAt) // date or date-time: see InsolvencySummary.UnmarshalJSON
	case "closed_at":
		return true, readLenientDatePtr(d, &x.ClosedAt)
	}
	return false, nil
}

// readEnum returns readString for the known values of an enum, as a value
// for readPtr.
func readEnum[T ~string](known []T) func(*decoder, *T) error {
	return func(d *decoder, p *T) error { return readString(d, p, known...) }
}

func sourceField(d *decoder, x *Source, key []byte) (bool, error) {
	if string(key) == "document_url" {
		return true, readString(d, &x.DocumentURL)
	}
	return false, nil
}
