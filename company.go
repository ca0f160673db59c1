package registerdata

import (
	"context"
	"net/http"
	"net/url"

	"github.com/registerdata/registerdata-go/enums"
)

// Company is one company record (CompanyV1): current values, their
// history, representatives, financial indicators, documents, corporate
// transactions, contact data and insolvency summaries.
//
// Nullable fields are pointers. After decoding, every array field is
// non-nil (empty when the service sent none), so ranging and len need no
// nil checks.
type Company struct {
	// ID is the company identifier: country, register type, register
	// court code and register number joined by hyphens, for example
	// "DE-HRB-F1103-267645" (see ParseCompanyID). Always set: an answer
	// without it is an error.
	ID string `json:"id"`
	// Register is the current registration (type, court, number).
	Register CompanyRegister `json:"register"`
	// Registers is the history of registration changes; empty, never nil,
	// when the service sent none.
	Registers []CompanyRegister `json:"registers"`
	// Status is "active" (operating normally), "inactive" (no longer
	// operating) or "liquidation" (being dissolved). An unknown value is
	// kept as sent.
	Status enums.CompanyStatus `json:"status"`
	// Name is the current official name, with its legal form designation.
	Name CompanyName `json:"name"`
	// Names is the history of official names; empty, never nil, when none
	// was sent.
	Names []CompanyName `json:"names"`
	// Address is the current registered address.
	Address CompanyAddress `json:"address"`
	// Addresses is the history of registered addresses; empty, never nil,
	// when none was sent.
	Addresses []CompanyAddress `json:"addresses"`
	// Purpose is the current business purpose; nil when the service sent
	// null (none recorded).
	Purpose *CompanyPurpose `json:"purpose"`
	// Purposes is the history of business purposes; empty, never nil, when
	// none was sent.
	Purposes []CompanyPurpose `json:"purposes"`
	// Capital is the current registered capital; nil when the service sent
	// null (none recorded).
	Capital *CompanyCapital `json:"capital"`
	// Capitals is the history of registered capital; empty, never nil,
	// when none was sent.
	Capitals []CompanyCapital `json:"capitals"`
	// Representation lists the persons and entities authorised to
	// represent the company, current and past (see CurrentRepresentatives);
	// empty, never nil, when none was sent.
	Representation []Representative `json:"representation"`
	// RepresentationRule is the general representation rule as published
	// in the register (free German text); nil when none is recorded.
	RepresentationRule *string `json:"representation_rule"`
	// Indicators holds the financial key figures per year, one summary
	// per date the figures apply to (see LatestIndicators); empty, never
	// nil, for a company that filed none. Their order is not documented by
	// the service.
	Indicators []IndicatorSummary `json:"indicators"`
	// LegalForm is the current legal form, such as "gmbh" or "ag". An
	// unknown value is kept as sent.
	LegalForm enums.LegalForm `json:"legal_form"`
	// LEI is the Legal Entity Identifier (20 characters, ISO 17442); empty
	// when the service sent none (the field is optional).
	LEI string `json:"lei,omitempty"`
	// Documents lists the official documents available for the company;
	// empty, never nil, when none was sent.
	Documents []CompanyDocument `json:"documents"`
	// IncorporatedAt is the date of official registration; the zero Date
	// when the service sent null or nothing.
	IncorporatedAt Date `json:"incorporated_at"`
	// NotarizedAt is the date of the notarized company agreement; nil when
	// not recorded.
	NotarizedAt *Date `json:"notarized_at"`
	// TerminatedAt is the date of official termination; nil while the
	// company has not been terminated.
	TerminatedAt *Date `json:"terminated_at"`
	// MergedInto is set when the company ceased to exist through a merger:
	// CompanyID is the company it was merged into. nil otherwise.
	MergedInto *Transaction `json:"merged_into"`
	// Acquisitions lists the companies merged into this company as
	// acquirer (CompanyID is the merged company); empty, never nil, when
	// there are none.
	Acquisitions []Transaction `json:"acquisitions"`
	// AssetSpinOffs lists the spin-offs in which this company transferred
	// assets (CompanyID is the receiving company); empty, never nil, when
	// there are none.
	AssetSpinOffs []Transaction `json:"asset_spin_offs"`
	// ProfitTransferAgreement is the current profit and loss transfer
	// agreement; CompanyID is the parent that receives the profit. nil when
	// there is no active agreement.
	ProfitTransferAgreement *Transaction `json:"profit_transfer_agreement"`
	// IndustryCodes is the company's industry classification (WZ 2025).
	IndustryCodes IndustryCodes `json:"industry_codes"`
	// Contact is the company's contact data (e-mail, phone, VAT id,
	// website, social media); nil when the service sent null.
	Contact *Contact `json:"contact"`
	// Insolvencies summarises each insolvency proceeding of the company,
	// one entry per proceeding (the full event history of a proceeding is
	// a separate resource of the service). The service sends the array
	// only when there were proceedings; after decoding it is empty, never
	// nil, when there were none.
	Insolvencies []InsolvencySummary `json:"insolvencies,omitempty"`
	// Sources lists the source documents of the data, as presigned
	// addresses valid for 30 minutes; empty, never nil, when none was sent
	// (GetCompanyParams.Export asks for the record without sources).
	Sources []Source `json:"sources"`
}

// companyFields is Company without its methods, so UnmarshalJSON can
// decode into it without recursing.
type companyFields Company

// UnmarshalJSON decodes a CompanyV1 object and replaces absent or null
// arrays with empty ones.
func (c *Company) UnmarshalJSON(b []byte) error { return c.decodeJSON(b) }

// Normalize replaces every nil array field of c with an empty one, as
// decoding does. Call it on a Company built in code (a test double, a
// record read from your own store) so that it behaves like a decoded one
// and encodes its arrays as [] rather than null.
func (c *Company) Normalize() {
	nonNil(&c.Registers)
	nonNil(&c.Names)
	nonNil(&c.Addresses)
	nonNil(&c.Purposes)
	nonNil(&c.Capitals)
	nonNil(&c.Representation)
	nonNil(&c.Indicators)
	nonNil(&c.Documents)
	nonNil(&c.Acquisitions)
	nonNil(&c.AssetSpinOffs)
	nonNil(&c.IndustryCodes.WZ2025)
	nonNil(&c.Insolvencies)
	nonNil(&c.Sources)
}

func nonNil[T any](s *[]T) {
	if *s == nil {
		*s = []T{}
	}
}

// LatestIndicators returns a copy of the indicator summary with the
// latest date, and false when the company has none (many small companies
// file no figures). Each figure is still a pointer, nil when that figure
// was not reported:
//
//	if ind, ok := co.LatestIndicators(); ok && ind.Revenue != nil {
//		fmt.Printf("revenue %s: %.2f EUR\n", ind.Date, float64(*ind.Revenue)/100)
//	}
func (c *Company) LatestIndicators() (IndicatorSummary, bool) {
	latest := -1
	for i := range c.Indicators {
		if latest < 0 || c.Indicators[i].Date.After(c.Indicators[latest].Date) {
			latest = i
		}
	}
	if latest < 0 {
		return IndicatorSummary{}, false
	}
	return c.Indicators[latest], true
}

// CurrentRepresentatives returns the representatives whose role has not
// ended (EndDate is nil or after today), in the order the service sent them.
func (c *Company) CurrentRepresentatives(today Date) []Representative {
	var out []Representative
	for _, r := range c.Representation {
		if r.EndDate == nil || r.EndDate.After(today) {
			out = append(out, r)
		}
	}
	return out
}

// CompanyRegister is a registration: register type, court and number.
type CompanyRegister struct {
	// CompanyID is the company identifier under this registration, such
	// as "DE-HRB-F1103-267645"; empty when the service sent none (the
	// field is optional).
	CompanyID string `json:"company_id,omitempty"`
	// RegisterNumber is the number in the register, such as "267645".
	RegisterNumber string `json:"register_number"`
	// RegisterType is the kind of register: "HRB", "HRA", "PR", "GnR" or
	// "VR". An unknown value is kept as sent.
	RegisterType enums.RegisterType `json:"register_type"`
	// RegisterCourt is the register court, such as
	// "Berlin (Charlottenburg)".
	RegisterCourt string `json:"register_court"`
	// StartDate is the date the entry became effective; nil when the
	// service sent none (the field is optional).
	StartDate *Date `json:"start_date,omitempty"`
}

// CompanyName is an official name, including the legal form designation.
type CompanyName struct {
	// Name is the official name, including the legal form designation,
	// such as "Example Software GmbH".
	Name string `json:"name"`
	// LegalForm is the legal form at that time, such as "gmbh".
	LegalForm enums.LegalForm `json:"legal_form"`
	// StartDate is the date from which the name applies.
	StartDate Date `json:"start_date"`
}

// CompanyAddress is a registered address.
type CompanyAddress struct {
	// Street is the street name and number; empty when not sent (optional).
	Street string `json:"street,omitempty"`
	// City is the city, such as "Berlin".
	City string `json:"city"`
	// PostalCode is the postal code, such as "12489"; empty when not sent
	// (optional).
	PostalCode string `json:"postal_code,omitempty"`
	// Country is the country name, such as "Deutschland" (a name, not an
	// ISO code, unlike SearchAddress.Country).
	Country string `json:"country"`
	// Extra is an additional address line such as a c/o; empty when not
	// sent (optional).
	Extra string `json:"extra,omitempty"`
	// StartDate is the date from which the address applies.
	StartDate Date `json:"start_date"`
	// FormattedValue is the whole address as one string, such as
	// "Rudower Chaussee 29, 12489 Berlin, Deutschland".
	FormattedValue string `json:"formatted_value"`
}

// CompanyPurpose is a business purpose (Unternehmensgegenstand).
type CompanyPurpose struct {
	// Purpose is the business purpose as registered (free German text).
	Purpose string `json:"purpose"`
	// StartDate is the date from which the purpose applies.
	StartDate Date `json:"start_date"`
}

// CompanyCapital is a registered capital (Stamm- or Grundkapital).
type CompanyCapital struct {
	// Amount is the capital as a decimal in major currency units (25000
	// means 25,000.00 EUR), unlike the cents of IndicatorSummary.
	Amount float64 `json:"amount"`
	// Currency is "EUR", "DEM" or "USD". An unknown value is kept as sent.
	Currency enums.Currency `json:"currency"`
	// StartDate is the date from which the amount applies.
	StartDate Date `json:"start_date"`
}

// Representative is a person or entity authorised to represent the
// company (CompanyRepresentativeV1).
type Representative struct {
	// ID identifies the representative: a company identifier for an
	// entity, a UUID for a natural person (usable with the person
	// endpoints). nil when the service sent null, which it documents as
	// possible without saying when.
	ID *string `json:"id"`
	// Name is the name of the representative, person or entity.
	Name string `json:"name"`
	// Type is "natural_person" or "legal_person".
	Type enums.RepresentativeType `json:"type"`
	// Role is the coarse, stable role bucket, such as "DIRECTOR" or
	// "PROKURA": new register roles are folded into an existing value, so a
	// switch over the enums.Role constants may be exhaustive.
	Role enums.Role `json:"role"`
	// RoleDetail is the register-level role with display labels; always
	// sent by the service.
	RoleDetail RoleDetail `json:"role_detail"`
	// StartDate is the date the role started.
	StartDate Date `json:"start_date"`
	// EndDate is the date the role ended; nil while the role is current.
	EndDate *Date `json:"end_date"`
	// Authority is the current individual representation authority as
	// published in the register (free German text); nil when none is
	// recorded.
	Authority *string `json:"authority"`
	// LegalPerson holds the details of an entity; set when Type is
	// "legal_person", nil otherwise.
	LegalPerson *LegalPerson `json:"legal_person,omitempty"`
	// NaturalPerson holds the details of a person; set when Type is
	// "natural_person", nil otherwise.
	NaturalPerson *NaturalPerson `json:"natural_person,omitempty"`
}

// RoleDetail is the register-level role of a representative with its
// display labels.
type RoleDetail struct {
	// Code is the register-level role, such as "DIRECTOR", "EXECUTIVE" or
	// "PROKURA_JOINT". The set grows over time: an unknown value is kept as
	// sent, and RoleCode.Normalize maps it to "OTHER".
	Code enums.RoleCode `json:"code"`
	// LabelDE is the German title, gender-neutral, such as
	// "Geschäftsführer:in".
	LabelDE string `json:"label_de"`
	// LabelDEShort is the abbreviated German title, such as "GF".
	LabelDEShort string `json:"label_de_short"`
	// LabelEN is the English display title, such as "Managing Director".
	LabelEN string `json:"label_en"`
	// LabelENShort is the abbreviated English title, such as "MD".
	LabelENShort string `json:"label_en_short"`
}

// LegalPerson describes a representative that is an entity.
type LegalPerson struct {
	// Name is the entity's name.
	Name string `json:"name"`
	// City is the entity's city; nil when not recorded.
	City *string `json:"city"`
	// Country is the ISO 3166-1 alpha-2 code of the entity's country, such
	// as "DE".
	Country string `json:"country"`
}

// NaturalPerson describes a representative that is a person.
type NaturalPerson struct {
	// City is the person's city as registered; nil when not recorded.
	City *string `json:"city"`
	// FirstName is the person's first name; nil when not recorded.
	FirstName *string `json:"first_name"`
	// LastName is the person's last name; nil when not recorded.
	LastName *string `json:"last_name"`
	// DateOfBirth is the person's date of birth; nil when not recorded.
	DateOfBirth *Date `json:"date_of_birth"`
}

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

// GetCompanyParams are the optional query parameters of GetCompany.
type GetCompanyParams struct {
	// Realtime fetches the record live from the official register: slower,
	// and 10 credits more (20 in all).
	Realtime bool
	// Export returns the record without sources.
	Export bool
}

// GetCompany fetches one company record by its identifier, such as
// "DE-HRB-F1103-267645". params may be nil. It costs 10 credits, 20 with
// Realtime. An identifier that cannot be a path segment (empty, holding
// '/', '?', '#', '%' or white space) is refused before sending; an
// unknown one fails with ErrNotFound.
//
// With WithCache, a record found in the cache costs nothing and sends
// nothing; Realtime bypasses the cache and refreshes it. The cache key is
// the path and query, so Export and plain records are cached apart.
func (c *Client) GetCompany(ctx context.Context, id string, params *GetCompanyParams, opts ...CallOption) (*Company, error) {
	if err := checkPathID("company id", id); err != nil {
		return nil, err
	}
	var p GetCompanyParams
	if params != nil {
		p = *params
	}
	q := url.Values{}
	if p.Realtime {
		q.Set("realtime", "true")
	}
	if p.Export {
		q.Set("export", "true")
	}
	var co Company
	err := c.do(ctx, request{
		method: http.MethodGet,
		path:   "/v1/company/" + url.PathEscape(id),
		query:  q,
		cost:   CompanyLookupCost(p.Realtime),
		cache:  true,
	}, &co, opts)
	if err != nil {
		return nil, err
	}
	return &co, nil
}

func (c *Company) missingIdentity() string {
	if c.ID == "" {
		return "id"
	}
	return ""
}
