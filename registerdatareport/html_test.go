package registerdatareport_test

import (
	"fmt"
	"io"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"golang.org/x/net/html"

	registerdata "github.com/registerdata/registerdata-go"
	"github.com/registerdata/registerdata-go/enums"
	"github.com/registerdata/registerdata-go/fake"
	"github.com/registerdata/registerdata-go/registerdatareport"
	"github.com/stretchr/testify/require"
)

// plantChain gives generated companies of srv owners forming depth levels
// of fanOut companies: each company of a level is owned by every company
// of the next level and by a natural person. It returns the root company.
func plantChain(tb testing.TB, srv *fake.Server, depth, fanOut int) string {
	tb.Helper()
	ids, persons := srv.CompanyIDs(), srv.Persons()
	var gen []string // the companies whose owners the service publishes (with best_available, as the tree asks)
	for _, id := range ids {
		if co, _ := srv.Company(id); registerdata.OwnersAvailable(co.LegalForm, true) {
			gen = append(gen, id)
		}
	}
	require.GreaterOrEqual(tb, len(gen), 1+depth*fanOut, "too few companies with owners: make the fake with newFakeGenerated")
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
				owners = append(owners, registerdata.Owner{ID: ptr(o), Name: "Beteiligungsgesellschaft " + o + " mbH", Type: enums.RepresentativeTypeLegalPerson,
					RelationType: enums.RelationTypeShareholder, NominalShare: share * 1000, PercentageShare: ptr(share)})
			}
			owners = append(owners, registerdata.Owner{ID: ptr(persons[(k*fanOut+i)%len(persons)]), Name: fmt.Sprintf("Person %d-%d", k, i),
				Type: enums.RepresentativeTypeNaturalPerson, RelationType: enums.RelationTypeShareholder, NominalShare: 10000, PercentageShare: ptr(10.0)})
			require.NoError(tb, srv.SetOwners(id, owners))
		}
	}
	return gen[0]
}

// BenchmarkWriteHTML writes the dossier of the curated three-level chain
// (small: 12 owners) and of a planted tree of 4 levels of 5 companies
// each (large: every company owned by all five of the next level), so
// the two can be compared as a ratio.
func BenchmarkWriteHTML(b *testing.B) {
	srv, c, clk := newFakeGenerated(b)
	large := plantChain(b, srv, 4, 5)
	for _, tc := range []struct{ name, id string }{{"small", nordlichtService}, {"large", large}} {
		d, _ := build(b, c, clk, tc.id, registerdatareport.Options{})
		nodes := 0
		d.Ownership.Root.Walk(func(*registerdata.OwnershipNode) { nodes++ })
		b.Run(tc.name, func(b *testing.B) {
			b.ReportAllocs()
			b.ReportMetric(float64(nodes), "tree-nodes")
			for i := 0; i < b.N; i++ {
				if err := d.WriteHTML(io.Discard); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

func TestTheFileForbidsScriptsAndHoldsNoSecret(t *testing.T) {
	_, c, clk := newFake(t)
	_, b := build(t, c, clk, nordlichtService, registerdatareport.Options{IncludePersons: true})
	doc := parse(t, b)
	metas := find(doc, func(n *html.Node) bool {
		return n.Data == "meta" && strings.EqualFold(attr(n, "http-equiv"), "Content-Security-Policy")
	})
	require.Len(t, metas, 1)
	policy := attr(metas[0], "content")
	for _, d := range []string{"default-src 'none'", "script-src 'none'", "connect-src 'none'", "base-uri 'none'", "form-action 'none'"} {
		assert.Contains(t, policy, d)
	}
	assert.NotContains(t, policy, "unsafe-eval")
	assert.NotContains(t, string(b), testAPIKey, "the API key is not in the file")
	assert.NotContains(t, string(b), "Bearer")
	assert.Empty(t, find(doc, func(n *html.Node) bool {
		return n.Data == "script" || n.Data == "link" || n.Data == "iframe" || n.Data == "object"
	}))
	assert.NotContains(t, string(b), "url(http", "no outside resource in a style")
	assert.NotContains(t, string(b), "@import")
}
