package registerdata_test

import (
	"context"
	"strings"
	"testing"
	"unicode"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	registerdata "github.com/registerdata/registerdata-go"
	"github.com/registerdata/registerdata-go/fake"
)

// compoundCompany is a generated company of srv whose name is a compound
// with a capital inside ("NeckarMaschinen GmbH") and the only one of its
// name in its city, with the name's two halves and legal form.
func compoundCompany(t *testing.T, srv *fake.Server, skip int) (co registerdata.Company, first, second, form string) {
	t.Helper()
	seen := map[string]int{}
	var all []registerdata.Company
	for _, id := range srv.CompanyIDs() {
		c, _ := srv.Company(id)
		all = append(all, c)
		seen[strings.ToLower(c.Name.Name)+"|"+c.Address.City]++
	}
	for _, c := range all {
		ws := strings.Fields(c.Name.Name)
		if len(ws) != 2 || seen[strings.ToLower(c.Name.Name)+"|"+c.Address.City] != 1 {
			continue
		}
		rs := []rune(ws[0])
		for i := 1; i < len(rs); i++ {
			if unicode.IsUpper(rs[i]) && unicode.IsLower(rs[i-1]) {
				if skip > 0 {
					skip--
					break
				}
				return c, string(rs[:i]), string(rs[i:]), ws[1]
			}
		}
	}
	t.Fatal("the generated register holds no compound name")
	return
}

// TestMatchCompanyFindsSpellingsOnExactAutocomplete matches compounds
// split, hyphenated and with umlauts spelt out against a fake whose
// autocomplete finds names by their words as written only: the matcher's
// own spellings find each company for free, and the reasons say which
// spelling did.
func TestMatchCompanyFindsSpellingsOnExactAutocomplete(t *testing.T) {
	srv, c, _ := newFakeClient(t, []fake.Option{fake.WithGenerated(3000), fake.WithExactNames()})
	ctx := context.Background()
	for i, sep := range []string{" ", "-"} {
		co, first, second, form := compoundCompany(t, srv, i)
		q := registerdata.MatchQuery{Name: first + sep + second + " " + form, City: co.Address.City}
		m, err := c.MatchCompany(ctx, q, nil)
		require.NoError(t, err)
		require.NotNil(t, m.Best, "%+v: %+v", q, m.Candidates)
		assert.Equal(t, co.ID, m.Best.CompanyID)
		assert.Contains(t, m.Best.Reasons, "found as "+first+second+" "+form+": words joined")
		assert.Zero(t, m.Credits, "the free autocomplete found it")
	}
	m, err := c.MatchCompany(ctx, registerdata.MatchQuery{Name: "Nordlicht Solartechnik Gesellschaft mbH", City: "Berlin"}, nil)
	require.NoError(t, err)
	require.NotNil(t, m.Best)
	assert.Equal(t, "DE-HRB-F1103-267645", m.Best.CompanyID)
	assert.Zero(t, m.Credits)
}

// TestMatchCompanyWritesUmlautsTheAutocompleteDoesNot: a name written
// with ue for ü, or without the umlaut, is found through the spelling
// with ü when the autocomplete does not read transliterations.
func TestMatchCompanyWritesUmlautsTheAutocompleteDoesNot(t *testing.T) {
	srv, c, _ := newFakeClient(t, []fake.Option{fake.WithGenerated(3000), fake.WithExactNames()})
	var co registerdata.Company
	for _, id := range srv.CompanyIDs() {
		x, _ := srv.Company(id)
		if strings.HasPrefix(x.Name.Name, "Süd") && strings.Count(x.Name.Name, " ") == 1 {
			co = x
			break
		}
	}
	require.NotEmpty(t, co.ID, "the generated register holds a Süd… name")
	for spelling, how := range map[string]string{"Sued": "umlauts written ä, ö, ü", "Sud": "umlaut put back"} {
		q := registerdata.MatchQuery{Name: spelling + strings.TrimPrefix(co.Name.Name, "Süd"), City: co.Address.City, Street: co.Address.Street}
		m, err := c.MatchCompany(context.Background(), q, nil)
		require.NoError(t, err)
		require.NotNil(t, m.Best, "%+v: %+v", q, m.Candidates)
		assert.Equal(t, co.ID, m.Best.CompanyID)
		assert.Condition(t, func() bool {
			for _, r := range m.Best.Reasons {
				if strings.HasPrefix(r, "found as Süd") && strings.HasSuffix(r, ": "+how) {
					return true
				}
			}
			return false
		}, "reasons %v say the spelling (%s)", m.Best.Reasons, how)
	}
}

// TestMatchCompanyProvesAbsenceForFree: a name no company has, and a
// real name with a legal form none of its companies has, are answered
// from the autocomplete alone: no Best, nothing spent. (With the city of
// a namesake, its record is read: it may have changed its legal form.)
func TestMatchCompanyProvesAbsenceForFree(t *testing.T) {
	_, c, _ := newFakeClient(t, []fake.Option{fake.WithGenerated(3000), fake.WithExactNames()})
	for _, q := range []registerdata.MatchQuery{
		{Name: "Quirinus Zwetschgenkontor GmbH", City: "Berlin"},
		{Name: "Xylander Wupperglas AG"},
		{Name: "Nordlicht Solartechnik KGaA"}, // a real name with a legal form it does not have
	} {
		m, err := c.MatchCompany(context.Background(), q, nil)
		require.NoError(t, err)
		assert.Nil(t, m.Best, "%+v", q)
		assert.Zero(t, m.Credits, "%+v: absence is proved by the free autocomplete", q)
	}
}

// TestMatchCompanyRegisterReferencePaysOneSearch: a register reference,
// alone or with another company's name, costs one paid search at most,
// at the client's price of a search.
func TestMatchCompanyRegisterReferencePaysOneSearch(t *testing.T) {
	srv, c, _ := newFakeClient(t, []fake.Option{fake.WithGenerated(3000), fake.WithExactNames()})
	co, _, _, _ := compoundCompany(t, srv, 0)
	ref := string(co.Register.RegisterType) + " " + co.Register.RegisterNumber + ", Amtsgericht " + co.Register.RegisterCourt
	search := registerdata.DefaultPrices().Of("POST /v1/search/company", false)
	for _, q := range []registerdata.MatchQuery{
		{Register: ref},
		{Register: ref, Name: "Nordlicht Solartechnik GmbH", City: "Berlin"},
		{Register: "HRB 9999999, Amtsgericht Köln"},
	} {
		before := c.CreditsSpent()
		m, err := c.MatchCompany(context.Background(), q, nil)
		require.NoError(t, err)
		assert.LessOrEqual(t, m.Credits, search, "%+v", q)
		assert.Equal(t, m.Credits, c.CreditsSpent()-before, "Match.Credits is what the client spent")
		if q.Name == "" && strings.Contains(q.Register, co.Register.RegisterNumber) {
			require.NotNil(t, m.Best)
			assert.Equal(t, co.ID, m.Best.CompanyID)
		} else {
			assert.Nil(t, m.Best, "%+v", q)
		}
	}
}
