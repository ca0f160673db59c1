package searchengine

import (
	"strings"

	registerdata "github.com/registerdata/registerdata-go"
	"github.com/registerdata/registerdata-go/enums"
	"github.com/registerdata/registerdata-go/filters"
)

// personFacts is what a person's filter fields are computed from: every
// appearance of one UUID across the register.
type personFacts struct {
	id      string
	name    string // from the entry that comes first; see personAcc
	first   string
	last    string
	city    string
	dob     *registerdata.Date
	roles   []string
	company int // distinct companies, past and present
	manages int // distinct companies with a current DIRECTOR role
	active  bool
	oneValue
}

// personIDOf returns the UUID of a natural-person representative, or "".
func personIDOf(r *registerdata.Representative) string {
	if r.Type != enums.RepresentativeTypeNaturalPerson || r.ID == nil {
		return ""
	}
	return strings.TrimSpace(*r.ID)
}

// splitName returns first and last name from the natural_person record,
// else from the name (the last word is the last name).
func splitName(r *registerdata.Representative) (first, last string) {
	if np := r.NaturalPerson; np != nil && np.LastName != nil {
		if np.FirstName != nil {
			first = *np.FirstName
		}
		return first, *np.LastName
	}
	ws := strings.Fields(r.Name)
	if len(ws) == 0 {
		return "", ""
	}
	return strings.Join(ws[:len(ws)-1], " "), ws[len(ws)-1]
}

// personFields computes every person filter field. A test checks that it
// covers every person field of filters.Fields.
var personFields = map[filters.Field]extractor[personFacts]{
	filters.City: texts(func(f *personFacts) []string { return f.lower(f.city) }),
	filters.DateOfBirth: numbers(func(f *personFacts) []float64 {
		if f.dob == nil {
			return nil
		}
		return f.date(*f.dob)
	}),
	filters.Active:              texts(func(f *personFacts) []string { return boolean(f.active) }),
	filters.Name:                texts(func(f *personFacts) []string { return f.lower(f.name) }),
	filters.Roles:               texts(func(f *personFacts) []string { return f.roles }),
	filters.CompanyCount:        numbers(func(f *personFacts) []float64 { return f.single(float64(f.company)) }),
	filters.ManagementPositions: numbers(func(f *personFacts) []float64 { return f.single(float64(f.manages)) }),
}

// personRow indexes a person.
func personRow(t *table[registerdata.PersonSearchResult], f *personFacts) row {
	key := f.tc.lowerKey(f.last) + "\x00" + f.tc.lowerKey(f.first) + "\x00" + f.id
	r := buildRow(t, key, f, personFields)
	r.tokens = lowerTokens(r.tokens, f.tc.lowerKey(f.name))
	return r
}

// personResult is the search result of a person.
func personResult(f *personFacts) registerdata.PersonSearchResult {
	res := registerdata.PersonSearchResult{ID: f.id, Name: f.name, DateOfBirth: f.dob, Active: f.active}
	if f.city != "" {
		city := f.city
		res.City = &city
	}
	return res
}
