package registerdata_test

import (
	"context"
	"fmt"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	registerdata "github.com/registerdata/registerdata-go"
	"github.com/registerdata/registerdata-go/enums"
	"github.com/registerdata/registerdata-go/fake"
)

// nodesByName indexes the nodes of a tree by owner name (the root as "").
func nodesByName(tree *registerdata.OwnershipTree) map[string][]*registerdata.OwnershipNode {
	out := map[string][]*registerdata.OwnershipNode{}
	tree.Root.Walk(func(n *registerdata.OwnershipNode) {
		name := ""
		if n.Owner != nil {
			name = n.Owner.Name
		}
		out[name] = append(out[name], n)
	})
	return out
}

func TestOwnershipTreeOfTheCuratedChain(t *testing.T) {
	_, c, ct := newFakeClient(t, nil)
	tree, err := c.OwnershipTree(context.Background(), nordlichtService, registerdata.TreeOptions{MaxDepth: 10})
	require.NoError(t, err)
	nodes := nodesByName(tree)

	// Nordlicht Service <- Nordlicht Solartechnik <- Helios AG <- Vantara SE <- Helios AG again.
	assert.Equal(t, 4, tree.Companies)
	assert.Equal(t, int32(4), ct.calls.Load())
	assert.Equal(t, int64(4*registerdata.DefaultPrices().Of("GET /v1/company/{company_id}/owners", false)), c.CreditsSpent())
	require.Len(t, nodes["Helios Energie Holding AG"], 2)
	assert.Equal(t, registerdata.TreeStopNone, nodes["Helios Energie Holding AG"][0].Stop)
	assert.True(t, nodes["Helios Energie Holding AG"][0].Company.BestAvailable)
	assert.Equal(t, registerdata.TreeStopVisited, nodes["Helios Energie Holding AG"][1].Stop, "the cross-holding is not fetched again")

	jonas := nodes["Jonas Petersen"]
	require.Len(t, jonas, 1)
	assert.Equal(t, 3, jonas[0].Depth)
	assert.InDelta(t, 18.0, *jonas[0].EffectiveShare, 1e-9, "100 % x 60 % x 30 %")
	sophie := nodes["Sophie Claassen"]
	require.Len(t, sophie, 1)
	assert.InDelta(t, 8.25, *sophie[0].EffectiveShare, 1e-9, "100 % x 60 % x 25 % x 55 %")
	assert.Nil(t, nodes["Freistaat Bayern"][0].Company, "a public owner outside the register is a leaf")
}

func TestOwnershipTreeStopsAtTheDepthLimit(t *testing.T) {
	_, c, _ := newFakeClient(t, nil)
	tree, err := c.OwnershipTree(context.Background(), nordlichtService, registerdata.TreeOptions{MaxDepth: 1})
	require.NoError(t, err)
	assert.Equal(t, 1, tree.Companies)
	require.Len(t, tree.Root.Children, 1)
	assert.Equal(t, registerdata.TreeStopDepth, tree.Root.Children[0].Stop)
	assert.Nil(t, tree.Root.Children[0].Company)

	_, err = c.OwnershipTree(context.Background(), nordlichtService, registerdata.TreeOptions{MaxDepth: -1})
	assert.ErrorIs(t, err, registerdata.ErrInvalidRequest)
	_, err = c.OwnershipTree(context.Background(), "../monitor", registerdata.TreeOptions{})
	assert.ErrorIs(t, err, registerdata.ErrInvalidRequest)
}

func TestOwnershipTreeReturnsThePartialTreeWhenTheBudgetEnds(t *testing.T) {
	_, c, ct := newFakeClient(t, nil, registerdata.WithCreditBudget(2*registerdata.DefaultPrices().Of("GET /v1/company/{company_id}/owners", false)+5))
	tree, err := c.OwnershipTree(context.Background(), nordlichtService, registerdata.TreeOptions{MaxDepth: 10})
	require.ErrorIs(t, err, registerdata.ErrBudgetExceeded)
	require.NotNil(t, tree)
	assert.Equal(t, 2, tree.Companies)
	assert.Equal(t, int32(2), ct.calls.Load(), "nothing sent beyond the budget")
	assert.Equal(t, int64(2*registerdata.DefaultPrices().Of("GET /v1/company/{company_id}/owners", false)), c.CreditsSpent())
	helios := nodesByName(tree)["Helios Energie Holding AG"]
	require.Len(t, helios, 1)
	assert.Equal(t, registerdata.TreeStopBudget, helios[0].Stop)
	assert.InDelta(t, 60.0, *helios[0].EffectiveShare, 1e-9)
}

func TestOwnershipTreeStopsAtItsOwnCreditLimit(t *testing.T) {
	_, c, ct := newFakeClient(t, nil)
	tree, err := c.OwnershipTree(context.Background(), nordlichtService, registerdata.TreeOptions{MaxDepth: 10, MaxCredits: 2*registerdata.DefaultPrices().Of("GET /v1/company/{company_id}/owners", false) + 5})
	require.ErrorIs(t, err, registerdata.ErrBudgetExceeded)
	require.NotNil(t, tree)
	assert.Equal(t, 2, tree.Companies)
	assert.Equal(t, int32(2), ct.calls.Load(), "nothing sent beyond MaxCredits")
	assert.Equal(t, int64(2*registerdata.DefaultPrices().Of("GET /v1/company/{company_id}/owners", false)), tree.Credits)
	assert.Equal(t, c.CreditsSpent(), tree.Credits)
	helios := nodesByName(tree)["Helios Energie Holding AG"]
	require.Len(t, helios, 1)
	assert.Equal(t, registerdata.TreeStopBudget, helios[0].Stop)

	full, err := c.OwnershipTree(context.Background(), nordlichtService, registerdata.TreeOptions{MaxDepth: 10})
	require.NoError(t, err)
	assert.Equal(t, int64(full.Companies)*registerdata.DefaultPrices().Of("GET /v1/company/{company_id}/owners", false), full.Credits)

	_, err = c.OwnershipTree(context.Background(), nordlichtService, registerdata.TreeOptions{MaxCredits: -1})
	assert.ErrorIs(t, err, registerdata.ErrInvalidRequest)
}

// generatedChain gives the last generated companies of srv (of the
// generated ones, those whose owners the service publishes, with
// best_available as the tree asks) owners forming a chain of depth
// levels, fanOut companies a level: each company of a level is owned by
// every company of the next level (30 % each when fanOut is 3) and by a
// natural person. It returns the root company. srv must have been made
// with chainGenerated(depth, fanOut) generated companies.
func generatedChain(tb testing.TB, srv *fake.Server, depth, fanOut int) string {
	tb.Helper()
	ids := srv.CompanyIDs()
	persons := srv.Persons()
	var gen []string
	for _, id := range ids[len(ids)-chainGenerated(depth, fanOut):] {
		if co, _ := srv.Company(id); registerdata.OwnersAvailable(co.LegalForm, true) {
			gen = append(gen, id)
		}
	}
	require.GreaterOrEqual(tb, len(gen), 1+depth*fanOut, "too few generated companies with owners")
	gen = gen[len(gen)-(1+depth*fanOut):]
	level := func(k int) []string { return gen[1+(k-1)*fanOut : 1+k*fanOut] }
	share := 90.0 / float64(fanOut)
	for k := 0; k < depth; k++ {
		owned := []string{gen[0]}
		if k > 0 {
			owned = level(k)
		}
		for i, id := range owned {
			var owners []registerdata.Owner
			for _, o := range level(k + 1) {
				owners = append(owners, registerdata.Owner{ID: ownPtr(o), Name: "Company " + o, Type: enums.RepresentativeTypeLegalPerson,
					RelationType: enums.RelationTypeShareholder, NominalShare: share * 1000, PercentageShare: ownPtr(share)})
			}
			owners = append(owners, registerdata.Owner{ID: ownPtr(persons[(k*fanOut+i)%len(persons)]), Name: fmt.Sprintf("Person %d-%d", k, i),
				Type: enums.RepresentativeTypeNaturalPerson, RelationType: enums.RelationTypeShareholder, NominalShare: 10000, PercentageShare: ownPtr(10.0)})
			require.NoError(tb, srv.SetOwners(id, owners))
		}
	}
	return gen[0]
}

// chainGenerated is how many companies to generate for generatedChain:
// some generated forms (UG, gGmbH, eG, ...) have no published owners.
func chainGenerated(depth, fanOut int) int { return 3 * (1 + depth*fanOut) }

func ownPtr[T any](v T) *T { return &v }

func TestOwnershipTreeOfAGeneratedChain(t *testing.T) {
	const depth, fanOut = 10, 3
	srv, c, ct := newFakeClient(t, []fake.Option{fake.WithGenerated(chainGenerated(depth, fanOut))})
	root := generatedChain(t, srv, depth, fanOut)
	tree, err := c.OwnershipTree(context.Background(), root, registerdata.TreeOptions{MaxDepth: depth + 1})
	require.NoError(t, err)
	assert.Equal(t, 1+depth*fanOut, tree.Companies, "every company once")
	assert.Equal(t, int32(tree.Companies), ct.calls.Load())
	assert.Equal(t, int64(tree.Companies)*registerdata.DefaultPrices().Of("GET /v1/company/{company_id}/owners", false), c.CreditsSpent())
	deepest := 0
	tree.Root.Walk(func(n *registerdata.OwnershipNode) { deepest = max(deepest, n.Depth) })
	assert.GreaterOrEqual(t, deepest, depth, "the owners of the last level are people")
}

func BenchmarkOwnershipTree(b *testing.B) {
	const depth, fanOut = 10, 3
	srv, c, ct := newFakeClient(b, []fake.Option{fake.WithGenerated(chainGenerated(depth, fanOut))})
	root := generatedChain(b, srv, depth, fanOut)
	ctx := context.Background()
	b.ReportAllocs()
	b.ResetTimer()
	var visited int
	for i := 0; i < b.N; i++ {
		before, calls := c.CreditsSpent(), ct.calls.Load()
		tree, err := c.OwnershipTree(ctx, root, registerdata.TreeOptions{MaxDepth: depth + 1})
		if err != nil {
			b.Fatal(err)
		}
		visited = tree.Companies
		if spent, made := c.CreditsSpent()-before, ct.calls.Load()-calls; spent != int64(visited)*registerdata.DefaultPrices().Of("GET /v1/company/{company_id}/owners", false) || int(made) != visited {
			b.Fatalf("visited %d companies, spent %d credits, made %d calls", visited, spent, made)
		}
	}
	b.ReportMetric(float64(visited), "companies/op")
	b.ReportMetric(float64(visited), "calls/op")
	b.ReportMetric(float64(int64(visited)*registerdata.DefaultPrices().Of("GET /v1/company/{company_id}/owners", false)), "credits/op")
}
