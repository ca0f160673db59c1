package searchengine

import (
	"cmp"
	"slices"
	"strings"

	registerdata "github.com/registerdata/registerdata-go"
	"github.com/registerdata/registerdata-go/enums"
	"github.com/registerdata/registerdata-go/filters"
)

// appearance is one entry of a person in a company's representation.
type appearance struct {
	companyID string
	rep       registerdata.Representative
}

// personFacts is what a person's filter fields are computed from: every
// appearance of one UUID across the register.
type personFacts struct {
	id      string
	main    *registerdata.Representative // the entry that gives name, city and birth date
	first   string
	last    string
	city    string
	dob     *registerdata.Date
	roles   []string
	company int // distinct companies, past and present
	manages int // distinct companies with a current DIRECTOR role
	active  bool
}

// personIDOf returns the UUID of a natural-person representative, or "".
func personIDOf(r *registerdata.Representative) string {
	if r.Type != enums.RepresentativeTypeNaturalPerson || r.ID == nil {
		return ""
	}
	return strings.TrimSpace(*r.ID)
}

// derivePerson combines the appearances of one person (at least one).
// Name, city and date of birth come from the most recent entry (latest
// start date, then lowest company id); a city or birth date missing
// there is taken from the next entry in that order that has one.
func derivePerson(id string, apps []appearance, today registerdata.Date) personFacts {
	slices.SortFunc(apps, func(a, b appearance) int {
		return cmp.Or(b.rep.StartDate.Compare(a.rep.StartDate), strings.Compare(a.companyID, b.companyID))
	})
	f := personFacts{id: id, main: &apps[0].rep}
	companies, manages, roles := map[string]bool{}, map[string]bool{}, map[string]bool{}
	for i := range apps {
		r := &apps[i].rep
		if np := r.NaturalPerson; np != nil {
			if f.city == "" && np.City != nil {
				f.city = *np.City
			}
			if f.dob == nil && np.DateOfBirth != nil && np.DateOfBirth.Valid() {
				dob := *np.DateOfBirth
				f.dob = &dob
			}
		}
		companies[apps[i].companyID] = true
		roles[string(r.Role)] = true
		if current := r.EndDate == nil || r.EndDate.After(today); current {
			f.active = true
			if r.Role == enums.RoleDirector {
				manages[apps[i].companyID] = true
			}
		}
	}
	f.company, f.manages = len(companies), len(manages)
	for r := range roles {
		f.roles = append(f.roles, r)
	}
	slices.Sort(f.roles)
	f.first, f.last = splitName(f.main)
	return f
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
	filters.City: texts(func(f *personFacts) []string { return lower(f.city) }),
	filters.DateOfBirth: numbers(func(f *personFacts) []float64 {
		if f.dob == nil {
			return nil
		}
		return date(*f.dob)
	}),
	filters.Active:              texts(func(f *personFacts) []string { return boolean(f.active) }),
	filters.Name:                texts(func(f *personFacts) []string { return lower(f.main.Name) }),
	filters.Roles:               texts(func(f *personFacts) []string { return f.roles }),
	filters.CompanyCount:        numbers(func(f *personFacts) []float64 { return []float64{float64(f.company)} }),
	filters.ManagementPositions: numbers(func(f *personFacts) []float64 { return []float64{float64(f.manages)} }),
}

// personRow indexes a person.
func personRow(t *table[registerdata.PersonSearchResult], f *personFacts) row {
	key := strings.ToLower(f.last) + "\x00" + strings.ToLower(f.first) + "\x00" + f.id
	r := buildRow(t, key, f, personFields)
	r.tokens = tokens(f.main.Name)
	return r
}

// personResult is the search result of a person.
func personResult(f *personFacts) registerdata.PersonSearchResult {
	res := registerdata.PersonSearchResult{ID: f.id, Name: f.main.Name, DateOfBirth: f.dob, Active: f.active}
	if f.city != "" {
		city := f.city
		res.City = &city
	}
	return res
}
