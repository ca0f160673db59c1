package fake

import (
	"fmt"
	"slices"
	"strings"
	"sync"

	registerdata "github.com/registerdata/registerdata-go"
	"github.com/registerdata/registerdata-go/enums"
)

// curatedRegister is the curated register built, completed and
// validated once: its companies, which every server of the process shares
// (stored companies are never modified in place: a change stores a new
// copy, so a server's changes stay its own), and the natural persons of
// its representations, which the person proceedings are made of (see
// personCases), so that no server decodes a second copy to find them.
type curatedRegister struct {
	companies []registerdata.Company // shared: never modify them
	persons   []curatedPerson        // sorted by id
}

// curatedPerson is a natural person of the curated representations.
type curatedPerson struct {
	id, name string
	city     *string // as the record has it; copy it before handing it out
}

// curated builds the curated register once: from curatedLiteral, the Go
// form of data/companies.json that the package's tests generate and check
// (strict decoding, completion, validation), so a start decodes no JSON;
// it validates each company again, which is cheap.
var curated = sync.OnceValues(func() (curatedRegister, error) {
	cs := curatedLiteral()
	for i := range cs {
		if err := validateCompany(&cs[i]); err != nil {
			return curatedRegister{}, fmt.Errorf("fake: the curated register (curated_data.go, from data/companies.json): company %q is not valid: %w", cs[i].ID, err)
		}
	}
	return curatedRegister{companies: cs, persons: naturalPersons(cs)}, nil
})

// naturalPersons lists the natural persons of the representations of
// cs, by id (the last entry of a person wins), sorted by id.
func naturalPersons(cs []registerdata.Company) []curatedPerson {
	seen := map[string]curatedPerson{}
	for _, c := range cs {
		for _, r := range c.Representation {
			if r.Type != enums.RepresentativeTypeNaturalPerson || r.ID == nil {
				continue
			}
			p := curatedPerson{id: *r.ID, name: r.Name}
			if r.NaturalPerson != nil {
				p.city = r.NaturalPerson.City
			}
			seen[p.id] = p
		}
	}
	out := make([]curatedPerson, 0, len(seen))
	for _, p := range seen {
		out = append(out, p)
	}
	slices.SortFunc(out, func(a, b curatedPerson) int { return strings.Compare(a.id, b.id) })
	return out
}

// sharedCurated returns the curated register, completed and validated,
// for a server's store: a new slice whose companies share their fields
// with every other server's. Neither the caller nor the store may modify
// them in place; replacing one in the slice is fine.
func sharedCurated() ([]registerdata.Company, error) {
	r, err := curated()
	if err != nil {
		return nil, err
	}
	return slices.Clone(r.companies), nil
}

// curatedCompanies returns a deep copy of the curated register,
// completed and validated, which the caller may modify.
func curatedCompanies() ([]registerdata.Company, error) {
	r, err := curated()
	if err != nil {
		return nil, err
	}
	cs := make([]registerdata.Company, len(r.companies))
	for i := range r.companies {
		if cs[i], err = cloneCompany(r.companies[i]); err != nil {
			return nil, err
		}
	}
	return cs, nil
}
