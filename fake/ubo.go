package fake

import (
	"fmt"
	"math"
	"sort"

	registerdata "github.com/registerdata/registerdata-go"
	"github.com/registerdata/registerdata-go/enums"
)

// UBOThreshold is the share, in percent, a natural person's effective
// share must exceed to be a beneficial owner (German Money Laundering Act,
// GwG section 3: more than 25 %).
const UBOThreshold = 25.0

// maxUBOSteps bounds the owner entries beneficialOwners follows: the
// chains of a densely cross-linked graph grow exponentially with depth.
const maxUBOSteps = 1_000_000

// beneficialOwners computes the ultimate beneficial owners of company
// companyID from the ownership register, by the GwG rule:
//
//   - A chain is a path from the company through owners that are
//     companies of the register to a natural person, never passing a
//     company twice (cross-holdings would otherwise loop). Its share is
//     the product of the percentages along it; a null percentage (a general
//     partner's) makes the chain add nothing, and chains ending in an
//     owner outside the register (a foreign company, a public body, a
//     foundation) end without a person.
//   - A person's effective share is the sum over that person's chains. A
//     person whose effective share exceeds UBOThreshold is a beneficial
//     owner: with PercentageShare set, or, when any of the chains runs
//     through a limited partner, with MaxPercentageShare set instead (only
//     the maximum follows from a partner's deposit).
//   - Where nobody qualifies, the company's current managing natural
//     persons (directors, managing partners, personally liable directors,
//     liquidators) are named as fictitious beneficial owners with both
//     shares null.
//
// Owners of an AG or SE count whether or not they are served without
// best_available. The result is sorted by share, largest first, then by
// name. It fails with an error wrapping ErrUnknownCompany for an unknown
// company. Features that need the beneficial owners (Transparenzregister
// extracts) call this.
func (s *Server) beneficialOwners(companyID string) ([]registerdata.BeneficialOwner, error) {
	c, ok := s.store.get(companyID)
	if !ok {
		return nil, fmt.Errorf("%w %q", ErrUnknownCompany, companyID)
	}
	type stake struct {
		share     float64 // percent
		viaLP     bool
		owner     registerdata.Owner
		firstSeen int
	}
	stakes := map[string]*stake{}
	onPath := map[string]bool{companyID: true}
	steps := 0
	var walk func(c *registerdata.Company, factor float64, viaLP bool) error
	walk = func(c *registerdata.Company, factor float64, viaLP bool) error {
		owners, err := s.currentOwners(c)
		if err != nil {
			return err
		}
		for _, o := range owners {
			if steps++; steps > maxUBOSteps {
				return fmt.Errorf("fake: the ownership graph above %s has more than %d chains: the fake does not compute beneficial owners that far", companyID, maxUBOSteps)
			}
			if o.PercentageShare == nil {
				continue
			}
			share := factor * *o.PercentageShare / 100
			lp := viaLP || o.RelationType == enums.RelationTypeLimitedPartner
			if o.Type == enums.RepresentativeTypeNaturalPerson {
				key := o.Name
				if o.ID != nil {
					key = *o.ID
				}
				st := stakes[key]
				if st == nil {
					st = &stake{owner: o, firstSeen: len(stakes)}
					stakes[key] = st
				}
				st.share += share * 100
				st.viaLP = st.viaLP || lp
				continue
			}
			if o.ID == nil || onPath[*o.ID] {
				continue
			}
			next, ok := s.store.get(*o.ID)
			if !ok {
				continue
			}
			onPath[*o.ID] = true
			err := walk(next, share, lp)
			delete(onPath, *o.ID)
			if err != nil {
				return err
			}
		}
		return nil
	}
	if err := walk(c, 1, false); err != nil {
		return nil, err
	}
	var qualified []*stake
	for _, st := range stakes {
		if st.share > UBOThreshold+1e-9 {
			qualified = append(qualified, st)
		}
	}
	sort.Slice(qualified, func(i, j int) bool {
		a, b := qualified[i], qualified[j]
		if a.share != b.share {
			return a.share > b.share
		}
		return a.owner.Name < b.owner.Name
	})
	out := make([]registerdata.BeneficialOwner, 0, len(qualified))
	for _, st := range qualified {
		share := math.Round(st.share*1e6) / 1e6
		u := beneficialOwnerFrom(st.owner)
		if st.viaLP {
			u.MaxPercentageShare = &share
		} else {
			u.PercentageShare = &share
		}
		out = append(out, u)
	}
	if len(out) == 0 {
		out = s.fictitiousBeneficialOwners(c)
	}
	return out, nil
}

// beneficialOwnerFrom copies the identity of an owner into a beneficial
// owner without shares.
func beneficialOwnerFrom(o registerdata.Owner) registerdata.BeneficialOwner {
	o = cloneOwner(o)
	return registerdata.BeneficialOwner{ID: o.ID, Name: o.Name, LegalPerson: o.LegalPerson, NaturalPerson: o.NaturalPerson}
}

// fictitiousBeneficialOwners are the current managing natural persons of
// c, each once, in the order of the representation.
func (s *Server) fictitiousBeneficialOwners(c *registerdata.Company) []registerdata.BeneficialOwner {
	out := []registerdata.BeneficialOwner{}
	seen := map[string]bool{}
	for _, r := range c.Representation {
		if r.EndDate != nil || r.Type != enums.RepresentativeTypeNaturalPerson || !managesCompany(r) {
			continue
		}
		key := r.Name
		if r.ID != nil {
			key = *r.ID
		}
		if seen[key] {
			continue
		}
		seen[key] = true
		out = append(out, beneficialOwnerFrom(ownerFromRepresentative(r, "", nil, 0)))
	}
	return out
}

// managesCompany reports whether r's role is a managing one (the legal
// representatives the GwG names when nobody owns enough).
func managesCompany(r registerdata.Representative) bool {
	role := r.Role
	if !role.IsKnown() {
		role = r.RoleDetail.Code.Normalize().Role()
	}
	switch role {
	case enums.RoleDirector, enums.RolePersonalLiableDirector, enums.RolePartner, enums.RoleLiquidator:
		return true
	}
	return false
}
