package searchengine

import (
	"math/rand/v2"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"

	registerdata "github.com/registerdata/registerdata-go"
	"github.com/registerdata/registerdata-go/enums"
)

// TestDateKeyOrdersAsDates: a person's accumulator keeps start and birth
// dates packed; the packing must order every pair of dates as
// Date.Compare does, and give a valid date back unchanged.
func TestDateKeyOrdersAsDates(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	date := func() registerdata.Date {
		if rng.IntN(10) == 0 {
			return registerdata.Date{}
		}
		return registerdata.NewDate(1+rng.IntN(9999), time.Month(1+rng.IntN(12)), 1+rng.IntN(28))
	}
	sign := func(x int) int { return min(max(x, -1), 1) }
	for range 20_000 {
		a, b := date(), date()
		ka, kb := dateKey(a), dateKey(b)
		var got int
		switch {
		case ka < kb:
			got = -1
		case ka > kb:
			got = 1
		}
		assert.Equal(t, sign(a.Compare(b)), got, "%v vs %v", a, b)
		assert.Equal(t, a, unpackDate(ka))
	}
}

// TestPersonAccTiesGoToTheLowerCompanyID: two entries starting the same
// day: the one of the company with the lower id names the person, in
// whichever order they arrive.
func TestPersonAccTiesGoToTheLowerCompanyID(t *testing.T) {
	ids := []string{"DE-HRB-B-2", "DE-HRB-B-1"}
	start := registerdata.NewDate(2020, 5, 1)
	first, second := registerdata.Representative{Name: "Anna Alt", StartDate: start}, registerdata.Representative{Name: "Anna Neu", StartDate: start}
	for _, order := range [][2]uint32{{0, 1}, {1, 0}} {
		var a personAcc
		for _, d := range order {
			r := first
			if d == 1 {
				r = second
			}
			a.add(d, ids, &r, start)
		}
		assert.Equal(t, "Anna Neu", a.facts("p").name, "order %v", order)
	}
	var a personAcc
	later := registerdata.Representative{Name: "Anna Spät", StartDate: registerdata.NewDate(2021, 1, 1)}
	a.add(1, ids, &second, start)
	a.add(0, ids, &later, start)
	assert.Equal(t, "Anna Spät", a.facts("p").name, "the later start comes first")
}

// TestPersonAccCountsDistinctDirectorships: two current DIRECTOR entries
// in one company and one in another count two management positions; a
// past one and another role count none; the companies read back without
// their marks; the name is the entry's, joined from first and last name
// or not.
func TestPersonAccCountsDistinctDirectorships(t *testing.T) {
	ids := []string{"DE-HRB-B-1", "DE-HRB-B-2", "DE-HRB-B-3", "DE-HRB-B-4"}
	start, today := registerdata.NewDate(2020, 5, 1), registerdata.NewDate(2024, 1, 1)
	ended := registerdata.NewDate(2021, 1, 1)
	director := registerdata.Representative{Name: "Anna Alt", Role: enums.RoleDirector, StartDate: start}
	past := director
	past.EndDate = &ended
	other := registerdata.Representative{Name: "Anna Alt", Role: enums.RoleProkura, StartDate: start}
	var a personAcc
	for _, e := range []struct {
		d uint32
		r registerdata.Representative
	}{{2, director}, {2, director}, {0, past}, {3, other}, {1, director}} {
		a.add(e.d, ids, &e.r, today)
	}
	f := a.facts("p")
	assert.Equal(t, 2, f.manages)
	assert.Equal(t, 4, f.company)
	assert.Equal(t, "Anna Alt", f.name)
	assert.ElementsMatch(t, []uint32{0, 1, 2, 3}, a.companyDocs())

	odd := registerdata.Representative{Name: "Dr. Anna  Alt", StartDate: registerdata.NewDate(2022, 1, 1)}
	a.add(0, ids, &odd, today)
	assert.Equal(t, "Dr. Anna  Alt", a.facts("p").name, "a name that is not first and last joined is kept")
}

// TestPersonAccRoles: a person's roles are distinct and sorted, those of
// the specification and any other alike (an empty one included).
func TestPersonAccRoles(t *testing.T) {
	ids := []string{"DE-HRB-B-1", "DE-HRB-B-2"}
	day := registerdata.NewDate(2024, 1, 1)
	var a, b personAcc
	for _, role := range []enums.Role{enums.RoleShareholder, "CURATOR", enums.RoleDirector, "", enums.RoleShareholder, "CURATOR", enums.RoleOther} {
		r := registerdata.Representative{Name: "Anna Alt", Role: role, StartDate: day}
		a.add(0, ids, &r, day)
	}
	assert.Equal(t, []string{"", "CURATOR", "DIRECTOR", "OTHER", "SHAREHOLDER"}, a.facts("p").roles)
	for _, role := range []enums.Role{enums.RoleProkura, enums.RoleDirector, enums.RoleProkura} {
		r := registerdata.Representative{Name: "Anna Alt", Role: role, StartDate: day}
		b.add(1, ids, &r, day)
	}
	assert.Equal(t, []string{"DIRECTOR", "PROKURA"}, b.facts("p").roles)
}
