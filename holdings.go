package registerdata

import (
	"context"
	"net/http"

	"github.com/registerdata/registerdata-go/enums"
)

// Holdings is the answer of GET /v1/company/{id}/holdings (CompanyID set)
// and of GET /v1/person/{id}/holdings (PersonID set): the companies in
// which the company or person holds a stake.
//
// After decoding, Holdings is never nil.
type Holdings struct {
	// CompanyID is the company whose holdings are listed ("" for a person's).
	CompanyID string `json:"company_id,omitempty"`
	// PersonID is the UUID of the person whose holdings are listed ("" for
	// a company's).
	PersonID string `json:"person_id,omitempty"`
	// Holdings are the stakes: shareholder, stockholder and partner
	// positions.
	Holdings []Holding `json:"holdings"`

	identity string // the key the answer must carry: company_id or person_id
}

// Holding is one stake in a company.
type Holding struct {
	// CompanyID is the held company.
	CompanyID string `json:"company_id"`
	// Name is the held company's name.
	Name string `json:"name"`
	// RelationType is how the stake is held.
	RelationType enums.RelationType `json:"relation_type"`
	// NominalShare is the amount of shares or capital held (currency not
	// shown by the specification; the fake uses euros, as owners do).
	NominalShare float64 `json:"nominal_share"`
	// PercentageShare is the stake on a FRACTION scale, as the
	// specification documents it: 0.5 means 50 %. (Owner.PercentageShare
	// describes the same stake on a percent scale.) Nil when not known.
	// SharePercent converts it to the percent scale of the other stakes.
	PercentageShare *float64 `json:"percentage_share"`
	// Start is when the holding began; nil when not known.
	Start *Date `json:"start"`
	// End is when the holding ended; nil while it lasts.
	End *Date `json:"end"`
}

// GetCompanyHoldings fetches the stakes a company holds in other
// companies. It is billed at its route's price (see Prices).
func (c *Client) GetCompanyHoldings(ctx context.Context, id string, opts ...CallOption) (*Holdings, error) {
	if err := checkCompanyID(id); err != nil {
		return nil, err
	}
	out := Holdings{identity: "company_id"}
	err := c.do(ctx, request{
		method:   http.MethodGet,
		endpoint: pathOf("/v1/company/{company_id}/holdings", id),
	}, &out, opts)
	if err != nil {
		return nil, err
	}
	return &out, nil
}

// GetPersonHoldings fetches the stakes a natural person holds, by the
// person's UUID (as in Representative.ID, Owner.ID and person search
// results); any other id is refused before sending. It is billed at
// its route's price (see Prices).
func (c *Client) GetPersonHoldings(ctx context.Context, personID string, opts ...CallOption) (*Holdings, error) {
	if err := checkPersonID(personID); err != nil {
		return nil, err
	}
	out := Holdings{identity: "person_id"}
	err := c.do(ctx, request{
		method:   http.MethodGet,
		endpoint: pathOf("/v1/person/{person_id}/holdings", personID),
	}, &out, opts)
	if err != nil {
		return nil, err
	}
	return &out, nil
}

// UnmarshalJSON decodes a Holdings or PersonHoldings object; an absent or
// null list becomes an empty one.
func (h *Holdings) UnmarshalJSON(b []byte) error {
	*h = Holdings{identity: h.identity}
	return decodeWhole(b, h, holdingsField, func(h *Holdings) { nonNil(&h.Holdings) })
}

func (h *Holdings) missingIdentity() string {
	switch {
	case h.identity == "person_id" && h.PersonID == "":
		return "person_id"
	case h.identity == "company_id" && h.CompanyID == "":
		return "company_id"
	case h.CompanyID == "" && h.PersonID == "":
		return "company_id"
	}
	return ""
}
