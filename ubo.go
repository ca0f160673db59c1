package registerdata

import (
	"context"
	"net/http"
)

// BeneficialOwners is the answer of GET /v1/company/{id}/ubo: the
// ultimate beneficial owners of a company (CompanyUbos).
//
// After decoding, Owners is never nil.
type BeneficialOwners struct {
	// CompanyID is the company whose beneficial owners are listed.
	CompanyID string `json:"company_id"`
	// Owners are the ultimate ("end") owners; the wire key is "ubos".
	Owners []BeneficialOwner `json:"ubos"`
}

// BeneficialOwner is one ultimate beneficial owner (Ubo).
type BeneficialOwner struct {
	// ID is a UUID for a natural person, a company identifier for a
	// company; nil when not known.
	ID *string `json:"id"`
	// Name is the owner's name.
	Name string `json:"name"`
	// PercentageShare is the effective share on a PERCENT scale (5.36 means
	// 5.36 %). Nil when the stake is held as, or through, a personally
	// liable director or a limited partner (see MaxPercentageShare), and for
	// fictitious beneficial owners (managing directors named because nobody
	// holds more than 25 %). SharePercent reads it on the scale all
	// stakes share.
	PercentageShare *float64 `json:"percentage_share"`
	// MaxPercentageShare is the upper bound of the share, PERCENT scale,
	// given for stakes held as or through a limited partner, where only the
	// maximum follows from the partner's deposit. Nil when an exact share
	// exists or the stake is held as or through a personally liable
	// director.
	MaxPercentageShare *float64 `json:"max_percentage_share"`
	// LegalPerson holds the details of a legal-person owner, else nil.
	LegalPerson *OwnerLegalPerson `json:"legal_person"`
	// NaturalPerson holds the details of a natural-person owner, else nil.
	NaturalPerson *OwnerNaturalPerson `json:"natural_person"`
}

// GetBeneficialOwners fetches the ultimate beneficial owners of a
// company. It is billed at its route's price (see Prices).
//
// With WithCache, an answer found in the cache costs nothing and sends
// nothing (the cache key is the path).
func (c *Client) GetBeneficialOwners(ctx context.Context, id string, opts ...CallOption) (*BeneficialOwners, error) {
	if err := checkCompanyID(id); err != nil {
		return nil, err
	}
	var out BeneficialOwners
	err := c.do(ctx, request{
		method:   http.MethodGet,
		endpoint: pathOf("/v1/company/{company_id}/ubo", id),
		cache:    true,
	}, &out, opts)
	if err != nil {
		return nil, err
	}
	return &out, nil
}

// UnmarshalJSON decodes a CompanyUbos object; an absent or null list
// becomes an empty one.
func (u *BeneficialOwners) UnmarshalJSON(b []byte) error {
	*u = BeneficialOwners{}
	return decodeWhole(b, u, beneficialOwnersField, func(u *BeneficialOwners) { nonNil(&u.Owners) })
}

func (u *BeneficialOwners) missingIdentity() string {
	if u.CompanyID == "" {
		return "company_id"
	}
	return ""
}
