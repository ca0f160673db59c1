package fake

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestAutocompleteExactNames: with WithExactNames the autocomplete
// finds a name by its words as written only, while without it the other
// German spellings and joined words find it too.
func TestAutocompleteExactNames(t *testing.T) {
	names := func(s *Server, q string) []string {
		var out []string
		for _, r := range s.autocompleteJoined(q) {
			out = append(out, r.Name)
		}
		return out
	}
	loose := NewServer()
	defer loose.Close()
	exact := NewServer(WithExactNames())
	defer exact.Close()
	for _, q := range []string{"Nordlicht Solartechnik", "nordlicht", "NORDLICHT sol"} {
		assert.Contains(t, names(exact, q), "Nordlicht Solartechnik GmbH", q)
	}
	for _, q := range []string{"Nordlicht Solar Technik", "NordlichtSolartechnik"} {
		assert.Contains(t, names(loose, q), "Nordlicht Solartechnik GmbH", q)
		assert.NotContains(t, names(exact, q), "Nordlicht Solartechnik GmbH", q)
	}
	var umlaut string
	for _, id := range loose.CompanyIDs() {
		c, _ := loose.Company(id)
		if w := firstUmlautWord(c.Name.Name); w != "" {
			umlaut = w
			break
		}
	}
	require.NotEmpty(t, umlaut, "the curated register holds a name with an umlaut")
	spelt := spellOut.Replace(umlaut)
	assert.NotEmpty(t, names(loose, spelt), spelt)
	assert.NotEmpty(t, names(exact, umlaut), umlaut)
	for _, n := range names(exact, spelt) {
		assert.NotContains(t, spellOut.Replace(n), spelt, "%q found by %q", n, spelt)
	}
}

// firstUmlautWord is the first word of name with an umlaut, lower-cased.
func firstUmlautWord(name string) string {
	for _, w := range queryWordsAsWritten(name) {
		if spellOut.Replace(w) != w {
			return w
		}
	}
	return ""
}

func queryWordsAsWritten(s string) []string {
	ix := prefixIndex{exact: true}
	return ix.queryWords(s)
}
