package searchengine

import (
	"slices"
	"strings"
	"time"

	registerdata "github.com/registerdata/registerdata-go"
	"github.com/registerdata/registerdata-go/enums"
)

// personAcc folds the entries of one person across the register into
// their facts, one entry at a time in any order, with the result
// derivePerson's order defines: entries ordered by latest start date,
// then lowest company id. Name comes from the first entry in that order;
// city and birth date from the first that has one.
//
// A bulk load holds one accumulator per person of the register at once,
// so they are kept small: the entry keys' fields side by side (no
// padding), dates packed in 32 bits, the roles of the specification as
// bits, a company's DIRECTOR mark in its list's high bit, and no name
// when it is the first and last name joined by a space.
type personAcc struct {
	name  string // the name of the first entry, "" when joined
	first string // its first and last name
	last  string
	city  string
	// The roles: those of the specification as bits of roles (see
	// knownRoles), any other in more, which is nil until one comes.
	more *[]string
	// companies: documents, distinct, past and present, with
	// managesBit set on those with a current DIRECTOR role.
	companies                      []uint32
	mainStart, cityStart, dobStart int32 // the entry keys of the name, city and birth date
	dob                            int32 // packed (see dateKey); valid when hasDob
	mainD, cityD, dobD             uint32
	// Room for the list of most persons, without an allocation each.
	companyRoom [2]uint32
	count       int32
	roles       uint8
	hasDob      bool
	active      bool
	joined      bool // the name is first + " " + last
}

// knownRoles are the roles of the specification, sorted: bit i of
// personAcc.roles is knownRoles[i].
var knownRoles = func() []string {
	var out []string
	for _, r := range enums.Role("").Values() {
		out = append(out, string(r))
	}
	slices.Sort(out)
	return out
}()

// roleLists holds, for each set of known roles as bits, its sorted
// list: the roles of most persons, shared.
var roleLists = func() [][]string {
	out := make([][]string, 1<<len(knownRoles))
	for set := range out {
		for i, r := range knownRoles {
			if set&(1<<i) != 0 {
				out[set] = append(out[set], r)
			}
		}
	}
	return out
}()

// addRole adds the role r to the accumulator's roles.
func (a *personAcc) addRole(r string) {
	if i, ok := slices.BinarySearch(knownRoles, r); ok {
		a.roles |= 1 << i
		return
	}
	if a.more == nil {
		a.more = new([]string)
	}
	*a.more = addDistinct(*a.more, r)
}

// roleList returns the accumulator's roles, sorted; the result is shared
// when they are all known.
func (a *personAcc) roleList() []string {
	known := roleLists[a.roles]
	if a.more == nil {
		return known
	}
	out := append(slices.Clone(known), *a.more...)
	slices.Sort(out)
	return out
}

// managesBit marks, in personAcc.companies, a company where the person
// holds a current DIRECTOR role. Document numbers stay below it.
const managesBit = 1 << 31

// entryKey places an entry in the order: later start first, then lower
// company id. The start date is packed (dateKey) and the company is its
// document, whose id the caller looks up: a bulk load holds one
// accumulator per person of the register, so they are kept small.
type entryKey struct {
	start int32
	d     uint32
}

// dateKey packs d into an integer ordered as Date.Compare orders dates:
// the year in 22 bits, the month in 4, the day in 5. Every valid date of
// the years -2,097,152 to 2,097,151 packs exactly (unpackDate undoes
// it), and so does the zero Date; a field out of that range is clamped,
// which keeps the order of all others.
func dateKey(d registerdata.Date) int32 {
	return int32(min(max(d.Year, -1<<21), 1<<21-1))<<9 | int32(min(max(int(d.Month), 0), 15))<<5 | int32(min(max(d.Day, 0), 31))
}

// unpackDate returns the date dateKey packed into k.
func unpackDate(k int32) registerdata.Date {
	return registerdata.Date{Year: int(k >> 9), Month: time.Month(k >> 5 & 15), Day: int(k & 31)}
}

// before reports whether k comes strictly before o; ids gives each
// company document's id.
func (k entryKey) before(o entryKey, ids []string) bool {
	if k.start != o.start {
		return k.start > o.start
	}
	return ids[k.d] < ids[o.d]
}

// add folds the entry r of company document d, as of today; ids gives
// each company document's id, d's included.
func (a *personAcc) add(d uint32, ids []string, r *registerdata.Representative, today registerdata.Date) {
	k := entryKey{dateKey(r.StartDate), d}
	if a.count == 0 || k.before(entryKey{a.mainStart, a.mainD}, ids) {
		// Keep no pointer into the record: a bulk load holds every
		// person's facts at once, and should not hold the records too.
		a.first, a.last = splitName(r)
		a.name, a.joined = r.Name, isJoined(r.Name, a.first, a.last)
		if a.joined {
			a.name = ""
		}
		a.mainStart, a.mainD = k.start, d
	}
	a.count++
	if np := r.NaturalPerson; np != nil {
		if np.City != nil && *np.City != "" && (a.city == "" || k.before(entryKey{a.cityStart, a.cityD}, ids)) {
			a.city, a.cityStart, a.cityD = *np.City, k.start, d
		}
		if np.DateOfBirth != nil && np.DateOfBirth.Valid() && (!a.hasDob || k.before(entryKey{a.dobStart, a.dobD}, ids)) {
			a.dob, a.dobStart, a.dobD, a.hasDob = dateKey(*np.DateOfBirth), k.start, d, true
		}
	}
	if a.companies == nil {
		a.companies = a.companyRoom[:0]
	}
	i := slices.IndexFunc(a.companies, func(c uint32) bool { return c&^managesBit == d })
	if i < 0 {
		i, a.companies = len(a.companies), append(a.companies, d)
	}
	a.addRole(string(r.Role))
	if current := r.EndDate == nil || r.EndDate.After(today); current {
		a.active = true
		if r.Role == enums.RoleDirector {
			a.companies[i] |= managesBit
		}
	}
}

// isJoined reports whether name is first + " " + last.
func isJoined(name, first, last string) bool {
	return len(name) == len(first)+1+len(last) && strings.HasPrefix(name, first) &&
		name[len(first)] == ' ' && strings.HasSuffix(name, last)
}

func addDistinct[T comparable](s []T, v T) []T {
	if slices.Contains(s, v) {
		return s
	}
	return append(s, v)
}

// companyDocs returns the documents of the person's companies, the
// DIRECTOR marks taken out of a's list: call it after facts.
func (a *personAcc) companyDocs() []uint32 {
	for k, c := range a.companies {
		a.companies[k] = c &^ managesBit
	}
	return a.companies
}

// facts returns the person's facts; a holds at least one entry.
func (a *personAcc) facts(id string) personFacts {
	manages := 0
	for _, c := range a.companies {
		if c&managesBit != 0 {
			manages++
		}
	}
	name := a.name
	if a.joined {
		name = a.first + " " + a.last
	}
	f := personFacts{
		id: id, name: name, city: a.city, roles: a.roleList(),
		company: len(a.companies), manages: manages, active: a.active,
	}
	if a.hasDob {
		dob := unpackDate(a.dob)
		f.dob = &dob
	}
	f.first, f.last = a.first, a.last
	return f
}

// personAccs holds the accumulators of a bulk load, one per person
// document in the order they are numbered, in slabs of accSlab: no
// pointer and no allocation for each, and a slab is dropped once its
// persons are indexed.
type personAccs struct {
	slabs [][]personAcc
	n     int
}

// accSlab is the number of accumulators of a slab.
const accSlab = 1024

func (p *personAccs) len() int { return p.n }

// push adds the accumulator of the next person document.
func (p *personAccs) push() {
	if p.n%accSlab == 0 {
		p.slabs = append(p.slabs, make([]personAcc, accSlab))
	}
	p.n++
}

// at returns the accumulator of person document pd.
func (p *personAccs) at(pd int) *personAcc { return &p.slabs[pd/accSlab][pd%accSlab] }

// done tells that person document pd is indexed, and every one before
// it: the last of a slab drops it.
func (p *personAccs) done(pd int) {
	if pd%accSlab == accSlab-1 || pd == p.n-1 {
		p.slabs[pd/accSlab] = nil
	}
}
