package searchengine

import (
	"strings"

	registerdata "github.com/registerdata/registerdata-go"
	"github.com/registerdata/registerdata-go/enums"
)

// registeredOwners returns c's owners from the owner register set with
// SetOwnerRegister, when it holds them.
func (e *Engine) registeredOwners(c *registerdata.Company) ([]registerdata.Owner, bool) {
	if e.ownerList == nil {
		return nil, false
	}
	return e.ownerList(c)
}

// ownersFromList summarises the owners of c as the owner register lists
// them: every entry is one owner; natural persons give the ages and last
// names; an owner represents the company when a current representative
// with the same id (else the same name) holds a director, personally
// liable director, Prokura or liquidator role.
func ownersFromList(c *registerdata.Company, list []registerdata.Owner, today registerdata.Date) owners {
	representing := map[string]bool{}
	for _, r := range c.CurrentRepresentatives(today) {
		if representsCompany(r.Role) {
			representing[ownerKey(&r)] = true
			representing["name:"+strings.ToLower(r.Name)] = true
		}
	}
	o := owners{count: len(list), youngestAge: -1}
	lastNames := map[string]bool{}
	for i := range list {
		w := &list[i]
		if (w.ID != nil && representing[*w.ID]) || representing["name:"+strings.ToLower(w.Name)] {
			o.represents = true
		}
		np := w.NaturalPerson
		if w.Type != enums.RepresentativeTypeNaturalPerson || np == nil {
			continue
		}
		if ln := strings.ToLower(np.LastName); ln != "" {
			o.sharedLastName = o.sharedLastName || lastNames[ln]
			lastNames[ln] = true
		}
		if np.DateOfBirth != nil && np.DateOfBirth.Valid() {
			if age := ageOn(*np.DateOfBirth, today); o.youngestAge < 0 || age < o.youngestAge {
				o.youngestAge = age
			}
		}
	}
	return o
}
