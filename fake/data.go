package fake

import (
	"bytes"
	_ "embed"
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"sync"

	registerdata "github.com/registerdata/registerdata-go"
	"github.com/registerdata/registerdata-go/enums"
	"github.com/registerdata/registerdata-go/internal/jsonread"
)

// companiesJSON is the curated register: fictional companies with
// realistic German names, places, courts and industry codes, chosen so
// that together they use every field and every enum value of the
// specification. See data/README.md for what each company shows.
//
//go:embed data/companies.json
var companiesJSON []byte

// curatedRegister is the curated register decoded, completed and
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

// curated decodes companiesJSON once.
var curated = sync.OnceValues(func() (curatedRegister, error) {
	cs, err := decodeEmbeddedCurated(companiesJSON)
	if err != nil {
		return curatedRegister{}, err
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

// decodeEmbeddedCurated decodes the embedded curated register b with the
// SDK's decoder, which is several times faster than a strict decoding
// (decodeCurated) but skips a field it does not know; then it completes
// and validates each company, as decodeCurated does. The package's tests
// check that both decode the embedded file alike, so a typo in it fails
// them rather than a start.
func decodeEmbeddedCurated(b []byte) ([]registerdata.Company, error) {
	r := jsonread.New(b)
	var cs []registerdata.Company
	err := r.Array(func() error {
		raw, err := r.RawValue()
		if err != nil {
			return err
		}
		cs = append(cs, registerdata.Company{})
		return cs[len(cs)-1].UnmarshalJSON(raw)
	})
	if err == nil {
		err = r.End()
	}
	if err != nil {
		return nil, fmt.Errorf("fake: the curated register data/companies.json is broken: %w", err)
	}
	for i := range cs {
		if err := prepare(&cs[i]); err != nil {
			return nil, fmt.Errorf("fake: the curated register data/companies.json: %w", err)
		}
	}
	return cs, nil
}

// decodeCurated decodes a JSON array of companies strictly (an unknown
// field, such as a typo, fails), then completes and validates each.
func decodeCurated(b []byte) ([]registerdata.Company, error) {
	var raw []strictCompany
	dec := json.NewDecoder(bytes.NewReader(b))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&raw); err != nil {
		return nil, fmt.Errorf("fake: the curated register data/companies.json is broken: %w", err)
	}
	if err := noTrailingData(dec, b); err != nil {
		return nil, fmt.Errorf("fake: the curated register data/companies.json is broken: %w", err)
	}
	cs := make([]registerdata.Company, len(raw))
	for i := range raw {
		cs[i] = registerdata.Company(raw[i])
		if err := prepare(&cs[i]); err != nil {
			return nil, fmt.Errorf("fake: the curated register data/companies.json: %w", err)
		}
	}
	return cs, nil
}
