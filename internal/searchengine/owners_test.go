package searchengine

import (
	"testing"

	registerdata "github.com/registerdata/registerdata-go"
	"github.com/registerdata/registerdata-go/enums"
	"github.com/stretchr/testify/require"
)

// ownersByDefinition is the owner summary as the filter fields define
// it, spelled out with sets: the reference ownersOf is checked against.
func ownersByDefinition(c *registerdata.Company, today registerdata.Date) owners {
	current := c.CurrentRepresentatives(today)
	roles := map[string]map[enums.Role]bool{}
	for i := range current {
		k := ownerKey(&current[i])
		if roles[k] == nil {
			roles[k] = map[enums.Role]bool{}
		}
		roles[k][current[i].Role] = true
	}
	o := owners{youngestAge: -1}
	seen, lastNames := map[string]bool{}, map[string]bool{}
	for i := range current {
		r := &current[i]
		k := ownerKey(r)
		if (r.Role != enums.RoleOwner && r.Role != enums.RoleShareholder) || seen[k] {
			continue
		}
		seen[k] = true
		o.count++
		held := roles[k]
		o.represents = o.represents || held[enums.RoleDirector] || held[enums.RolePersonalLiableDirector] ||
			held[enums.RoleProkura] || held[enums.RoleLiquidator]
		if r.Type != enums.RepresentativeTypeNaturalPerson {
			continue
		}
		if ln := lastName(r); ln != "" {
			o.sharedLastName = o.sharedLastName || lastNames[ln]
			lastNames[ln] = true
		}
		if np := r.NaturalPerson; np != nil && np.DateOfBirth != nil && np.DateOfBirth.Valid() {
			if age := ageOn(*np.DateOfBirth, today); o.youngestAge < 0 || age < o.youngestAge {
				o.youngestAge = age
			}
		}
	}
	return o
}

// TestOwnersOfMatchesTheDefinition compares ownersOf with the definition
// on generated companies and on entries that share a person: one owner
// listed twice, an owner who is also director, owners named without an
// id, past owners, and more entries than the stack buffers hold.
func TestOwnersOfMatchesTheDefinition(t *testing.T) {
	day := fixedDay()
	id := func(s string) *string { return &s }
	ended := registerdata.NewDate(2020, 1, 1)
	dob := func(y int) *registerdata.Date { d := registerdata.NewDate(y, 5, 5); return &d }
	person := func(pid *string, name, last string, role enums.Role, born int) registerdata.Representative {
		return registerdata.Representative{ID: pid, Name: name, Role: role, Type: enums.RepresentativeTypeNaturalPerson,
			NaturalPerson: &registerdata.NaturalPerson{LastName: &last, DateOfBirth: dob(born)}}
	}
	reps := []registerdata.Representative{
		person(id("p1"), "Anna Weber", "Weber", enums.RoleOwner, 1970),
		person(id("p1"), "Anna Weber", "Weber", enums.RoleShareholder, 1970),
		person(id("p1"), "Anna Weber", "Weber", enums.RoleDirector, 1970),
		person(id("p2"), "Ben Weber", "Weber", enums.RoleShareholder, 1990),
		person(nil, "Clara Koch", "Koch", enums.RoleShareholder, 1985),
		person(nil, "CLARA KOCH", "Koch", enums.RoleProkura, 1985),
		{Name: "Holding GmbH", Role: enums.RoleShareholder, Type: enums.RepresentativeTypeLegalPerson},
		{Name: "Gone GmbH", Role: enums.RoleShareholder, Type: enums.RepresentativeTypeLegalPerson, EndDate: &ended},
	}
	cases := []registerdata.Company{{Representation: reps}, {Representation: reps[3:]}, {Representation: reps[6:]}, {}}
	var many []registerdata.Representative
	for i := range 40 {
		many = append(many, person(id(string(rune('a'+i%26))), "X Y", "Y", enums.RoleShareholder, 1950+i))
	}
	cases = append(cases, registerdata.Company{Representation: many})
	cases = append(cases, generate(500)...)
	counted := 0
	for i := range cases {
		want := ownersByDefinition(&cases[i], day)
		require.Equal(t, want, ownersOf(&cases[i], day), "case %d", i)
		counted += want.count
	}
	require.Positive(t, counted)
}
