package fake

import (
	"context"
	"testing"

	"github.com/stretchr/testify/require"
)

// TestAutocompleteBothSpellings: a company is found with umlauts and ß
// written or spelt out, and with a compound written as one word or two.
func TestAutocompleteBothSpellings(t *testing.T) {
	srv, _ := newTestServer(t, WithHardCases())
	c := newSDKClient(t, srv)
	ctx := context.Background()
	for _, tc := range []struct{ query, name string }{
		{"Baeckerei Grossmann", "Bäckerei Großmann GmbH"},
		{"bäckerei großmann", "Bäckerei Großmann GmbH"},
		{"Mueller Soehne", "Müller & Söhne Maschinenbau KG"},
		{"grossm", "Bäckerei Großmann GmbH"},
		{"Ueberseekontor", "Übersee Kontor Hölscher GmbH"},
		{"uebersee kontor hoelscher", "Übersee Kontor Hölscher GmbH"},
		{"Strassburger Suesswaren", "Straßburger Süßwaren GmbH"},
		{"Nordlicht Solar Technik", "Nordlicht Solartechnik GmbH"},
		{"nordlichtsolartechnik", "Nordlicht Solartechnik GmbH"},
	} {
		res, err := c.AutocompleteCompanies(ctx, tc.query)
		require.NoError(t, err)
		names := make([]string, len(res))
		for i, r := range res {
			names[i] = r.Name
		}
		require.Contains(t, names, tc.name, "query %q", tc.query)
	}
	res, err := c.AutocompleteCompanies(ctx, "Muller Sohne")
	require.NoError(t, err)
	require.Empty(t, res, "a word without its umlaut is another word")
}

func TestIndexWords(t *testing.T) {
	got := indexWords("Nord-Bau Müller GmbH")
	for _, w := range []string{"nord", "bau", "mueller", "gmbh", "nordbau", "baumueller", "muellergmbh"} {
		require.Contains(t, got, w)
	}
	require.NotContains(t, got, "müller")
	require.Equal(t, []string{"gross", "handel"}, queryWords("Groß-Handel"))
}
