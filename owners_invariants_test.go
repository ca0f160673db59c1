package registerdata_test

import (
	"context"
	"encoding/json"
	"fmt"
	"math"
	"net/http"
	"sort"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	registerdata "github.com/registerdata/registerdata-go"
	"github.com/registerdata/registerdata-go/enums"
	"github.com/registerdata/registerdata-go/fake"
)

// ownershipGraph is the whole curated register's owners, read through the
// SDK from the fake.
type ownershipGraph struct {
	companies map[string]*registerdata.Company
	owners    map[string][]registerdata.Owner
}

func readOwnershipGraph(t *testing.T, srv *fake.Server, c *registerdata.Client, ids []string) ownershipGraph {
	t.Helper()
	ctx := context.Background()
	g := ownershipGraph{companies: map[string]*registerdata.Company{}, owners: map[string][]registerdata.Owner{}}
	for _, id := range ids {
		co, err := c.GetCompany(ctx, id, nil)
		require.NoError(t, err)
		g.companies[id] = co
		agOrSE := co.LegalForm == enums.LegalFormAG || co.LegalForm == enums.LegalFormSE
		own, err := c.GetOwners(ctx, id, &registerdata.GetOwnersParams{BestAvailable: agOrSE})
		if !registerdata.OwnersAvailable(co.LegalForm, true) {
			// Not published for the form: read the register's owners from
			// the fake's control endpoint, as GetOwners would give them.
			require.ErrorIs(t, err, registerdata.ErrNotFound, id)
			g.owners[id] = controlOwners(t, srv, id)
			continue
		}
		require.NoError(t, err, id)
		g.owners[id] = own.Owners
	}
	return g
}

// effectiveShares sums, per natural person, the products of the
// percentages along every chain from id that passes no company twice,
// and says whether a chain runs through a limited partner.
func (g ownershipGraph) effectiveShares(id string) (map[string]float64, map[string]bool) {
	shares, viaLP := map[string]float64{}, map[string]bool{}
	var walk func(id string, factor float64, lp bool, path map[string]bool)
	walk = func(id string, factor float64, lp bool, path map[string]bool) {
		for _, o := range g.owners[id] {
			if o.PercentageShare == nil {
				continue
			}
			f := factor * *o.PercentageShare / 100
			l := lp || o.RelationType == enums.RelationTypeLimitedPartner
			if o.Type == enums.RepresentativeTypeNaturalPerson {
				key := o.Name
				if o.ID != nil {
					key = *o.ID
				}
				shares[key] += f * 100
				viaLP[key] = viaLP[key] || l
				continue
			}
			if o.ID == nil || path[*o.ID] || g.owners[*o.ID] == nil {
				continue
			}
			path[*o.ID] = true
			walk(*o.ID, f, l, path)
			delete(path, *o.ID)
		}
	}
	walk(id, 1, false, map[string]bool{id: true})
	return shares, viaLP
}

// TestOwnershipInvariantsOverTheCuratedRegister checks, for every company
// and person of the curated register, that holdings are exactly the
// inverse of owners, that no company's owners hold more than 100 %, that
// beneficial owners follow from the chains of percentages, and that a
// person's management positions are the representations naming them.
func TestOwnershipInvariantsOverTheCuratedRegister(t *testing.T) {
	srv, c, _ := newFakeClient(t, nil)
	ctx := context.Background()
	ids := srv.CompanyIDs()
	persons := srv.Persons()
	g := readOwnershipGraph(t, srv, c, ids)

	t.Run("shares add up to at most 100", func(t *testing.T) {
		for id, owners := range g.owners {
			sum := 0.0
			for _, o := range owners {
				if o.PercentageShare != nil {
					sum += *o.PercentageShare
				}
			}
			assert.LessOrEqual(t, sum, 100+1e-9, id)
		}
	})

	t.Run("holdings are the inverse of owners", func(t *testing.T) {
		holders := map[string]bool{}
		for _, id := range ids {
			holders[id] = true
		}
		for _, p := range persons {
			holders[p] = true
		}
		want := map[string]float64{}
		for id, owners := range g.owners {
			for _, o := range owners {
				if o.ID != nil && holders[*o.ID] { // a company outside the register has no holdings to ask for
					want[*o.ID+" holds "+id] = pctOrNaN(o.PercentageShare)
				}
			}
		}
		got := map[string]float64{}
		add := func(holder string, hs *registerdata.Holdings) {
			for _, h := range hs.Holdings {
				key := holder + " holds " + h.CompanyID
				assert.NotContains(t, got, key)
				got[key] = pctOrNaN(h.PercentageShare) * 100 // fraction scale -> percent
			}
		}
		for _, id := range ids {
			hs, err := c.GetCompanyHoldings(ctx, id)
			require.NoError(t, err)
			add(id, hs)
		}
		for _, p := range persons {
			hs, err := c.GetPersonHoldings(ctx, p)
			require.NoError(t, err)
			add(p, hs)
		}
		require.Equal(t, sortedKeys(want), sortedKeys(got))
		for k, w := range want {
			if math.IsNaN(w) {
				assert.True(t, math.IsNaN(got[k]), k)
				continue
			}
			assert.InDelta(t, w, got[k], 1e-9, k)
		}
	})

	t.Run("beneficial owners follow from the chains", func(t *testing.T) {
		for _, id := range ids {
			ubo, err := c.GetBeneficialOwners(ctx, id)
			if form := g.companies[id].LegalForm; !registerdata.BeneficialOwnersAvailable(form) {
				got, ok := registerdata.UnsupportedLegalForm(err)
				assert.True(t, ok && got == form, "%s (%s): %v", id, form, err)
				continue
			}
			require.NoError(t, err)
			shares, viaLP := g.effectiveShares(id)
			want := map[string]float64{}
			for k, v := range shares {
				if v > 25+1e-9 {
					want[k] = v
				}
			}
			if len(want) == 0 {
				managers := currentManagers(g.companies[id])
				for _, u := range ubo.Owners {
					assert.Nil(t, u.PercentageShare, "%s: fictitious %s", id, u.Name)
					assert.Nil(t, u.MaxPercentageShare, "%s: fictitious %s", id, u.Name)
					require.NotNil(t, u.ID, "%s: fictitious %s", id, u.Name)
					assert.True(t, managers[*u.ID], "%s: fictitious %s is a current manager", id, u.Name)
				}
				assert.Len(t, ubo.Owners, len(managers), id)
				continue
			}
			got := map[string]float64{}
			for _, u := range ubo.Owners {
				require.NotNil(t, u.ID, id)
				if viaLP[*u.ID] {
					assert.Nil(t, u.PercentageShare, "%s: %s holds through a limited partner", id, u.Name)
					require.NotNil(t, u.MaxPercentageShare, id)
					got[*u.ID] = *u.MaxPercentageShare
				} else {
					require.NotNil(t, u.PercentageShare, id)
					assert.Nil(t, u.MaxPercentageShare, id)
					got[*u.ID] = *u.PercentageShare
				}
			}
			require.Equal(t, sortedKeys(want), sortedKeys(got), id)
			for k := range want {
				assert.InDelta(t, want[k], got[k], 1e-6, "%s: %s", id, k)
			}
		}
	})

	t.Run("management positions are the representations", func(t *testing.T) {
		want := map[string][]string{}
		for id, co := range g.companies {
			for _, r := range co.Representation {
				if r.ID != nil && r.Type == enums.RepresentativeTypeNaturalPerson {
					want[*r.ID] = append(want[*r.ID], positionKey(id, string(r.RoleDetail.Code), r.StartDate, r.EndDate))
				}
			}
		}
		for _, p := range persons {
			rec, err := c.GetPerson(ctx, p)
			require.NoError(t, err)
			var got []string
			for _, m := range rec.ManagementPositions {
				assert.Equal(t, g.companies[m.RegisterID].Name.Name, m.CompanyName)
				got = append(got, positionKey(m.RegisterID, m.Role, m.StartDate, m.EndDate))
			}
			assert.ElementsMatch(t, want[p], got, p)
		}
	})
}

// controlOwners reads the current owners of company id from the fake's
// control endpoint, which serves them for every legal form, unbilled.
func controlOwners(t *testing.T, srv *fake.Server, id string) []registerdata.Owner {
	t.Helper()
	resp, err := http.Get(srv.URL + "/_fake/companies/" + id + "/owners")
	require.NoError(t, err)
	defer resp.Body.Close()
	require.Equal(t, http.StatusOK, resp.StatusCode, id)
	var owners []registerdata.Owner
	require.NoError(t, json.NewDecoder(resp.Body).Decode(&owners), id)
	return owners
}

func pctOrNaN(p *float64) float64 {
	if p == nil {
		return math.NaN()
	}
	return *p
}

func sortedKeys[V any](m map[string]V) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

func positionKey(company, role string, start registerdata.Date, end *registerdata.Date) string {
	e := "current"
	if end != nil {
		e = end.String()
	}
	return fmt.Sprintf("%s %s %s..%s", company, role, start, e)
}

// currentManagers are the ids of the natural persons who currently manage
// co: the people named as fictitious beneficial owners.
func currentManagers(co *registerdata.Company) map[string]bool {
	out := map[string]bool{}
	for _, r := range co.Representation {
		if r.EndDate != nil || r.ID == nil || r.Type != enums.RepresentativeTypeNaturalPerson {
			continue
		}
		switch r.Role {
		case enums.RoleDirector, enums.RolePersonalLiableDirector, enums.RolePartner, enums.RoleLiquidator:
			out[*r.ID] = true
		}
	}
	return out
}
