package matchtext

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

func TestAutocompleteWordsDropLegalFormStateFillersAndSingleLetters(t *testing.T) {
	for name, want := range map[string][]string{
		"Nordlicht Solar GmbH":              {"nordlicht", "solar"}, // the legal form goes
		"Müller & Söhne GmbH i.L.":          {"müller", "söhne"},    // as written: umlauts kept; "i.L." is a state
		"Bäckerei Groß e.K. in Liquidation": {"bäckerei", "groß"},   // a form of several words, a state of two
		"X Bau und Handel GmbH & Co. KG":    {"bau", "handel"},      // one letter and the filler "und" go
		"Ab Solar UG (haftungsbeschränkt)":  {"ab", "solar"},        // two letters are a word
		"Bau Müller, Inh. Anna Müller":      {"bau", "müller", "anna", "müller"},
	} {
		assert.Equal(t, want, AutocompleteWords(name), name)
	}
	assert.Empty(t, AutocompleteWords("GmbH"), "a name that is only a legal form has no word to send")
}

func TestFallbackTextsSpellUmlautsAndShortenTheWord(t *testing.T) {
	for wd, want := range map[string][]string{
		"müller":  {"mueller", "mül", "mül"},         // spelled out; first half and first three of six runes
		"mueller": {"müller", "muel", "mue"},         // the umlaut spelling; "ue" at 1 gives no prefix
		"groß":    {"gross"},                         // ß spelled out; four runes are not shortened
		"strasse": {"straße", "stra", "stra", "str"}, // ß; the prefix before "ss"; half of seven is four
		"kriss":   {"kriß", "kri"},                   // the prefix before a transliteration at index 3
		"abcdef":  {"abc", "abc"},                    // six runes: halves
		"abcde":   nil,                               // five runes, nothing to spell: no fallback
	} {
		assert.Equal(t, want, FallbackTexts(wd), wd)
	}
}
