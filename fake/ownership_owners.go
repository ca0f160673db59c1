package fake

import (
	"errors"
	"fmt"
	"math"
	"strings"

	registerdata "github.com/registerdata/registerdata-go"
	"github.com/registerdata/registerdata-go/enums"
)

// derivedShareList reads the owners of company c off its current
// representation: representatives with a stake role hold equal shares of
// the registered capital (rounded to hundredths of a percent, so they
// never add up to more than 100); in a KG or KGaA the personally liable
// director is the general partner without a share and the stake holders
// are limited partners; in an AG or SE they are stockholders. The document
// is dated at the latest start among them (the incorporation when there
// are none).
func (s *Server) derivedShareList(c *registerdata.Company) shareList {
	partnership := c.LegalForm == enums.LegalFormKG || c.LegalForm == enums.LegalFormKGaA
	var stake, general []registerdata.Representative
	for _, r := range c.Representation {
		switch {
		case r.EndDate != nil:
		case isStakeRole(r):
			stake = append(stake, r)
		case partnership && r.RoleDetail.Code == enums.RoleCodePersonalLiableDirector:
			general = append(general, r)
		}
	}
	relation := enums.RelationTypeShareholder
	switch {
	case partnership:
		relation = enums.RelationTypeLimitedPartner
	case c.LegalForm == enums.LegalFormAG || c.LegalForm == enums.LegalFormSE:
		relation = enums.RelationTypeStockholder
	}
	capital := 0.0
	if c.Capital != nil {
		capital = c.Capital.Amount
	}
	date := c.IncorporatedAt
	owners := make([]registerdata.Owner, 0, len(stake)+len(general))
	for _, r := range general {
		owners = append(owners, ownerFromRepresentative(r, enums.RelationTypeGeneralPartner, nil, 0))
		date = later(date, r.StartDate)
	}
	for _, r := range stake {
		pct := math.Floor(10000/float64(len(stake))) / 100
		owners = append(owners, ownerFromRepresentative(r, relation, &pct, math.Round(capital/float64(len(stake))*100)/100))
		date = later(date, r.StartDate)
	}
	return shareList{id: documentUUID(c.ID, 0), date: date.Time(), owners: owners}
}

func later(a, b registerdata.Date) registerdata.Date {
	if b.After(a) {
		return b
	}
	return a
}

// ownerFromRepresentative is the owner a representative with a stake is.
func ownerFromRepresentative(r registerdata.Representative, rel enums.RelationType, pct *float64, nominal float64) registerdata.Owner {
	start := r.StartDate
	o := registerdata.Owner{ID: r.ID, Name: r.Name, Type: r.Type, RelationType: rel, NominalShare: nominal, PercentageShare: pct, Start: &start}
	switch {
	case r.Type == enums.RepresentativeTypeNaturalPerson:
		np := &registerdata.OwnerNaturalPerson{FullName: r.Name, Country: "DE"}
		if p := r.NaturalPerson; p != nil {
			np.FirstName, np.LastName, np.City, np.DateOfBirth = deref(p.FirstName), deref(p.LastName), deref(p.City), p.DateOfBirth
		}
		if np.FirstName == "" && np.LastName == "" {
			np.FirstName, np.LastName = splitName(r.Name)
		}
		o.NaturalPerson = np
	default:
		lp := &registerdata.OwnerLegalPerson{Name: r.Name, Country: "DE"}
		if r.LegalPerson != nil {
			lp.City = r.LegalPerson.City
			if r.LegalPerson.Country != "" {
				lp.Country = r.LegalPerson.Country
			}
		}
		o.LegalPerson = lp
	}
	return o
}

func deref(p *string) string {
	if p == nil {
		return ""
	}
	return *p
}

// splitName splits "First Last" at its last space.
func splitName(name string) (first, last string) {
	if i := strings.LastIndexByte(name, ' '); i > 0 {
		return name[:i], name[i+1:]
	}
	return "", name
}

// completeOwners checks owners for company companyID and returns a
// completed copy: natural_person and legal_person details filled in where
// missing (from a representation naming the same id, else from the name;
// a company of the register lends its city), and the detail of the other
// kind cleared.
func (s *Server) completeOwners(companyID string, owners []registerdata.Owner) ([]registerdata.Owner, error) {
	if err := checkOwnerList(companyID, owners); err != nil {
		return nil, err
	}
	out := make([]registerdata.Owner, 0, len(owners))
	for _, o := range owners {
		o = cloneOwner(o)
		s.fillOwnerDetails(&o)
		out = append(out, o)
	}
	return out, nil
}

// checkOwnerList checks one shareholder list of company companyID: each
// owner's fields, no owner listed twice or owning the company itself,
// shares adding up to at most 100 %.
func checkOwnerList(companyID string, owners []registerdata.Owner) error {
	sum := 0.0
	seen := map[string]bool{}
	for i, o := range owners {
		if err := checkOwner(o); err != nil {
			return fmt.Errorf("owner %d (%q): %w", i+1, o.Name, err)
		}
		if o.ID != nil {
			if *o.ID == companyID {
				return fmt.Errorf("owner %d (%q): a company cannot own itself", i+1, o.Name)
			}
			if seen[*o.ID] {
				return fmt.Errorf("owner %d (%q): id %s is listed twice: give one entry per owner", i+1, o.Name, *o.ID)
			}
			seen[*o.ID] = true
		}
		if o.PercentageShare != nil {
			sum += *o.PercentageShare
		}
	}
	if sum > 100+1e-9 {
		return fmt.Errorf("the percentage shares add up to %g %%, more than 100 %%", sum)
	}
	return nil
}

// checkOwner checks the fields of one owner.
func checkOwner(o registerdata.Owner) error {
	switch {
	case strings.TrimSpace(o.Name) == "":
		return errors.New("name is empty")
	case !o.Type.IsKnown():
		return fmt.Errorf("type %q is not natural_person or legal_person", o.Type)
	case !o.RelationType.IsKnown():
		return fmt.Errorf("relation_type %q is not one of %v", o.RelationType, enums.RelationType("").Values())
	case o.NominalShare < 0 || math.IsNaN(o.NominalShare) || math.IsInf(o.NominalShare, 0):
		return fmt.Errorf("nominal_share %g is not a sum of at least 0", o.NominalShare)
	case o.PercentageShare != nil && !(*o.PercentageShare >= 0 && *o.PercentageShare <= 100):
		return fmt.Errorf("percentage_share %g is not between 0 and 100 (the percent scale: 5.36 means 5.36 %%)", *o.PercentageShare)
	case o.ID != nil && *o.ID == "":
		return errors.New("id is empty: use null for an owner without an id")
	case o.ID != nil && o.Type == enums.RepresentativeTypeNaturalPerson && !registerdata.IsUUID(*o.ID):
		return fmt.Errorf("id %q of a natural person is not a UUID", *o.ID)
	case o.ID != nil && o.Type == enums.RepresentativeTypeLegalPerson:
		if _, err := registerdata.ParseCompanyID(*o.ID); err != nil {
			return fmt.Errorf("id %q of a legal person is not a company identifier: %w", *o.ID, err)
		}
	}
	if o.Start != nil && !o.Start.Valid() {
		return fmt.Errorf("start %v is not a valid date", *o.Start)
	}
	return nil
}

// cloneOwner copies o so that it shares no pointer with the caller's.
func cloneOwner(o registerdata.Owner) registerdata.Owner {
	if o.ID != nil {
		id := *o.ID
		o.ID = &id
	}
	if o.PercentageShare != nil {
		p := *o.PercentageShare
		o.PercentageShare = &p
	}
	if o.Start != nil {
		d := *o.Start
		o.Start = &d
	}
	if o.LegalPerson != nil {
		lp := *o.LegalPerson
		if lp.City != nil {
			city := *lp.City
			lp.City = &city
		}
		o.LegalPerson = &lp
	}
	if o.NaturalPerson != nil {
		np := *o.NaturalPerson
		if np.DateOfBirth != nil {
			d := *np.DateOfBirth
			np.DateOfBirth = &d
		}
		o.NaturalPerson = &np
	}
	return o
}

// fillOwnerDetails completes the details of o.
func (s *Server) fillOwnerDetails(o *registerdata.Owner) {
	if o.Type == enums.RepresentativeTypeNaturalPerson {
		o.LegalPerson = nil
		if o.NaturalPerson == nil {
			if o.ID != nil {
				if r, ok := s.representationOf(*o.ID); ok {
					o.NaturalPerson = ownerFromRepresentative(r, o.RelationType, nil, 0).NaturalPerson
				}
			}
			if o.NaturalPerson == nil {
				first, last := splitName(o.Name)
				o.NaturalPerson = &registerdata.OwnerNaturalPerson{FirstName: first, LastName: last, Country: "DE"}
			}
		}
		if o.NaturalPerson.FullName == "" {
			o.NaturalPerson.FullName = o.Name
		}
		if o.NaturalPerson.Country == "" {
			o.NaturalPerson.Country = "DE"
		}
		return
	}
	o.NaturalPerson = nil
	if o.LegalPerson == nil {
		o.LegalPerson = &registerdata.OwnerLegalPerson{Name: o.Name, Country: "DE"}
		if o.ID != nil {
			if c, ok := s.store.get(*o.ID); ok && c.Address.City != "" {
				city := c.Address.City
				o.LegalPerson.City = &city
			}
		}
	}
	if o.LegalPerson.Name == "" {
		o.LegalPerson.Name = o.Name
	}
	if o.LegalPerson.Country == "" {
		o.LegalPerson.Country = "DE"
	}
}

// representationOf returns the most recent representation of the natural
// person id in the register (the one with the latest start).
func (s *Server) representationOf(id string) (registerdata.Representative, bool) {
	var best registerdata.Representative
	found := false
	for _, c := range s.companiesNaming(id) {
		for _, r := range c.Representation {
			if r.ID != nil && *r.ID == id && r.Type == enums.RepresentativeTypeNaturalPerson && (!found || r.StartDate.After(best.StartDate)) {
				best, found = r, true
			}
		}
	}
	return best, found
}
