package registerdata

import (
	"context"
	"fmt"
	"net/http"
	"net/url"

	"github.com/registerdata/registerdata-go/enums"
)

// Owners is the answer of GET /v1/company/{id}/owners: the direct owners
// of a company, as its latest shareholder list (or, for an AG or SE, the
// best available document) shows them.
//
// After decoding, Owners and Sources are never nil.
type Owners struct {
	// CompanyID is the company whose owners are listed.
	CompanyID string `json:"company_id"`
	// BestAvailable is true when the list is the best data available but
	// possibly not current: AG and SE companies, whose owner data comes from
	// register decisions and articles of association that are not filed at
	// every ownership change (see GetOwnersParams.BestAvailable).
	BestAvailable bool `json:"best_available"`
	// Owners are the direct owners.
	Owners []Owner `json:"owners"`
	// Sources are presigned addresses of the shareholder lists the owners
	// were read from, valid for 30 minutes.
	Sources []Source `json:"sources"`
}

// Owner is one direct owner of a company (CompanyOwner).
type Owner struct {
	// ID identifies the owner: a company identifier for a company, a UUID
	// for a natural person; nil for some owners (foreign companies, public
	// bodies, foundations).
	ID *string `json:"id"`
	// Name is the owner's name, person or company.
	Name string `json:"name"`
	// Type says whether the owner is a natural or a legal person.
	Type enums.RepresentativeType `json:"type"`
	// RelationType is how the stake is held (shareholder, stockholder,
	// limited or general partner).
	RelationType enums.RelationType `json:"relation_type"`
	// NominalShare is the nominal value of the holding, in euros.
	NominalShare float64 `json:"nominal_share"`
	// PercentageShare is the owner's share on a PERCENT scale: 5.36 means
	// 5.36 %. Nil when not known (a general partner without capital share).
	// Holding.PercentageShare describes the same stake on a fraction scale;
	// compare stakes through SharePercent, which is on one scale for
	// Owner, BeneficialOwner and Holding.
	PercentageShare *float64 `json:"percentage_share"`
	// Start is when the relation began; known only for some kinds of owner.
	Start *Date `json:"start"`
	// LegalPerson holds the details of a legal-person owner, else nil.
	LegalPerson *OwnerLegalPerson `json:"legal_person"`
	// NaturalPerson holds the details of a natural-person owner, else nil.
	NaturalPerson *OwnerNaturalPerson `json:"natural_person"`
}

// OwnerLegalPerson is the detail of a legal-person owner or beneficial
// owner (CompanyOwnerLegalPerson).
type OwnerLegalPerson struct {
	// Name is the entity's name.
	Name string `json:"name"`
	// City is the entity's seat; nil when not known.
	City *string `json:"city"`
	// Country is an ISO 3166-1 alpha-2 code, such as "DE".
	Country string `json:"country"`
}

// OwnerNaturalPerson is the detail of a natural-person owner or
// beneficial owner (CompanyOwnerNaturalPerson).
type OwnerNaturalPerson struct {
	// FirstName is the person's first name.
	FirstName string `json:"first_name"`
	// LastName is the person's last name.
	LastName string `json:"last_name"`
	// FullName is first and last name as one string.
	FullName string `json:"full_name"`
	// City is where the person lives.
	City string `json:"city"`
	// Country is the person's country (the specification does not show its
	// format; the fake sends ISO 3166-1 alpha-2 codes).
	Country string `json:"country"`
	// DateOfBirth is the person's date of birth; nil when not known.
	DateOfBirth *Date `json:"date_of_birth"`
}

// GetOwnersParams are the optional query parameters of GetOwners.
type GetOwnersParams struct {
	// Export returns the owners if they were extracted already, without
	// processing documents that have not been processed yet.
	Export bool
	// Realtime fetches the newest data live from the official register;
	// slower. It cannot be combined with BestAvailable.
	Realtime bool
	// BestAvailable asks, for an AG or SE, for the best owner data
	// available, read from documents not filed at every ownership change
	// and so possibly out of date. Without it the service answers 404
	// (ErrNotFound) for an AG or SE.
	BestAvailable bool
}

// GetOwners fetches the direct owners of a company. params may be nil.
// An AG or SE answers ErrNotFound unless params.BestAvailable is set;
// BestAvailable together with Realtime is refused before sending (the
// service does not support the combination). It is billed at its route's price (see Prices).
//
// With WithCache, owners found in the cache cost nothing and send
// nothing; Realtime bypasses the cache and refreshes it. The cache key is
// the path and query, so Export, BestAvailable and plain answers are
// cached apart.
func (c *Client) GetOwners(ctx context.Context, id string, params *GetOwnersParams, opts ...CallOption) (*Owners, error) {
	if err := checkCompanyID(id); err != nil {
		return nil, err
	}
	var p GetOwnersParams
	if params != nil {
		p = *params
	}
	if p.BestAvailable && p.Realtime {
		return nil, fmt.Errorf("%w: GetOwners: best_available cannot be combined with realtime: set one of them", ErrInvalidRequest)
	}
	q := url.Values{}
	if p.Export {
		q.Set("export", "true")
	}
	if p.Realtime {
		q.Set("realtime", "true")
	}
	if p.BestAvailable {
		q.Set("best_available", "true")
	}
	var out Owners
	err := c.do(ctx, request{
		method:   http.MethodGet,
		endpoint: pathOf("/v1/company/{company_id}/owners", id),
		query:    q,
		variant:  realtimeIf(p.Realtime),
		cache:    true,
	}, &out, opts)
	if err != nil {
		return nil, err
	}
	return &out, nil
}

// UnmarshalJSON decodes a CompanyOwners object; absent or null arrays
// become empty ones.
func (o *Owners) UnmarshalJSON(b []byte) error {
	*o = Owners{}
	return decodeWhole(b, o, ownersField, (*Owners).normalize)
}

func (o *Owners) missingIdentity() string {
	if o.CompanyID == "" {
		return "company_id"
	}
	return ""
}
