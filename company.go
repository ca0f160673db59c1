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
	// means 25,000.00 EUR), unlike the cents of IndicatorSummary. The
	// capital_amount search filter is in cents, as every money filter:
	// filters.CompanyBuilder.CapitalBetween takes this unit and sends
	// cents.
	Amount float64 `json:"amount"`
	// Currency is "EUR", "DEM" or "USD". An unknown value is kept as sent.
	Currency enums.Currency `json:"currency"`
	// StartDate is the date from which the amount applies.
	StartDate Date `json:"start_date"`
}

func (c *Company) missingIdentity() string {
	if c.ID == "" {
		return "id"
	}
	return ""
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
	if err := checkCompanyID(id); err != nil {
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
		method:   http.MethodGet,
		endpoint: pathOf("/v1/company/{company_id}", id),
		query:    q,
		variant:  realtimeIf(p.Realtime),
		cache:    true,
	}, &co, opts)
	if err != nil {
		return nil, err
	}
	return &co, nil
}
