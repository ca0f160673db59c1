package fake

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	registerdata "github.com/registerdata/registerdata-go"
)

// TestStoreSummary: the search result item the autocomplete makes of a
// company's summary is the one of its whole record, for generated
// companies (drawn without the rest of the record), held ones (changed
// or added) and curated ones; keep is asked with the company's name and
// a no means no summary; an id that is no company's has none.
func TestStoreSummary(t *testing.T) {
	srv, _ := newTestServer(t, WithGenerated(3000), WithHardCases())
	ids := srv.CompanyIDs()
	renamed := ids[len(ids)-7]
	require.NoError(t, srv.UpdateCompany(renamed, func(c *registerdata.Company) { c.Name.Name = "Umbenannt GmbH" }))
	var buf registerdata.Company
	for _, id := range ids {
		c, ok := srv.store.get(id)
		require.True(t, ok, id)
		sum, ok := srv.store.summary(id, &buf, nil)
		require.True(t, ok, id)
		assert.Equal(t, searchResultOf(c), searchResultOf(sum), id)
		// keep sees the company's name and decides.
		var seen string
		sum, ok = srv.store.summary(id, &buf, func(name string) bool { seen = name; return true })
		require.True(t, ok, id)
		assert.Equal(t, c.Name.Name, seen, id)
		assert.Equal(t, searchResultOf(c), searchResultOf(sum), id)
		_, ok = srv.store.summary(id, &buf, func(string) bool { return false })
		assert.False(t, ok, "%s: keep said no", id)
	}
	sum, _ := srv.store.summary(renamed, &buf, nil)
	assert.Equal(t, "Umbenannt GmbH", sum.Name.Name)
	last := ids[len(ids)-1]
	for _, id := range []string{"", "DE-HRB-X9999-1000001", last + "0", "DE-HRB-F1103-abc", "DE-HRB-F1103-999"} {
		_, ok := srv.store.summary(id, &buf, nil)
		assert.False(t, ok, id)
	}
}

// TestNameMatchesAll: nameMatchesAll answers as matchesAll over the
// name's index words, for words, joined neighbours, umlauts spelt out
// and query words running past a join.
func TestNameMatchesAll(t *testing.T) {
	names := []string{"NordBau GmbH", "Nord Bau GmbH", "Nord-Bau Süd GmbH & Co. KG", "Müller Großhandel e.K.", "A B C", "", "x"}
	queries := [][]string{{"nord"}, {"nordb"}, {"nordbau"}, {"nordbaus"}, {"nordbausued"}, {"bausued"}, {"bausu", "gm"}, {"baug"},
		{"mueller"}, {"muellergross"}, {"grosshandelek"}, {"grosshandele"}, {"ab"}, {"abc"}, {"bc"}, {"a", "c"}, {"x"}, {"gmbh", "kg"}, {"co", "zz"}}
	for _, name := range names {
		for _, q := range queries {
			assert.Equal(t, matchesAll(nameWords(name), q), nameMatchesAll(name, q), "%q %q", name, q)
		}
	}
	assert.True(t, nameMatchesAll("Nord Bau GmbH", []string{"nordba"}))
	assert.False(t, nameMatchesAll("Nord Bau GmbH", []string{"nordbaug"}))
}
