package searchengine

import (
	"slices"

	registerdata "github.com/registerdata/registerdata-go"
	"github.com/registerdata/registerdata-go/enums"
)

// personAcc folds the entries of one person across the register into
// their facts, one entry at a time in any order, with the result
// derivePerson's order defines: entries ordered by latest start date,
// then lowest company id. Name comes from the first entry in that order;
// city and birth date from the first that has one.
type personAcc struct {
	id        string
	count     int
	name      string // the name of the first entry
	first     string // its first and last name
	last      string
	mainAt    entryKey
	city      string
	cityAt    entryKey
	dob       registerdata.Date
	dobAt     entryKey
	hasDob    bool
	roles     []string
	companies []uint32 // documents, distinct, past and present
	manages   []uint32 // documents, distinct, with a current DIRECTOR role
	// Room for the lists of most persons, without an allocation each.
	roleRoom    [2]string
	companyRoom [2]uint32
	manageRoom  [1]uint32
	active      bool
}

// entryKey places an entry in the order: later start first, then lower
// company id.
type entryKey struct {
	start registerdata.Date
	cid   string
}

// before reports whether k comes strictly before o.
func (k entryKey) before(o entryKey) bool {
	if c := k.start.Compare(o.start); c != 0 {
		return c > 0
	}
	return k.cid < o.cid
}

// add folds the entry r of company cid (document d), as of today.
func (a *personAcc) add(d uint32, cid string, r *registerdata.Representative, today registerdata.Date) {
	k := entryKey{r.StartDate, cid}
	if a.count == 0 || k.before(a.mainAt) {
		// Keep no pointer into the record: a bulk load holds every
		// person's facts at once, and should not hold the records too.
		a.name = r.Name
		a.first, a.last = splitName(r)
		a.mainAt = k
	}
	a.count++
	if np := r.NaturalPerson; np != nil {
		if np.City != nil && *np.City != "" && (a.city == "" || k.before(a.cityAt)) {
			a.city, a.cityAt = *np.City, k
		}
		if np.DateOfBirth != nil && np.DateOfBirth.Valid() && (!a.hasDob || k.before(a.dobAt)) {
			a.dob, a.dobAt, a.hasDob = *np.DateOfBirth, k, true
		}
	}
	if a.companies == nil {
		a.roles, a.companies, a.manages = a.roleRoom[:0], a.companyRoom[:0], a.manageRoom[:0]
	}
	a.companies = addDistinct(a.companies, d)
	a.roles = addDistinct(a.roles, string(r.Role))
	if current := r.EndDate == nil || r.EndDate.After(today); current {
		a.active = true
		if r.Role == enums.RoleDirector {
			a.manages = addDistinct(a.manages, d)
		}
	}
}

func addDistinct[T comparable](s []T, v T) []T {
	if slices.Contains(s, v) {
		return s
	}
	return append(s, v)
}

// facts returns the person's facts; a holds at least one entry.
func (a *personAcc) facts(id string) personFacts {
	slices.Sort(a.roles)
	f := personFacts{
		id: id, name: a.name, city: a.city, roles: a.roles,
		company: len(a.companies), manages: len(a.manages), active: a.active,
	}
	if a.hasDob {
		dob := a.dob
		f.dob = &dob
	}
	f.first, f.last = a.first, a.last
	return f
}
