package matchtext

import (
	"slices"
	"strings"
	"sync"
	"unicode"
)

// Name is a company name reduced to what identifies it: its words
// without legal form and state, spelt the one way (see foldWord), and
// what was stripped. Normalize makes one.
type Name struct {
	Words       []string // core words, folded
	Joined      string   // the core words without spaces: "Solar-Technik" and "Solartechnik" agree
	Form        string   // legal form key ("gmbh", "gmbhcokg", ...), "" when none is written
	Liquidation bool     // "i.L.", "in Liquidation", "in Abwicklung"
	Founding    bool     // "i.G.", "in Gründung"
}

// formPattern is one spelling of a legal form: its folded words and the
// form's key.
type formPattern struct {
	words []string
	key   string
}

// legalFormPatterns are the spellings of legal forms and states, as
// sequences of folded words, longest first within each key's list. A
// name's words are scanned for them left to right, longest match first.
// They are folded on first use, not when a program linking the SDK
// starts.
var legalFormPatterns = sync.OnceValue(func() []formPattern {
	return []formPattern{
		{w("gesellschaft mit beschrankter haftung und compagnie kommanditgesellschaft"), "gmbhcokg"},
		{w("gesellschaft mit beschrankter haftung und co kg"), "gmbhcokg"}, {w("gmbh u co kg"), "gmbhcokg"},
		{w("se und co kgaa"), "kgaa"}, {w("se co kgaa"), "kgaa"}, {w("ag und co kgaa"), "kgaa"}, {w("kg a a"), "kgaa"},
		{w("gmbh und compagnie kommanditgesellschaft"), "gmbhcokg"},
		{w("gmbh und co kgaa"), "kgaa"}, {w("gmbh co kgaa"), "kgaa"},
		{w("gmbh und co kg"), "gmbhcokg"}, {w("gmbh co kg"), "gmbhcokg"}, {w("gmbhcokg"), "gmbhcokg"},
		{w("ug haftungsbeschrankt und co kg"), "gmbhcokg"}, {w("ug und co kg"), "gmbhcokg"}, {w("ug co kg"), "gmbhcokg"},
		{w("ag und co kg"), "gmbhcokg"}, {w("ag co kg"), "gmbhcokg"}, {w("se und co kg"), "gmbhcokg"}, {w("se co kg"), "gmbhcokg"},
		{w("gesellschaft mit beschrankter haftung"), "gmbh"}, {w("gesellschaft mbh"), "gmbh"}, {w("ges mbh"), "gmbh"},
		{w("ges m b h"), "gmbh"}, {w("g m b h"), "gmbh"}, {w("gesellschaft m b h"), "gmbh"}, {w("gmbh haftungsbeschrankt"), "gmbh"},
		{w("ges mit beschrankter haftung"), "gmbh"},
		{w("gemeinnutzige gesellschaft mit beschrankter haftung"), "ggmbh"}, {w("gemeinnutzige gesellschaft mbh"), "ggmbh"},
		{w("gemeinnutzige gmbh"), "ggmbh"}, {w("gem gmbh"), "ggmbh"}, {w("g gmbh"), "ggmbh"}, {w("ggmbh"), "ggmbh"},
		{w("ug haftungsbeschr"), "ug"}, {w("ug hb"), "ug"},
		{w("unternehmergesellschaft haftungsbeschrankt"), "ug"}, {w("ug haftungsbeschrankt"), "ug"}, {w("unternehmergesellschaft"), "ug"},
		{w("ug"), "ug"}, {w("gmbh"), "gmbh"}, {w("mbh"), "gmbh"},
		{w("kommanditgesellschaft auf aktien"), "kgaa"}, {w("kgaa"), "kgaa"},
		{w("aktiengesellschaft"), "ag"}, {w("akt ges"), "ag"}, {w("aktienges"), "ag"}, {w("a g"), "ag"}, {w("ag"), "ag"},
		{w("societas europaea"), "se"}, {w("europaische aktiengesellschaft"), "se"}, {w("europaische gesellschaft"), "se"},
		{w("s e"), "se"}, {w("se"), "se"},
		{w("kommanditgesellschaft"), "kg"}, {w("kg"), "kg"},
		{w("offene handelsgesellschaft"), "ohg"}, {w("o h g"), "ohg"}, {w("ohg"), "ohg"},
		{w("eingetragene genossenschaft"), "eg"}, {w("e g"), "eg"}, {w("eg"), "eg"},
		{w("eingetragener kaufmann"), "ek"}, {w("eingetragene kauffrau"), "ek"}, {w("e kfm"), "ek"}, {w("e kfr"), "ek"},
		{w("e k"), "ek"}, {w("ek"), "ek"},
		{w("eingetragener verein"), "ev"}, {w("e v"), "ev"}, {w("ev"), "ev"},
		{w("partnerschaftsgesellschaft mit beschrankter berufshaftung"), "partg"}, {w("partnerschaftsgesellschaft mbb"), "partg"},
		{w("partnerschaft mit beschrankter berufshaftung"), "partg"}, {w("partg mit beschrankter berufshaftung"), "partg"},
		{w("partnerschaft mbb"), "partg"}, {w("part mbb"), "partg"}, {w("partg mbb"), "partg"}, {w("partgmbb"), "partg"}, {w("partg"), "partg"},
		{w("partnerschaftsgesellschaft"), "partg"}, {w("partnerschaft"), "partg"}, {w("mbb"), "partg"},
		{w("europaische wirtschaftliche interessenvereinigung"), "ewiv"}, {w("ewiv"), "ewiv"},
		{w("gesellschaft burgerlichen rechts"), "gbr"}, {w("gbr"), "gbr"},
		{w("limited liability partnership"), "llp"}, {w("llp"), "llp"},
		{w("limited"), "ltd"}, {w("ltd"), "ltd"}, {w("inc"), "inc"},
	}
})

// statePattern is one spelling of a company's state: its folded words
// and whether it says the company is in liquidation (else: founding).
type statePattern struct {
	words       []string
	liquidation bool
}

// statePatterns are the spellings of a company's state in its name,
// folded on first use.
var statePatterns = sync.OnceValue(func() []statePattern {
	return []statePattern{
		{w("in liquidation"), true}, {w("in abwicklung"), true}, {w("i l"), true}, {w("il"), true}, {w("i liq"), true},
		{w("in liqu"), true}, {w("liquidation"), true},
		{w("in grundung"), false}, {w("i g"), false}, {w("i gr"), false},
	}
})

// wordAbbreviations spell the common abbreviations one way.
var wordAbbreviations = map[string]string{
	"doktor": "dr", "sankt": "st", "gebr": "gebruder", "gebrueder": "gebruder", "str": "strasse",
	"co": "", "und": "", "and": "", "u": "", "der": "", "die": "", "das": "", "von": "", "fur": "",
	"inh": "", "inhaber": "", "inhaberin": "", // "Bau Müller, Inh. Anna Müller": the owner's name stays
}

// nearForms are pairs of legal forms customers write for one another: a
// "GmbH & Co. KG" called a KG, a gGmbH or a UG called a GmbH.
var nearForms = map[[2]string]bool{
	{"kg", "gmbhcokg"}: true, {"gmbh", "ggmbh"}: true, {"gmbh", "ug"}: true,
}

// formsNear reports whether two different legal form keys are forms
// customers write for one another.
func formsNear(a, b string) bool { return nearForms[[2]string{a, b}] || nearForms[[2]string{b, a}] }

// w splits a pattern into words, folded as names are (foldWord).
func w(s string) []string {
	ws := strings.Fields(s)
	for i, x := range ws {
		ws[i] = foldWord(x)
	}
	return ws
}

// Normalize reduces name to its core words, legal form and state.
// NormalizeKept is the same, answered from the names normalised last.
func Normalize(name string) Name {
	raw := splitWords(name)
	var n Name
	for i := 0; i < len(raw); {
		if k, l := matchFormAt(raw, i); l > 0 {
			n.Form = k
			i += l
			continue
		}
		if liq, l := matchStateAt(raw, i); l > 0 {
			if liq {
				n.Liquidation = true
			} else {
				n.Founding = true
			}
			i += l
			continue
		}
		word := raw[i]
		i++
		if a, ok := wordAbbreviations[word]; ok {
			word = a
		}
		if word != "" && !slices.Contains(n.Words, word) { // a repeated word ("Müller Bau Inh. Anna Müller") counts once
			n.Words = append(n.Words, word)
		}
	}
	n.Joined = strings.Join(n.Words, "")
	return n
}

// matchFormAt is the key and the length in words of the first legal
// form pattern (legalFormPatterns' order) written at ws[i], or "", 0.
// The last word of a name is also read as a legal form written with one
// typo ("GmbG", "Gbmh", "Aktiengeselschaft"): see misspeltForm.
func matchFormAt(ws []string, i int) (string, int) {
	if i >= len(ws) {
		return "", 0
	}
	for _, p := range legalFormsByWord()[ws[i]] {
		if hasWordsAt(ws, i, p.words) {
			return p.key, len(p.words)
		}
	}
	if i == len(ws)-1 {
		if k := misspeltForm(ws[i]); k != "" {
			return k, 1
		}
	}
	if i == len(ws)-2 { // "Partnerschft mbB": a misspelt form, then a word of the same form
		if k := misspeltForm(ws[i]); k != "" {
			for _, p := range legalFormsByWord()[ws[i+1]] {
				if len(p.words) == 1 && p.key == k {
					return k, 2
				}
			}
		}
	}
	return "", 0
}

// misspeltForms are the legal forms of one word that one typo leaves
// unmistakable, folded: no word of a name is one typo from them ("partg"
// is not among them: "Parts" is one from it).
var misspeltForms = sync.OnceValue(func() []formPattern {
	return []formPattern{
		{w("gmbh"), "gmbh"}, {w("ggmbh"), "ggmbh"}, {w("gmbhcokg"), "gmbhcokg"}, {w("aktiengesellschaft"), "ag"},
		{w("kommanditgesellschaft"), "kg"}, {w("unternehmergesellschaft"), "ug"}, {w("partnerschaft"), "partg"},
		{w("partnerschaftsgesellschaft"), "partg"}, {w("haftungsbeschrankt"), "ug"},
	}
})

// misspeltForm is the key of the one-word legal form word is one typo
// away from (a swap, a letter more, less or wrong, the first letter kept:
// "gmbg", "gbmh", "aktiengeselschaft"), or "".
func misspeltForm(word string) string {
	if len(word) < 4 {
		return ""
	}
	key := ""
	for _, p := range misspeltForms() {
		f := p.words[0]
		if f[0] != word[0] || editDistance(word, f, 1) != 1 {
			continue
		}
		if key != "" && key != p.key {
			return "" // near two forms: neither
		}
		key = p.key
	}
	return key
}

// matchStateAt is matchFormAt for the state patterns.
func matchStateAt(ws []string, i int) (bool, int) {
	if i >= len(ws) {
		return false, 0
	}
	for _, p := range statesByWord()[ws[i]] {
		if hasWordsAt(ws, i, p.words) {
			return p.liquidation, len(p.words)
		}
	}
	return false, 0
}

// legalFormsByWord and statesByWord hold the patterns by their first
// word, each list in the patterns' order: a name's word is compared
// only with the patterns that can start at it.
var (
	legalFormsByWord = sync.OnceValue(func() map[string][]formPattern { return byFirstWord(legalFormPatterns(), formPattern.first) })
	statesByWord     = sync.OnceValue(func() map[string][]statePattern { return byFirstWord(statePatterns(), statePattern.first) })
)

func (p formPattern) first() string  { return p.words[0] }
func (p statePattern) first() string { return p.words[0] }

func byFirstWord[P any](ps []P, first func(P) string) map[string][]P {
	m := map[string][]P{}
	for _, p := range ps {
		m[first(p)] = append(m[first(p)], p)
	}
	return m
}

func hasWordsAt(ws []string, i int, p []string) bool {
	if i+len(p) > len(ws) {
		return false
	}
	for j, x := range p {
		if ws[i+j] != x {
			return false
		}
	}
	return true
}

// splitWords splits s into folded words: "&" and "+" are "und", every
// other character that is not a letter or digit separates words.
func splitWords(s string) []string {
	s = andReplacer.Replace(s)
	fields := strings.FieldsFunc(s, func(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsDigit(r) })
	out := fields[:0]
	for _, f := range fields {
		out = append(out, foldWord(f))
	}
	return out
}

var (
	andReplacer     = strings.NewReplacer("&", " und ", "+", " und ")
	digraphReplacer = strings.NewReplacer("ae", "a", "oe", "o", "ue", "u")
	umlautReplacer  = strings.NewReplacer("ae", "ä", "oe", "ö", "ue", "ü")
)

// letterFold spells letters with diacritics as their base letter.
var letterFold = map[rune]string{
	'ä': "a", 'ö': "o", 'ü': "u", 'ß': "ss", 'ı': "i", 'ş': "s", 'ç': "c", 'ğ': "g", 'é': "e", 'è': "e",
	'ê': "e", 'á': "a", 'à': "a", 'â': "a", 'ó': "o", 'ò': "o", 'ô': "o", 'í': "i", 'ì': "i", 'ú': "u",
	'ñ': "n", 'ø': "o", 'å': "a", 'ł': "l", 'ś': "s", 'ż': "z", 'ź': "z", 'ć': "c", 'č': "c", 'š': "s",
	'ž': "z", 'ř': "r", 'ń': "n", 'ę': "e", 'ą': "a", 'æ': "ae", 'œ': "oe",
}

// foldWord lower-cases a word and spells umlauts and their
// transliterations one way: "Müller", "Mueller" and "Muller" are all
// "muller", "Straße" is "strasse".
func foldWord(s string) string {
	out := strings.ToLower(s)
	if !isASCII(out) {
		var b strings.Builder
		b.Grow(len(out))
		for _, r := range out {
			if r < 0x80 {
				b.WriteByte(byte(r))
				continue
			}
			if f, ok := letterFold[r]; ok {
				b.WriteString(f)
				continue
			}
			b.WriteRune(r)
		}
		out = b.String()
	}
	if strings.Contains(out, "ae") || strings.Contains(out, "oe") || strings.Contains(out, "ue") {
		out = digraphReplacer.Replace(out)
	}
	return out
}

func isASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= 0x80 {
			return false
		}
	}
	return true
}

// foldCity reduces a city name or a street for comparison: folded
// words joined by one space ("Frankfurt a. M." and "Frankfurt am Main"
// stay apart; the comparison treats a district as part of its city).
func foldCity(s string) string {
	return strings.Join(splitWords(s), " ")
}

// formNames spell a legal form key for reasons.
var formNames = map[string]string{
	"gmbh": "GmbH", "gmbhcokg": "GmbH & Co. KG", "ggmbh": "gGmbH", "ug": "UG (haftungsbeschränkt)", "ag": "AG",
	"se": "SE", "kg": "KG", "kgaa": "KGaA", "ohg": "OHG", "eg": "eG", "ek": "e.K.", "ev": "e.V.", "partg": "PartG",
	"ewiv": "EWIV", "gbr": "GbR", "llp": "LLP", "ltd": "Ltd.", "inc": "Inc.",
}

// registerForms spell a legal form key as the register writes it in
// names.
var registerForms = map[string]string{
	"gmbh": "GmbH", "gmbhcokg": "GmbH & Co. KG", "ggmbh": "gGmbH", "ug": "UG (haftungsbeschränkt)", "ag": "AG",
	"se": "SE", "kg": "KG", "kgaa": "KGaA", "ohg": "OHG", "eg": "eG", "ek": "e.K.", "ev": "e.V.", "partg": "Partnerschaft mbB",
	"ewiv": "EWIV", "gbr": "GbR", "llp": "LLP", "ltd": "Ltd.", "inc": "Inc.",
}

// RegisterForm spells the legal form key (Name.Form) as the register
// writes it in names ("ug" is "UG (haftungsbeschränkt)"); "" for none.
func RegisterForm(key string) string { return registerForms[key] }

// FinalForm is the legal form key of name only when it is certain: the
// name writes exactly one legal form, and it ends the name (a state such
// as "i.L." may follow). "Müller OHG" is "ohg"; "OHG Müller", "Müller
// GmbH Bau KG" and "Müller" are "".
func FinalForm(name string) string {
	raw := splitWords(name)
	key, end, forms := "", 0, 0
	for i := 0; i < len(raw); {
		if k, l := matchFormAt(raw, i); l > 0 {
			key, forms = k, forms+1
			i += l
			end = i
			continue
		}
		if _, l := matchStateAt(raw, i); l > 0 && end == i {
			i += l
			end = i
			continue
		}
		i++
	}
	if forms != 1 || end != len(raw) {
		return ""
	}
	return key
}
