package registerdata

import (
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/registerdata/registerdata-go/internal/matchtext"
)

// Customers spell a company's name in ways the register does not:
// compounds split, hyphenated or joined ("Neckar-Maschinen" for
// "NeckarMaschinen"), umlauts spelt out or dropped ("SuedDruck",
// "SudDruck" for "SüdDruck"), ß as ss, the legal form spelt out,
// abbreviated, misspelt or left out. The service's documentation does
// not say how far its autocomplete reads such spellings, so the matcher
// does not rely on it: it sends the free autocomplete a few spellings of
// the name itself, the legal form as the register writes it, and stops
// at the first answer that decides.

// maxNameVariants bounds the spellings of a name one match sends to the
// autocomplete, the name as written among them.
const maxNameVariants = 6

// nameVariant is one spelling of the query's name sent to the free
// autocomplete: its core words, and when the query gives a legal form
// the narrower text with the form as the register writes it, asked when
// the core's answer is full.
type nameVariant struct {
	text     string // the autocomplete's text, lower case (the autocomplete ignores case, a cache does not)
	withForm string // text and the legal form, "" when the query gives none
	shown    string // the spelling as Match.Reasons write it: "NeckarMaschinen GmbH"
	how      string // what differs from the query's spelling ("words joined"); "" when nothing does
}

// nameVariants are the spellings of name worth sending to the
// autocomplete, most likely first, at most maxNameVariants: as written,
// compounds joined or split, umlauts written or spelt out, ß for ss,
// dropped umlauts put back.
func nameVariants(name string) []nameVariant {
	core := matchtext.CoreWords(name)
	if len(core) == 0 {
		return nil
	}
	form := matchtext.RegisterForm(matchtext.Normalize(name).Form)
	var out []nameVariant
	seen := map[string]bool{}
	add := func(words []string, how string) {
		text := strings.Join(words, " ")
		key := strings.ToLower(text)
		if len(out) == maxNameVariants || seen[key] || text == "" || len(text)+len(form)+1 > maxAutocompleteQuery {
			return
		}
		seen[key] = true
		v := nameVariant{text: key, shown: text, how: how}
		if form != "" {
			v.withForm = strings.ToLower(text + " " + form)
			v.shown = text + " " + form
		}
		out = append(out, v)
	}
	add(core, "")
	spellings := []struct {
		words []string
		how   string
	}{
		{joinedWords(name, core), "words joined"},
		{splitCompounds(core), "words split"},
		{mapWords(core, umlautsWritten), "umlauts written ä, ö, ü"},
		{mapWords(core, umlautsSpeltOut), "umlauts spelt out"},
		{mapWords(core, func(s string) string { return strings.ReplaceAll(s, "ss", "ß") }), "ß for ss"},
	}
	for _, sp := range spellings {
		if sp.words != nil {
			add(sp.words, sp.how)
		}
	}
	for _, words := range umlautsRestored(core, 2) {
		add(words, "umlaut put back")
	}
	return out
}

// joinedWords writes the core words the query separates with a hyphen,
// or two core words, as one ("Neckar-Maschinen", "Neckar Maschinen" as
// "NeckarMaschinen"); nil when nothing is to join.
func joinedWords(name string, core []string) []string {
	if strings.Contains(name, "-") {
		var out []string
		for _, part := range strings.Fields(name) {
			if !strings.Contains(part, "-") {
				continue
			}
			joined := matchtext.CoreWords(strings.ReplaceAll(part, "-", ""))
			pieces := matchtext.CoreWords(part)
			if len(joined) == 1 && len(pieces) > 1 {
				out = replaceRun(core, pieces, joined[0])
				core = out
			}
		}
		return out
	}
	if len(core) == 2 {
		return []string{core[0] + core[1]}
	}
	return nil
}

// replaceRun replaces the first run of words equal to run in ws with one.
func replaceRun(ws, run []string, one string) []string {
	for i := 0; i+len(run) <= len(ws); i++ {
		match := true
		for j := range run {
			if ws[i+j] != run[j] {
				match = false
				break
			}
		}
		if match {
			out := append([]string{}, ws[:i]...)
			out = append(out, one)
			return append(out, ws[i+len(run):]...)
		}
	}
	return ws
}

// splitCompounds writes a word with a capital inside ("NeckarMaschinen")
// as two words; nil when no word has one.
func splitCompounds(core []string) []string {
	var out []string
	split := false
	for _, w := range core {
		rs := []rune(w)
		cut := -1
		for i := 1; i < len(rs); i++ {
			if unicode.IsUpper(rs[i]) && unicode.IsLower(rs[i-1]) {
				cut = i
				break
			}
		}
		if cut < 0 {
			out = append(out, w)
			continue
		}
		split = true
		out = append(out, string(rs[:cut]), string(rs[cut:]))
	}
	if !split {
		return nil
	}
	return out
}

// mapWords applies f to every word; nil when no word changes.
func mapWords(core []string, f func(string) string) []string {
	out := make([]string, len(core))
	changed := false
	for i, w := range core {
		out[i] = f(w)
		changed = changed || out[i] != w
	}
	if !changed {
		return nil
	}
	return out
}

var (
	umlautWriter   = strings.NewReplacer("ae", "ä", "oe", "ö", "ue", "ü", "Ae", "Ä", "Oe", "Ö", "Ue", "Ü")
	umlautSpeller  = strings.NewReplacer("ä", "ae", "ö", "oe", "ü", "ue", "ß", "ss", "Ä", "Ae", "Ö", "Oe", "Ü", "Ue")
	umlautOfVowel  = map[rune]rune{'a': 'ä', 'o': 'ö', 'u': 'ü', 'A': 'Ä', 'O': 'Ö', 'U': 'Ü'}
	diphthongParts = "aeiouäöüAEIOUÄÖÜ"
)

// umlautsWritten writes ae, oe, ue as ä, ö, ü ("SuedDruck" as
// "SüdDruck").
func umlautsWritten(s string) string { return umlautWriter.Replace(s) }

// umlautsSpeltOut writes ä, ö, ü, ß as ae, oe, ue, ss.
func umlautsSpeltOut(s string) string { return umlautSpeller.Replace(s) }

// umlautsRestored are up to n spellings of the core words with one
// vowel a, o or u that stands alone written as its umlaut ("SudDruck"
// as "SüdDruck", "Muller" as "Müller"), the first vowels first, for a
// name written without umlauts; none when the name has umlauts or
// their transliterations already.
func umlautsRestored(core []string, n int) [][]string {
	for _, w := range core {
		if umlautsSpeltOut(w) != w || umlautsWritten(w) != w {
			return nil
		}
	}
	var out [][]string
	for i, w := range core {
		rs := []rune(w)
		for j, r := range rs {
			u, ok := umlautOfVowel[r]
			if !ok || j > 0 && strings.ContainsRune(diphthongParts, rs[j-1]) || j+1 < len(rs) && strings.ContainsRune(diphthongParts, rs[j+1]) {
				continue
			}
			if len(out) == n {
				return out
			}
			v := append([]rune{}, rs...)
			v[j] = u
			words := append([]string{}, core...)
			words[i] = string(v)
			out = append(out, words)
		}
	}
	return out
}

// typoTexts are the autocomplete texts tried when no spelling of the
// name fits, for a typo or a word the register does not write: for a
// name of several words, the name without one of them (longest first, at
// most three); for its longest word, its first three quarters, its first
// half and its first three letters (a typo further on leaves them
// intact); each narrowed by the legal form as nameVariants are.
func typoTexts(name string) []nameVariant {
	core := matchtext.CoreWords(name)
	if len(core) == 0 {
		return nil
	}
	form := matchtext.RegisterForm(matchtext.Normalize(name).Form)
	var out []nameVariant
	add := func(text, how string) {
		key := strings.ToLower(text)
		if slices.ContainsFunc(out, func(v nameVariant) bool { return v.text == key }) {
			return
		}
		v := nameVariant{text: key, shown: text, how: how}
		if form != "" {
			v.withForm = strings.ToLower(text + " " + form)
			v.shown = text + " " + form
		}
		out = append(out, v)
	}
	byLen := slices.Clone(core)
	slices.SortStableFunc(byLen, func(a, b string) int { return utf8.RuneCountInString(b) - utf8.RuneCountInString(a) })
	if len(core) >= 2 {
		for _, left := range byLen[:min(3, len(byLen))] {
			rest := slices.DeleteFunc(slices.Clone(core), func(w string) bool { return w == left })
			add(strings.Join(rest, " "), "without "+matchtext.Quote(left))
		}
	}
	if rs := []rune(byLen[0]); len(rs) >= 6 {
		for _, n := range []int{len(rs) * 3 / 4, (len(rs) + 1) / 2, 3} {
			add(string(rs[:n]), "first letters of "+matchtext.Quote(byLen[0]))
		}
	}
	return out
}
