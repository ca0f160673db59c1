package registerdata

import "github.com/registerdata/registerdata-go/enums"

// IndicatorSummary holds a company's financial key figures for one date.
// Money is in cents (the smallest currency unit); Employees is a count.
// A nil field was not reported.
type IndicatorSummary struct {
	// Date is the date the figures apply to, such as 2024-12-31.
	Date Date `json:"date"`
	// ReportID is the UUID of the report the figures were read from.
	ReportID string `json:"report_id"`
	// BalanceSheetTotal is the balance sheet total in cents; nil when not
	// reported.
	BalanceSheetTotal *int64 `json:"balance_sheet_total"`
	// NetIncome is the net income (negative for a loss) in cents; nil when
	// not reported.
	NetIncome *int64 `json:"net_income"`
	// Revenue is the revenue in cents (2099 means 20.99 EUR); nil when not
	// reported.
	Revenue *int64 `json:"revenue"`
	// Cash is the cash in cents; nil when not reported.
	Cash *int64 `json:"cash"`
	// Employees is the number of employees, a plain head count (not
	// cents); nil when not reported.
	Employees *int64 `json:"employees"`
	// Equity is the equity in cents; nil when not reported.
	Equity *int64 `json:"equity"`
	// RealEstate is the real estate in cents; nil when not reported.
	RealEstate *int64 `json:"real_estate"`
	// Materials is the cost of materials in cents; nil when not reported.
	Materials *int64 `json:"materials"`
	// PensionProvisions is the pension provisions in cents; nil when not
	// reported.
	PensionProvisions *int64 `json:"pension_provisions"`
	// Salaries is the salaries in cents; nil when not reported.
	Salaries *int64 `json:"salaries"`
	// Taxes is the taxes in cents; nil when not reported.
	Taxes *int64 `json:"taxes"`
	// Liabilities is the liabilities in cents; nil when not reported.
	Liabilities *int64 `json:"liabilities"`
	// CapitalReserves is the capital reserves in cents; nil when not
	// reported.
	CapitalReserves *int64 `json:"capital_reserves"`
}

// CompanyDocument is an official document available for the company.
type CompanyDocument struct {
	// ID is the document identifier (UUID form in the service's examples).
	ID string `json:"id"`
	// Type is "articles_of_association", "sample_protocol" or
	// "shareholder_list". An unknown value is kept as sent.
	Type enums.DocumentType `json:"type"`
	// Date is the publication or filing date.
	Date Date `json:"date"`
	// Latest is true when this is the latest version of its type.
	Latest bool `json:"latest"`
}

// Transaction is the shared shape of merged_into, acquisitions,
// asset_spin_offs and profit_transfer_agreement: the other company, and
// when the transaction was registered and agreed. Entries with the same
// AgreementDate belong to one transaction.
type Transaction struct {
	// CompanyID is the identifier of the other company: the merger target
	// (MergedInto), the merged company (Acquisitions), the asset receiver
	// (AssetSpinOffs) or the parent (ProfitTransferAgreement).
	CompanyID string `json:"company_id"`
	// Name is the other company's current name.
	Name string `json:"name"`
	// RegistrationDate is the date the transaction was registered.
	RegistrationDate Date `json:"registration_date"`
	// AgreementDate is the date of the underlying contract as cited in the
	// register entry; nil when the register text cites no date.
	AgreementDate *Date `json:"agreement_date"`
}

// IndustryCodes holds the company's industry classification.
type IndustryCodes struct {
	// WZ2025 lists the company's codes of the German WZ 2025
	// classification; empty, never nil, when none was sent.
	WZ2025 []IndustryCode `json:"WZ2025"`
}

// IndustryCode is one WZ 2025 industry code.
type IndustryCode struct {
	// Code is the WZ 2025 code as the service sends it; its notation is
	// not documented by the service.
	Code string `json:"code"`
}

// Contact is the company's contact data (the service's Website object).
type Contact struct {
	// Email is the company's e-mail address; empty when not sent
	// (optional).
	Email string `json:"email,omitempty"`
	// Phone is the company's phone number as found; empty when not sent
	// (optional). Its format is not documented by the service.
	Phone string `json:"phone,omitempty"`
	// VATID is the German VAT identification number
	// (Umsatzsteuer-Identifikationsnummer), such as "DE123456789"; empty
	// when not sent (optional).
	VATID string `json:"vat_id,omitempty"`
	// WebsiteURL is the address of the company's website, such as
	// "https://example.com".
	WebsiteURL string `json:"website_url"`
	// SocialMedia holds the company's social media profiles.
	SocialMedia SocialMedia `json:"social_media"`
}

// SocialMedia holds the company's social media profiles; each is optional.
type SocialMedia struct {
	// LinkedIn is the LinkedIn profile; empty when not sent.
	LinkedIn string `json:"linkedin,omitempty"`
	// Instagram is the Instagram profile; empty when not sent.
	Instagram string `json:"instagram,omitempty"`
	// GitHub is the GitHub profile; empty when not sent.
	GitHub string `json:"github,omitempty"`
	// Twitter is the Twitter (X) profile; empty when not sent.
	Twitter string `json:"twitter,omitempty"`
	// Facebook is the Facebook profile; empty when not sent.
	Facebook string `json:"facebook,omitempty"`
	// YouTube is the YouTube channel; empty when not sent.
	YouTube string `json:"youtube,omitempty"`
	// Xing is the XING profile; empty when not sent.
	Xing string `json:"xing,omitempty"`
	// TikTok is the TikTok profile; empty when not sent.
	TikTok string `json:"tiktok,omitempty"`
}

// InsolvencySummary summarises one insolvency proceeding.
type InsolvencySummary struct {
	// ID is the UUID of the proceeding.
	ID string `json:"id"`
	// CurrentStatus is the state of the proceeding, such as "preliminary",
	// "opened" or "discharge_granted". An unknown value is kept as sent.
	CurrentStatus enums.InsolvencyStatus `json:"current_status"`
	// Court is the insolvency court.
	Court string `json:"court"`
	// CaseNumber is the case number at the court.
	CaseNumber string `json:"case_number"`
	// ProceedingKind is "regular_insolvency" or "consumer_insolvency"; nil
	// when unknown.
	ProceedingKind *enums.ProceedingKind `json:"proceeding_kind"`
	// AdministrationKind is "external_administration",
	// "self_administration" or "protective_shield"; nil when unknown.
	AdministrationKind *enums.AdministrationKind `json:"administration_kind"`
	// OpenedAt is the date the proceeding was opened; nil when not (yet)
	// opened or not known.
	OpenedAt *Date `json:"opened_at"`
	// ClosedAt is the date the proceeding was closed; nil while it is open
	// or when not known.
	ClosedAt *Date `json:"closed_at"`
}

// Source is a source document of the data. DocumentURL is a presigned
// address, valid for 30 minutes after the record was fetched.
type Source struct {
	// DocumentURL is the presigned address of the source document, valid
	// for 30 minutes after the record was fetched.
	DocumentURL string `json:"document_url"`
}
