package fake

import (
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"

	registerdata "github.com/registerdata/registerdata-go"
)

// Register searches find a company however a German name is spelt: with
// umlauts or spelt out ("Müller" and "Mueller", "Großhandel" and
// "Grosshandel"), as one word or two ("NordBau", "Nord Bau", "Nord-Bau").
// The autocomplete does so through three hooks: the words it indexes
// (indexWords, through nameWords), the words it reads from a query
// (queryWords) and a second try of a query of several words as one
// (autocompleteJoined).

// spellOut writes umlauts and ß spelt out, as German does without them.
var spellOut = strings.NewReplacer("ä", "ae", "ö", "oe", "ü", "ue", "ß", "ss")

// indexWords are the words of a name the autocomplete finds it by, each
// once: every lower-case word with umlauts and ß spelt out, and every two
// neighbouring words written as one.
func indexWords(name string) []string {
	ws := queryWords(name)
	n := len(ws)
	for i := 0; i+1 < n; i++ {
		ws = append(ws, ws[i]+ws[i+1])
	}
	slices.Sort(ws)
	return slices.Compact(ws)
}

// queryWords are the words of a query in the same spelling, in order.
func queryWords(query string) []string {
	lower := strings.ToLower(query)
	if !isASCII(lower) { // only umlauts and ß are spelt out
		lower = spellOut.Replace(lower)
	}
	return letterRuns(lower)
}

func isASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= utf8.RuneSelf {
			return false
		}
	}
	return true
}

// autocompleteJoined answers a query; when a query of several words
// finds fewer than AutocompleteLimit companies, the words written as
// one find the rest ("nord bau" finds "NordBau GmbH"), unless
// WithExactNames.
func (s *Server) autocompleteJoined(query string) []registerdata.CompanySearchResult {
	out := s.autocomplete(query)
	ws := queryWords(query)
	if len(out) == AutocompleteLimit || len(ws) < 2 || s.cfg.exactNames {
		return out
	}
	for _, r := range s.autocomplete(strings.Join(ws, "")) {
		if len(out) == AutocompleteLimit {
			break
		}
		if !slices.ContainsFunc(out, func(o registerdata.CompanySearchResult) bool { return o.CompanyID == r.CompanyID }) {
			out = append(out, r)
		}
	}
	return out
}

// letterRuns splits s into its runs of letters and digits.
func letterRuns(s string) []string {
	return strings.FieldsFunc(s, func(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsDigit(r) })
}
