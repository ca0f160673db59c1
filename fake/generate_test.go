package fake

import (
	"strconv"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	registerdata "github.com/registerdata/registerdata-go"
	"github.com/registerdata/registerdata-go/enums"
)

func TestGenerateIsDeterministic(t *testing.T) {
	a, b := generate(500), generate(500)
	require.Equal(t, a, b)
	// Company i does not depend on n.
	assert.Equal(t, a[:100], generate(100))
}

func TestGenerateUniqueValidAndVaried(t *testing.T) {
	const n = 3000
	cs := generate(n)
	curated := curatedForTest(t)
	ids := map[string]bool{}
	for _, c := range curated {
		ids[c.ID] = true
	}
	statuses := map[enums.CompanyStatus]int{}
	types := map[enums.RegisterType]int{}
	forms := map[enums.LegalForm]int{}
	cities := map[string]int{}
	postal := map[string]int{}
	people := map[string]string{}
	companiesOf := map[string]int{}
	nullRevenue, insolvent, noCapital := 0, 0, 0
	for i := range cs {
		c := &cs[i]
		require.False(t, ids[c.ID], "duplicate or curated id %s", c.ID)
		ids[c.ID] = true
		require.NoError(t, validateCompany(c), c.ID)
		statuses[c.Status]++
		types[c.Register.RegisterType]++
		forms[c.LegalForm]++
		cities[c.Address.City]++
		postal[c.Address.PostalCode]++
		if c.Capital == nil {
			noCapital++
		}
		if len(c.Insolvencies) > 0 {
			insolvent++
		}
		for _, in := range c.Indicators {
			if in.Revenue == nil {
				nullRevenue++
			}
		}
		seen := map[string]bool{}
		for _, r := range c.Representation {
			id := *r.ID
			if name, ok := people[id]; ok {
				assert.Equal(t, name, r.Name, "person %s has one name", id)
			}
			people[id] = r.Name
			if !seen[id] {
				companiesOf[id]++
				seen[id] = true
			}
		}
	}
	assert.Len(t, statuses, len(enums.CompanyStatus("").Values()))
	assert.Len(t, types, len(enums.RegisterType("").Values()))
	assert.GreaterOrEqual(t, len(forms), 10)
	assert.GreaterOrEqual(t, len(cities), 15)
	assert.Greater(t, len(postal), 1000)
	assert.Positive(t, nullRevenue)
	assert.Positive(t, noCapital)
	assert.Greater(t, insolvent, n/100)
	shared := 0
	for _, k := range companiesOf {
		if k >= 2 {
			shared++
		}
	}
	assert.Greater(t, shared, n/20, "persons shared across companies")
}

func TestWithGeneratedServesGeneratedCompanies(t *testing.T) {
	srv, _ := newTestServer(t, WithGenerated(50))
	ids := srv.CompanyIDs()
	curated := curatedForTest(t)
	require.Len(t, ids, len(curated)+50)
	last := ids[len(ids)-1]
	c := do(t, "GET", srv.URL+"/v1/company/"+last, srv.APIKey, "").company(t)
	assert.Equal(t, generate(50)[49].Name, c.Name)
	assert.Len(t, c.Sources, 1+len(c.Documents))

	// Generated companies can be changed like curated ones.
	require.NoError(t, srv.UpdateCompany(last, func(c *registerdata.Company) { c.Status = enums.CompanyStatusInactive }))
}

func BenchmarkGenerate(b *testing.B) {
	for _, n := range []int{1_000, 100_000} {
		b.Run(sizeName(n), func(b *testing.B) {
			b.ReportAllocs()
			for i := 0; i < b.N; i++ {
				if got := generate(n); len(got) != n {
					b.Fatal(len(got))
				}
			}
		})
	}
}

func sizeName(n int) string { return strconv.Itoa(n/1000) + "k" }

// TestGeneratedCompanyIntoReusesWithoutLeaking writes company after
// company into one buffer, in an order that mixes large and small
// records (liquidations add a representative, some have no purpose or
// capital or indicators), and checks each equals the freshly drawn
// record, nil and empty lists alike.
func TestGeneratedCompanyIntoReusesWithoutLeaking(t *testing.T) {
	var buf registerdata.Company
	reused := 0
	for k := range 600 {
		i := (k * 7919) % 2000
		before := cap(buf.Representation)
		got := generatedCompanyInto(i, &buf)
		require.Same(t, &buf, got)
		require.Equal(t, *generatedCompany(i), buf, "company %d", i)
		if before > 0 && cap(buf.Representation) == before {
			reused++
		}
	}
	require.Greater(t, reused, 300, "the representation's memory is reused")
}
