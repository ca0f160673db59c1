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
	ID                      string              `json:"id"` // "DE-HRB-F1103-267645"; see ParseCompanyID
	Register                CompanyRegister     `json:"register"`
	Registers               []CompanyRegister   `json:"registers"`
	Status                  enums.CompanyStatus `json:"status"`
	Name                    CompanyName         `json:"name"`
	Names                   []CompanyName       `json:"names"`
	Address                 CompanyAddress      `json:"address"`
	Addresses               []CompanyAddress    `json:"addresses"`
	Purpose                 *CompanyPurpose     `json:"purpose"`
	Purposes                []CompanyPurpose    `json:"purposes"`
	Capital                 *CompanyCapital     `json:"capital"`
	Capitals                []CompanyCapital    `json:"capitals"`
	Representation          []Representative    `json:"representation"`
	RepresentationRule      *string             `json:"representation_rule"`
	Indicators              []IndicatorSummary  `json:"indicators"`
	LegalForm               enums.LegalForm     `json:"legal_form"`
	LEI                     string              `json:"lei,omitempty"` // optional
	Documents               []CompanyDocument   `json:"documents"`
	IncorporatedAt          Date                `json:"incorporated_at"`
	NotarizedAt             *Date               `json:"notarized_at"`
	TerminatedAt            *Date               `json:"terminated_at"`
	MergedInto              *Transaction        `json:"merged_into"`
	Acquisitions            []Transaction       `json:"acquisitions"`
	AssetSpinOffs           []Transaction       `json:"asset_spin_offs"`
	ProfitTransferAgreement *Transaction        `json:"profit_transfer_agreement"`
	IndustryCodes           IndustryCodes       `json:"industry_codes"`
	Contact                 *Contact            `json:"contact"`
	Insolvencies            []InsolvencySummary `json:"insolvencies,omitempty"` // optional: sent when there were proceedings
	Sources                 []Source            `json:"sources"`
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

// LatestIndicators returns the indicator summary with the latest date, or
// nil when the company has none.
func (c *Company) LatestIndicators() *IndicatorSummary {
	var latest *IndicatorSummary
	for i := range c.Indicators {
		if latest == nil || c.Indicators[i].Date.After(latest.Date) {
			latest = &c.Indicators[i]
		}
	}
	return latest
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
	CompanyID      string             `json:"company_id,omitempty"` // optional
	RegisterNumber string             `json:"register_number"`
	RegisterType   enums.RegisterType `json:"register_type"`
	RegisterCourt  string             `json:"register_court"`
	StartDate      *Date              `json:"start_date,omitempty"` // optional: when the entry became effective
}

// CompanyName is an official name, including the legal form designation.
type CompanyName struct {
	Name      string          `json:"name"`
	LegalForm enums.LegalForm `json:"legal_form"` // legal form at that time
	StartDate Date            `json:"start_date"`
}

// CompanyAddress is a registered address.
type CompanyAddress struct {
	Street         string `json:"street,omitempty"` // street and number; optional
	City           string `json:"city"`
	PostalCode     string `json:"postal_code,omitempty"` // optional
	Country        string `json:"country"`               // country name
	Extra          string `json:"extra,omitempty"`       // additional line such as c/o; optional
	StartDate      Date   `json:"start_date"`
	FormattedValue string `json:"formatted_value"` // the whole address as one string
}

// CompanyPurpose is a business purpose (Unternehmensgegenstand).
type CompanyPurpose struct {
	Purpose   string `json:"purpose"`
	StartDate Date   `json:"start_date"`
}

// CompanyCapital is a registered capital (Stamm- or Grundkapital).
type CompanyCapital struct {
	Amount    float64        `json:"amount"` // in major currency units
	Currency  enums.Currency `json:"currency"`
	StartDate Date           `json:"start_date"`
}

// Representative is a person or entity authorised to represent the
// company (CompanyRepresentativeV1).
type Representative struct {
	ID            *string                  `json:"id"` // company id for an entity, UUID for a person; may be null
	Name          string                   `json:"name"`
	Type          enums.RepresentativeType `json:"type"`
	Role          enums.Role               `json:"role"` // coarse, stable bucket
	RoleDetail    RoleDetail               `json:"role_detail"`
	StartDate     Date                     `json:"start_date"`
	EndDate       *Date                    `json:"end_date"`
	Authority     *string                  `json:"authority"`                // individual representation authority as published
	LegalPerson   *LegalPerson             `json:"legal_person,omitempty"`   // set for entities
	NaturalPerson *NaturalPerson           `json:"natural_person,omitempty"` // set for natural persons
}

// RoleDetail is the register-level role of a representative with its
// display labels.
type RoleDetail struct {
	Code         enums.RoleCode `json:"code"` // grows over time: see RoleCode.Normalize
	LabelDE      string         `json:"label_de"`
	LabelDEShort string         `json:"label_de_short"`
	LabelEN      string         `json:"label_en"`
	LabelENShort string         `json:"label_en_short"`
}

// LegalPerson describes a representative that is an entity.
type LegalPerson struct {
	Name    string  `json:"name"`
	City    *string `json:"city"`
	Country string  `json:"country"` // ISO 3166-1 alpha-2
}

// NaturalPerson describes a representative that is a person.
type NaturalPerson struct {
	City        *string `json:"city"`
	FirstName   *string `json:"first_name"`
	LastName    *string `json:"last_name"`
	DateOfBirth *Date   `json:"date_of_birth"`
}

// IndicatorSummary holds a company's financial key figures for one date.
// Money is in cents (the smallest currency unit); Employees is a count.
// A nil field was not reported.
type IndicatorSummary struct {
	Date              Date   `json:"date"`      // the date the figures apply to
	ReportID          string `json:"report_id"` // UUID of the source report
	BalanceSheetTotal *int64 `json:"balance_sheet_total"`
	NetIncome         *int64 `json:"net_income"`
	Revenue           *int64 `json:"revenue"`
	Cash              *int64 `json:"cash"`
	Employees         *int64 `json:"employees"`
	Equity            *int64 `json:"equity"`
	RealEstate        *int64 `json:"real_estate"`
	Materials         *int64 `json:"materials"`
	PensionProvisions *int64 `json:"pension_provisions"`
	Salaries          *int64 `json:"salaries"`
	Taxes             *int64 `json:"taxes"`
	Liabilities       *int64 `json:"liabilities"`
	CapitalReserves   *int64 `json:"capital_reserves"`
}

// CompanyDocument is an official document available for the company.
type CompanyDocument struct {
	ID     string             `json:"id"`
	Type   enums.DocumentType `json:"type"`
	Date   Date               `json:"date"`   // publication or filing date
	Latest bool               `json:"latest"` // the latest version of its type
}

// Transaction is the shared shape of merged_into, acquisitions,
// asset_spin_offs and profit_transfer_agreement: the other company, and
// when the transaction was registered and agreed. Entries with the same
// AgreementDate belong to one transaction.
type Transaction struct {
	CompanyID        string `json:"company_id"`
	Name             string `json:"name"` // the other company's current name
	RegistrationDate Date   `json:"registration_date"`
	AgreementDate    *Date  `json:"agreement_date"` // nil when the register text cites no date
}

// IndustryCodes holds the company's industry classification.
type IndustryCodes struct {
	WZ2025 []IndustryCode `json:"WZ2025"`
}

// IndustryCode is one WZ 2025 industry code.
type IndustryCode struct {
	Code string `json:"code"`
}

// Contact is the company's contact data (the service's Website object).
type Contact struct {
	Email       string      `json:"email,omitempty"`
	Phone       string      `json:"phone,omitempty"`
	VATID       string      `json:"vat_id,omitempty"`
	WebsiteURL  string      `json:"website_url"`
	SocialMedia SocialMedia `json:"social_media"`
}

// SocialMedia holds the company's social media profiles; each is optional.
type SocialMedia struct {
	LinkedIn  string `json:"linkedin,omitempty"`
	Instagram string `json:"instagram,omitempty"`
	GitHub    string `json:"github,omitempty"`
	Twitter   string `json:"twitter,omitempty"`
	Facebook  string `json:"facebook,omitempty"`
	YouTube   string `json:"youtube,omitempty"`
	Xing      string `json:"xing,omitempty"`
	TikTok    string `json:"tiktok,omitempty"`
}

// InsolvencySummary summarises one insolvency proceeding.
type InsolvencySummary struct {
	ID                 string                    `json:"id"` // UUID of the proceeding
	CurrentStatus      enums.InsolvencyStatus    `json:"current_status"`
	Court              string                    `json:"court"`
	CaseNumber         string                    `json:"case_number"`
	ProceedingKind     *enums.ProceedingKind     `json:"proceeding_kind"`     // nil when unknown
	AdministrationKind *enums.AdministrationKind `json:"administration_kind"` // nil when unknown
	OpenedAt           *Date                     `json:"opened_at"`
	ClosedAt           *Date                     `json:"closed_at"`
}

// Source is a source document of the data. DocumentURL is a presigned
// address, valid for 30 minutes after the record was fetched.
type Source struct {
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
