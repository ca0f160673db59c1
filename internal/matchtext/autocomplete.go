package matchtext

import (
	"strings"
	"unicode"
)

// AutocompleteWords are the words of a name worth sending to the
// autocomplete: lower case, as written, without legal form, state and
// filler words.
func AutocompleteWords(name string) []string {
	out := CoreWords(name)
	for i, w := range out {
		out[i] = strings.ToLower(w)
	}
	return out
}

// CoreWords are AutocompleteWords with their case as written
// ("NeckarMaschinen"): the words of the name without legal form, state
// and filler words.
func CoreWords(name string) []string {
	raw := strings.FieldsFunc(name, func(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsDigit(r) })
	folded := make([]string, len(raw))
	for i, r := range raw {
		folded[i] = foldWord(r)
	}
	var out []string
	for i := 0; i < len(raw); {
		if _, l := matchFormAt(folded, i); l > 0 {
			i += l
			continue
		}
		if _, l := matchStateAt(folded, i); l > 0 {
			i += l
			continue
		}
		if a, ok := wordAbbreviations[folded[i]]; ok && a == "" || len(raw[i]) < 2 {
			i++
			continue
		}
		out = append(out, raw[i])
		i++
	}
	return out
}

// FallbackTexts are the autocomplete texts tried for a word when nothing
// fits: its umlaut spellings, the prefix before its first
// transliteration (ae, oe, ue, ss), and its first half.
func FallbackTexts(wd string) []string {
	var out []string
	if t := transliterated(wd); t != wd {
		out = append(out, t) // "müller" as "mueller", "groß" as "gross"
	}
	if u := umlautSpelling(wd); u != wd {
		out = append(out, u)
		if b := strings.ReplaceAll(u, "ss", "ß"); b != u {
			out = append(out, b)
		}
	} else if b := strings.ReplaceAll(wd, "ss", "ß"); b != wd {
		out = append(out, b)
	}
	r := []rune(wd)
	if i := indexTransliteration(wd); i >= 3 {
		out = append(out, wd[:i])
	}
	if len(r) >= 6 {
		out = append(out, string(r[:(len(r)+1)/2]), string(r[:3]))
	}
	return out
}

// indexTransliteration is the byte index of the first ae, oe, ue or ss
// in s, or -1.
func indexTransliteration(s string) int {
	i := -1
	for _, d := range []string{"ae", "oe", "ue", "ss"} {
		if j := strings.Index(s, d); j >= 0 && (i < 0 || j < i) {
			i = j
		}
	}
	return i
}

// transliterated spells a word's umlauts and ß out ("müller" as
// "mueller", "groß" as "gross").
func transliterated(s string) string { return transliterationReplacer.Replace(s) }

var transliterationReplacer = strings.NewReplacer("ä", "ae", "ö", "oe", "ü", "ue", "ß", "ss")

// umlautSpelling writes the transliterations ae, oe, ue of a word as
// umlauts ("mueller" as "müller").
func umlautSpelling(s string) string {
	return umlautReplacer.Replace(s)
}
