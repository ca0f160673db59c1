package fake

import (
	registerdata "github.com/registerdata/registerdata-go"
	"github.com/registerdata/registerdata-go/enums"
)

// person builds the record of the natural person id from the register:
// one management position per representation entry naming the person,
// in register order (the position's role is the entry's role code, its
// dates the entry's), and name and city from the entry with the latest
// start, or, for a person who only owns shares, from an owner entry. The
// date of birth is that of the first entry that has one, taking entries
// by latest start, then lowest company id: the rule of the person search,
// so both answer the same date. The age is counted on the fake clock. ok is false when no
// representation or owner entry names the person.
func (s *Server) person(id string) (p registerdata.Person, ok bool, err error) {
	p = registerdata.Person{ID: id, ManagementPositions: []registerdata.ManagementPosition{}}
	var latest *registerdata.Representative
	var dob *registerdata.Date
	var dobStart registerdata.Date
	var dobCompany string
	for _, c := range s.companiesNaming(id) {
		for i := range c.Representation {
			r := &c.Representation[i]
			if r.ID == nil || *r.ID != id || r.Type != enums.RepresentativeTypeNaturalPerson {
				continue
			}
			pos := registerdata.ManagementPosition{CompanyName: c.Name.Name, RegisterID: c.ID, Role: string(r.RoleDetail.Code), StartDate: r.StartDate}
			if r.EndDate != nil {
				d := *r.EndDate
				pos.EndDate = &d
			}
			p.ManagementPositions = append(p.ManagementPositions, pos)
			if latest == nil || r.StartDate.After(latest.StartDate) {
				latest = r
			}
			if np := r.NaturalPerson; np != nil && np.DateOfBirth != nil && np.DateOfBirth.Valid() &&
				(dob == nil || r.StartDate.After(dobStart) || (!dobStart.After(r.StartDate) && c.ID < dobCompany)) {
				d := *np.DateOfBirth
				dob, dobStart, dobCompany = &d, r.StartDate, c.ID
			}
		}
	}
	var np *registerdata.OwnerNaturalPerson
	if latest != nil {
		np = ownerFromRepresentative(*latest, "", nil, 0).NaturalPerson
	} else {
		np, err = s.ownerDetails(id)
		if err != nil || np == nil {
			return p, false, err
		}
	}
	city := np.City // "" when not known: the specification makes city a non-null string
	p.FirstName, p.LastName, p.DateOfBirth, p.City = np.FirstName, np.LastName, np.DateOfBirth, &city
	if latest != nil {
		p.DateOfBirth = dob
	}
	if p.DateOfBirth != nil {
		age := ageOn(*p.DateOfBirth, registerdata.DateOf(s.clock.Now()))
		p.Age = &age
	}
	return p, true, nil
}

// ownerDetails returns the natural-person details of the first current
// owner entry with the id, or nil.
func (s *Server) ownerDetails(id string) (*registerdata.OwnerNaturalPerson, error) {
	st, err := s.ownership()
	if err != nil {
		return nil, err
	}
	st.mu.RLock()
	defer st.mu.RUnlock()
	ids := make([]string, 0, len(st.lists))
	for cid := range st.lists {
		ids = append(ids, cid)
	}
	for _, cid := range s.inRegisterOrder(ids) { // only companies with stored lists, in register order
		lists := st.lists[cid]
		for _, o := range lists[len(lists)-1].owners {
			if o.ID != nil && *o.ID == id && o.NaturalPerson != nil {
				return o.NaturalPerson, nil
			}
		}
	}
	return nil, nil
}

// ageOn is the age in whole years of someone born on born, on day.
func ageOn(born, day registerdata.Date) int {
	age := day.Year - born.Year
	if day.Month < born.Month || (day.Month == born.Month && day.Day < born.Day) {
		age--
	}
	return max(age, 0)
}

// Persons returns the UUIDs of every natural person of the register, each
// once, in order of first appearance: representatives in register order,
// then owners who represent no company.
func (s *Server) Persons() []string {
	var out []string
	seen := map[string]bool{}
	add := func(id string) {
		if !seen[id] {
			seen[id] = true
			out = append(out, id)
		}
	}
	for _, c := range s.store.all() {
		for _, r := range c.Representation {
			if r.ID != nil && r.Type == enums.RepresentativeTypeNaturalPerson {
				add(*r.ID)
			}
		}
	}
	if st, err := s.ownership(); err == nil {
		companies := s.store.all()
		st.mu.RLock()
		for _, c := range companies {
			if lists, ok := st.lists[c.ID]; ok {
				for _, o := range lists[len(lists)-1].owners {
					if o.ID != nil && o.Type == enums.RepresentativeTypeNaturalPerson {
						add(*o.ID)
					}
				}
			}
		}
		st.mu.RUnlock()
	}
	return out
}
