package registerdata

import (
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
)

// TestNameVariantsSpellings: the spellings of a name sent to the
// autocomplete join a hyphenated or split compound, split one with a
// capital inside, write umlauts from their transliterations and spell
// them out, put dropped umlauts back, carry the legal form as the
// register writes it, and stay within maxNameVariants.
func TestNameVariantsSpellings(t *testing.T) {
	for _, tc := range []struct {
		name           string
		text, withForm string // one variant's texts
		how            string
	}{
		{"Neckar-Maschinen GmbH", "neckarmaschinen", "neckarmaschinen gmbh", "words joined"},
		{"Hansa Pflege AG", "hansapflege", "hansapflege ag", "words joined"},
		{"NeckarMaschinen Gesellschaft mit beschränkter Haftung", "neckar maschinen", "neckar maschinen gmbh", "words split"},
		{"SuedDruck UG (haftungsbeschraenkt)", "süddruck", "süddruck ug (haftungsbeschränkt)", "umlauts written ä, ö, ü"},
		{"Müller Bau", "mueller bau", "", "umlauts spelt out"},
		{"Grosshandel Nord", "großhandel nord", "", "ß for ss"},
		{"SudDruck UG (haftungsbeschrankt)", "süddruck", "süddruck ug (haftungsbeschränkt)", "umlaut put back"},
		{"Simon Muller Druck e.K.", "simon müller druck", "simon müller druck e.k.", "umlaut put back"},
		{"EifelSoftware S.E.", "eifelsoftware", "eifelsoftware se", ""},
	} {
		vs := nameVariants(tc.name)
		assert.LessOrEqual(t, len(vs), maxNameVariants, tc.name)
		assert.Equal(t, strings.ToLower(strings.Join(strings.Fields(vs[0].text), " ")), vs[0].text, "the first is the name as written, in lower case")
		i := slices.IndexFunc(vs, func(v nameVariant) bool { return v.text == tc.text })
		if !assert.GreaterOrEqual(t, i, 0, "%s: no variant %q in %+v", tc.name, tc.text, vs) {
			continue
		}
		assert.Equal(t, tc.withForm, vs[i].withForm, tc.name)
		assert.Equal(t, tc.how, vs[i].how, tc.name)
	}
}

// TestNameVariantsLeaveSpellingsAlone: a name without compounds,
// umlauts or transliterations is asked as written, joined and with
// umlauts put back only, and a name with umlauts gets none put back.
func TestNameVariantsLeaveSpellingsAlone(t *testing.T) {
	for _, v := range nameVariants("Nordlicht Solartechnik GmbH") {
		assert.Contains(t, []string{"", "words joined", "umlaut put back"}, v.how, v.text)
	}
	for _, v := range nameVariants("Südhandel Partnerschaft mbB") {
		assert.NotEqual(t, "umlaut put back", v.how, v.text)
	}
	assert.Empty(t, nameVariants("GmbH"), "a legal form alone has no spelling to ask")
}

// TestTypoTextsLeaveAWordOutAndCut: past a typo the autocomplete is asked
// for the name without each of its longest words and for the first
// letters of the longest.
func TestTypoTextsLeaveAWordOutAndCut(t *testing.T) {
	var texts []string
	for _, v := range typoTexts("Paul Becker Cnsult e.K.") {
		texts = append(texts, v.withForm)
	}
	assert.Contains(t, texts, "paul cnsult e.k.")
	assert.Contains(t, texts, "paul becker e.k.")
	texts = texts[:0]
	for _, v := range typoTexts("HansaHandael SE") {
		texts = append(texts, v.text)
	}
	assert.Equal(t, []string{"hansahand", "hansah", "han"}, texts)
}
