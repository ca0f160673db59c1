package places

import (
	"strings"
	"sync"
	"sync/atomic"
	"unicode"
)

// districts are city districts customers write instead of their city,
// folded (see Fold), with the city they belong to.
var districts = sync.OnceValue(func() map[string]string {
	m := map[string]string{}
	for city, ds := range map[string][]string{
		"Berlin": {"Mitte", "Kreuzberg", "Charlottenburg", "Spandau", "Neukölln", "Pankow", "Schöneberg", "Prenzlauer Berg",
			"Friedrichshain", "Wedding", "Steglitz", "Tempelhof", "Wilmersdorf", "Zehlendorf", "Köpenick", "Lichtenberg",
			"Marzahn", "Hellersdorf", "Reinickendorf", "Treptow", "Moabit", "Tiergarten", "Weißensee", "Adlershof"},
		"Hamburg": {"Altona", "Eimsbüttel", "Eppendorf", "Harburg", "Bergedorf", "Wandsbek", "St. Pauli", "Sankt Pauli",
			"Ottensen", "Barmbek", "Winterhude", "Blankenese", "Billstedt", "Hammerbrook", "Rotherbaum", "Finkenwerder"},
		"München": {"Schwabing", "Sendling", "Bogenhausen", "Pasing", "Giesing", "Haidhausen", "Maxvorstadt", "Neuhausen",
			"Laim", "Moosach", "Trudering", "Milbertshofen", "Lehel", "Au", "Riem", "Obermenzing"},
		"Köln": {"Ehrenfeld", "Nippes", "Deutz", "Lindenthal", "Kalk", "Porz", "Chorweiler", "Rodenkirchen", "Sülz",
			"Bayenthal", "Braunsfeld", "Müngersdorf"},
		"Frankfurt am Main": {"Sachsenhausen", "Bornheim", "Bockenheim", "Höchst", "Nordend", "Westend", "Niederrad",
			"Rödelheim", "Fechenheim", "Gallus", "Ostend", "Bergen-Enkheim"},
		"Stuttgart":  {"Bad Cannstatt", "Cannstatt", "Vaihingen", "Degerloch", "Feuerbach", "Zuffenhausen", "Möhringen", "Untertürkheim"},
		"Düsseldorf": {"Bilk", "Oberkassel", "Benrath", "Pempelfort", "Flingern", "Gerresheim", "Derendorf", "Unterbilk"},
		"Leipzig":    {"Plagwitz", "Connewitz", "Gohlis", "Lindenau", "Reudnitz", "Schleußig"},
		"Dresden":    {"Blasewitz", "Striesen", "Loschwitz", "Pieschen", "Neustadt", "Klotzsche"},
		"Hannover":   {"Linden", "List", "Südstadt", "Nordstadt", "Döhren", "Kleefeld"},
		"Rostock":    {"Warnemünde"},
		"Lübeck":     {"Travemünde"},
		"Bremen":     {"Vegesack", "Schwachhausen", "Findorff"},
		"Essen":      {"Rüttenscheid", "Steele", "Kettwig", "Werden"},
		"Dortmund":   {"Hörde", "Aplerbeck", "Hombruch"},
		"Nürnberg":   {"Gostenhof", "Langwasser", "St. Johannis"},
	} {
		for _, d := range ds {
			m[Fold(d)] = city
		}
	}
	return m
})

// cityFillers are the small words of city names that do not tell two
// cities apart ("Frankfurt am Main", "Freiburg i. Br.").
var cityFillers = map[string]bool{"am": true, "an": true, "a": true, "im": true, "i": true, "in": true, "der": true, "d": true, "die": true}

// cityTitles are the titles a city's name may start with ("Hansestadt
// Rostock", "Landeshauptstadt München", "Freie und Hansestadt Hamburg"),
// folded: they do not name another city.
var cityTitles = map[string]bool{"hansestadt": true, "landeshauptstadt": true, "stadt": true, "freie": true, "und": true,
	"universitatsstadt": true, "kreisstadt": true, "grosse": true}

// Fold lower-cases a place name and spells umlauts and ß the one way
// ("München", "Muenchen" and "Munchen" are all "munchen"), other
// characters than letters and digits as one space.
func Fold(s string) string {
	var b strings.Builder
	space := true
	for _, r := range strings.ToLower(s) {
		switch r {
		case 'ä':
			b.WriteByte('a')
		case 'ö':
			b.WriteByte('o')
		case 'ü':
			b.WriteByte('u')
		case 'ß':
			b.WriteString("ss")
		default:
			if !unicode.IsLetter(r) && !unicode.IsDigit(r) {
				if !space {
					b.WriteByte(' ')
					space = true
				}
				continue
			}
			b.WriteRune(r)
			space = false
			continue
		}
		space = false
	}
	s = strings.TrimSpace(b.String())
	if strings.Contains(s, "e") {
		s = umlautSpellings.Replace(s)
	}
	return s
}

// umlautSpellings fold the spelled-out umlauts (built once: a Replacer
// builds its tables on first use, which cost more than the replacing).
var umlautSpellings = strings.NewReplacer("ae", "a", "oe", "o", "ue", "u")

// cityWords are the words that name a city in s: the part before a
// district separator ("Berlin-Mitte", "Frankfurt/Main", "Köln, Nippes"),
// folded, without filler words; a qualifier in parentheses stays, as it
// tells cities apart ("Frankfurt (Oder)"); a district written alone
// ("Schwabing") is its city.
func cityWords(s string) []string {
	if len(s) > maxCachedCity {
		return splitCityWords(s)
	}
	if w, ok := cityWordsCache.Load(s); ok {
		return w.([]string)
	}
	w := splitCityWords(s)
	if cityWordsCached.Load() < maxCachedCities {
		if _, loaded := cityWordsCache.LoadOrStore(s, w); !loaded {
			cityWordsCached.Add(1)
		}
	}
	return w
}

// cityWordsCache holds the words of city texts already split (a matcher
// compares the query's city with every candidate's, and a portfolio's
// import compares the same few hundred cities again and again), at most
// maxCachedCities texts of at most maxCachedCity bytes each, so that
// hostile answers cannot make it grow without bound. Its slices are
// shared: nothing may change them.
var (
	cityWordsCache  sync.Map
	cityWordsCached atomic.Int64
)

const (
	maxCachedCities = 8192
	maxCachedCity   = 64
)

// splitCityWords is cityWords without the cache.
func splitCityWords(s string) []string {
	s = strings.TrimSpace(s)
	if d, ok := districts()[Fold(s)]; ok {
		s = d
	}
	if i := strings.IndexAny(s, "-/,"); i > 0 {
		s = s[:i]
	}
	var out []string
	for _, w := range strings.Fields(Fold(s)) {
		if !cityFillers[w] && !(len(out) == 0 && cityTitles[w]) {
			out = append(out, w)
		}
	}
	return out
}

// SameCity reports whether two city texts name the same city: spellings
// (umlauts spelt out), short names ("Frankfurt" for "Frankfurt am Main",
// "Freiburg i. Br." for "Freiburg im Breisgau") and districts ("Berlin-
// Mitte", "Schwabing") count as their city. Texts that name no city are
// never the same.
func SameCity(a, b string) bool {
	x, y := cityWords(a), cityWords(b)
	if len(x) == 0 || len(y) == 0 || x[0] != y[0] {
		return false
	}
	for i := 1; i < min(len(x), len(y)); i++ {
		if !strings.HasPrefix(x[i], y[i]) && !strings.HasPrefix(y[i], x[i]) {
			return false // "Frankfurt (Oder)" and "Frankfurt am Main"
		}
	}
	return true
}

// CityOf returns the city a city text names as the register writes it
// when the text is a district of a known city or a spelling of a city of
// the postal table, else the text itself, trimmed.
func CityOf(s string) string {
	s = strings.TrimSpace(s)
	if d, ok := districts()[Fold(s)]; ok {
		return d
	}
	for _, r := range postalRanges {
		if SameCity(s, r.city) {
			return r.city
		}
	}
	return s
}
