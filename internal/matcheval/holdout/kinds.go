package holdout

import (
	"strings"
	"unicode"
	"unicode/utf8"

	registerdata "github.com/registerdata/registerdata-go"
	"github.com/registerdata/registerdata-go/internal/matcheval"
)

// rec is a record being built: the query and what it tells about the
// company (for the label).
type rec struct {
	q          registerdata.MatchQuery
	i          int    // the company meant
	formFamily string // the legal form the record states, "" when none
	noCity     bool   // never add a city or postal code
}

// kind is one kind of noise: make builds one record of it, or reports
// that the company drawn does not suit it.
type kind struct {
	name string
	make func(*builder) (matcheval.Case, bool)
}

var kindList = []kind{
	{"postal_only", (*builder).postalOnly},
	{"compound", (*builder).compound},
	{"umlaut_spelt_out", (*builder).umlautSpeltOut},
	{"city_variant", (*builder).cityVariant},
	{"form_spelt_out", (*builder).formSpeltOut},
	{"form_abbreviated", (*builder).formAbbreviated},
	{"form_dropped", (*builder).formDropped},
	{"register_only", (*builder).registerOnly},
	{"no_city", (*builder).noCity},
	{"typo", (*builder).typo},
	{"same_name_no_city", (*builder).sameNameNoCity},
	{"and_sign", (*builder).andSign},
	{"owner_named", (*builder).ownerNamed},
	{"initials", (*builder).initials},
	{"hyphen_missing", (*builder).hyphenMissing},
	{"old_address", (*builder).oldAddress},
}

// draw picks a company that ok accepts, or -1.
func (b *builder) draw(ok func(company) bool) int {
	for range 400 {
		i := b.r.IntN(len(b.all))
		if b.r.IntN(3) == 0 { // curated and hard cases carry most of the odd names
			for range 50 {
				if j := b.r.IntN(len(b.all)); b.all[j].other {
					i = j
					break
				}
			}
		}
		if ok(b.all[i]) {
			return i
		}
	}
	return -1
}

// finish adds the address parts the record carries and labels it: the
// company, or "" when another company fits the record as well.
func (b *builder) finish(r rec, name string) (matcheval.Case, bool) {
	t := b.all[r.i]
	if name != "" {
		core, _ := splitForm(name)
		if k := identity(core); k != t.key && b.taken(k) {
			return matcheval.Case{}, false // the noise wrote another company's name
		}
	}
	city, postal := r.q.City != "", r.q.PostalCode != ""
	if !r.noCity && r.q.City == "" && r.q.PostalCode == "" {
		switch n := b.r.IntN(10); {
		case n < 6:
			r.q.City, city = t.c.Address.City, true
		case n < 8:
			r.q.City, r.q.PostalCode, city, postal = t.c.Address.City, t.c.Address.PostalCode, true, true
		}
		if city && b.r.IntN(6) == 0 {
			r.q.Street = t.c.Address.Street
		}
	}
	cs := matcheval.Case{Query: r.q, Want: t.c.ID}
	if r.q.Register == "" && b.ambiguous(r.i, t.key, r.formFamily, city, postal, r.q.Street) {
		cs.Want = ""
	}
	return cs, true
}

// withForm writes core and a form, the form dropped when it is "".
func withForm(core, form string) string {
	if form == "" {
		return core
	}
	return core + " " + form
}

func (b *builder) postalOnly() (matcheval.Case, bool) {
	i := b.draw(func(c company) bool { return c.c.Address.PostalCode != "" })
	if i < 0 {
		return matcheval.Case{}, false
	}
	t := b.all[i]
	r := rec{i: i, formFamily: family(t.form)}
	name := t.c.Name.Name
	if b.r.IntN(3) == 0 {
		name, r.formFamily = t.core, ""
	}
	r.q = registerdata.MatchQuery{Name: name, PostalCode: t.c.Address.PostalCode}
	if b.r.IntN(3) == 0 {
		r.q.Street = t.c.Address.Street
	}
	return b.finish(r, name)
}

// splitCamel splits "NordBau" into "Nord" and "Bau" at its inner
// capital, or reports that there is none.
func splitCamel(w string) (string, string, bool) {
	rs := []rune(w)
	for i := 1; i < len(rs); i++ {
		if unicode.IsUpper(rs[i]) && unicode.IsLower(rs[i-1]) {
			return string(rs[:i]), string(rs[i:]), true
		}
	}
	return "", "", false
}

func (b *builder) compound() (matcheval.Case, bool) {
	i := b.draw(func(c company) bool {
		for _, w := range strings.Fields(c.core) {
			if _, _, ok := splitCamel(w); ok || strings.Contains(w, "-") {
				return true
			}
		}
		return len(strings.Fields(c.core)) == 2
	})
	if i < 0 {
		return matcheval.Case{}, false
	}
	t := b.all[i]
	ws := strings.Fields(t.core)
	changed := false
	for j, w := range ws {
		if a, z, ok := splitCamel(w); ok {
			switch b.r.IntN(4) {
			case 0:
				ws[j] = a + " " + z
			case 1:
				ws[j] = a + "-" + z
			default:
				ws[j] = a + strings.ToLower(z)
			}
			changed = true
		} else if strings.Contains(w, "-") && !strings.HasSuffix(w, "-") {
			ws[j] = strings.ReplaceAll(w, "-", pick(b.r, []string{" ", ""}))
			changed = true
		}
	}
	core := strings.Join(ws, " ")
	if !changed && len(ws) == 2 {
		z := ws[1]
		if strings.ContainsAny(z[:1], "ABCDEFGHIJKLMNOPQRSTUVWXYZ") && b.r.IntN(2) == 0 {
			z = strings.ToLower(z[:1]) + z[1:]
		}
		core, changed = ws[0]+z, true
	}
	if !changed {
		return matcheval.Case{}, false
	}
	form := t.form
	if b.r.IntN(3) == 0 {
		form = ""
	}
	r := rec{i: i, formFamily: family(form), q: registerdata.MatchQuery{Name: withForm(core, form)}}
	return b.finish(r, r.q.Name)
}

var speltOut = strings.NewReplacer("ä", "ae", "ö", "oe", "ü", "ue", "Ä", "Ae", "Ö", "Oe", "Ü", "Ue", "ß", "ss")

func (b *builder) umlautSpeltOut() (matcheval.Case, bool) {
	i := b.draw(func(c company) bool { return strings.ContainsAny(c.core, "äöüÄÖÜß") })
	if i < 0 {
		return matcheval.Case{}, false
	}
	t := b.all[i]
	core := speltOut.Replace(t.core)
	switch b.r.IntN(4) {
	case 0: // the umlauts dropped, not spelt out, as on some keyboards
		core = strings.NewReplacer("ä", "a", "ö", "o", "ü", "u", "Ä", "A", "Ö", "O", "Ü", "U", "ß", "ss").Replace(t.core)
	case 1:
		core = strings.ToUpper(core)
	}
	form := t.form
	if b.r.IntN(2) == 0 {
		form = ""
	}
	r := rec{i: i, formFamily: family(form), q: registerdata.MatchQuery{Name: withForm(core, form)}}
	if b.r.IntN(2) == 0 {
		r.q.City = speltOut.Replace(t.c.Address.City)
	}
	return b.finish(r, r.q.Name)
}

// cityVariants are the ways customers write a city: short names,
// transliterations, districts with and without the city.
var cityVariants = map[string][]string{
	"Frankfurt am Main":    {"Frankfurt", "Frankfurt a.M.", "Frankfurt/Main", "Frankfurt-Sachsenhausen", "Frankfurt-Höchst"},
	"München":              {"Muenchen", "Munchen", "München-Schwabing", "Schwabing", "München-Pasing"},
	"Köln":                 {"Koeln", "Köln-Ehrenfeld", "Köln-Deutz", "Ehrenfeld"},
	"Berlin":               {"Berlin-Mitte", "Berlin-Kreuzberg", "Kreuzberg", "Berlin Charlottenburg", "Berlin-Prenzlauer Berg"},
	"Hamburg":              {"Hamburg-Altona", "Altona", "Hamburg-Wandsbek", "Hamburg-Harburg"},
	"Düsseldorf":           {"Duesseldorf", "Düsseldorf-Bilk", "Dusseldorf"},
	"Nürnberg":             {"Nuernberg", "Nürnberg-Langwasser", "Nurnberg"},
	"Freiburg im Breisgau": {"Freiburg", "Freiburg i. Br.", "Freiburg/Breisgau"},
	"Stuttgart":            {"Stuttgart-Vaihingen", "Bad Cannstatt", "Stuttgart-Feuerbach"},
	"Hannover":             {"Hannover-Linden", "Hannover-List"},
	"Leipzig":              {"Leipzig-Plagwitz", "Leipzig-Gohlis"},
	"Dresden":              {"Dresden-Neustadt", "Dresden-Blasewitz"},
	"Bremen":               {"Bremen-Vegesack"},
	"Essen":                {"Essen-Rüttenscheid", "Essen-Steele"},
	"Dortmund":             {"Dortmund-Hörde"},
	"Münster":              {"Muenster", "Münster (Westf.)"},
	"Rostock":              {"Rostock-Warnemünde", "Warnemünde"},
	"Saarbrücken":          {"Saarbruecken"},
	"Würzburg":             {"Wuerzburg"},
	"Lübeck":               {"Luebeck", "Lübeck-Travemünde"},
}

func (b *builder) cityVariant() (matcheval.Case, bool) {
	i := b.draw(func(c company) bool { return len(cityVariants[c.c.Address.City]) > 0 })
	if i < 0 {
		return matcheval.Case{}, false
	}
	t := b.all[i]
	name, fam := t.c.Name.Name, family(t.form)
	if b.r.IntN(3) == 0 {
		name, fam = t.core, ""
	}
	r := rec{i: i, formFamily: fam, q: registerdata.MatchQuery{Name: name, City: pick(b.r, cityVariants[t.c.Address.City])}}
	return b.finish(r, name)
}

// speltForms are legal forms written out in words.
var speltForms = map[string][]string{
	"GmbH":                    {"Gesellschaft mit beschränkter Haftung", "Gesellschaft mbH", "Ges. mit beschränkter Haftung"},
	"AG":                      {"Aktiengesellschaft"},
	"KG":                      {"Kommanditgesellschaft"},
	"OHG":                     {"Offene Handelsgesellschaft", "oHG"},
	"eG":                      {"eingetragene Genossenschaft"},
	"e.K.":                    {"eingetragener Kaufmann", "eingetragene Kauffrau"},
	"e.V.":                    {"eingetragener Verein"},
	"UG (haftungsbeschränkt)": {"Unternehmergesellschaft (haftungsbeschränkt)", "Unternehmergesellschaft haftungsbeschränkt"},
	"GmbH & Co. KG":           {"GmbH und Compagnie Kommanditgesellschaft", "Gesellschaft mit beschränkter Haftung & Co. KG"},
	"gGmbH":                   {"gemeinnützige Gesellschaft mit beschränkter Haftung", "gemeinnützige GmbH"},
	"SE":                      {"Europäische Gesellschaft", "Societas Europaea"},
	"KGaA":                    {"Kommanditgesellschaft auf Aktien"},
	"Partnerschaft mbB":       {"Partnerschaftsgesellschaft mit beschränkter Berufshaftung", "Partnerschaftsgesellschaft mbB"},
}

// shortForms are legal forms abbreviated as customers do.
var shortForms = map[string][]string{
	"GmbH":                    {"G.m.b.H.", "Ges.m.b.H.", "mbH"},
	"AG":                      {"A.G.", "Akt.-Ges."},
	"OHG":                     {"o.H.G."},
	"eG":                      {"e.G.", "EG"},
	"e.K.":                    {"e. Kfm.", "e.Kfr.", "eK", "e. K."},
	"e.V.":                    {"e. V.", "EV"},
	"UG (haftungsbeschränkt)": {"UG (haftungsbeschr.)", "UG haftungsbeschränkt", "UG (hb)"},
	"GmbH & Co. KG":           {"GmbH u. Co KG", "GmbH&Co.KG", "GmbH + Co. KG", "GmbH & Co KG"},
	"gGmbH":                   {"gem. GmbH", "g.GmbH"},
	"KGaA":                    {"KG a.A."},
	"Partnerschaft mbB":       {"PartG mbB", "PartGmbB", "Part mbB"},
}

func (b *builder) reform(alts map[string][]string) (matcheval.Case, bool) {
	i := b.draw(func(c company) bool { return len(alts[c.form]) > 0 })
	if i < 0 {
		return matcheval.Case{}, false
	}
	t := b.all[i]
	name := t.core + " " + pick(b.r, alts[t.form])
	r := rec{i: i, formFamily: family(t.form), q: registerdata.MatchQuery{Name: name}}
	return b.finish(r, "")
}

func (b *builder) formSpeltOut() (matcheval.Case, bool)    { return b.reform(speltForms) }
func (b *builder) formAbbreviated() (matcheval.Case, bool) { return b.reform(shortForms) }

func (b *builder) formDropped() (matcheval.Case, bool) {
	i := b.draw(func(c company) bool { return c.form != "" })
	if i < 0 {
		return matcheval.Case{}, false
	}
	t := b.all[i]
	r := rec{i: i, q: registerdata.MatchQuery{Name: t.core}}
	return b.finish(r, t.core)
}

func (b *builder) noCity() (matcheval.Case, bool) {
	i := b.draw(func(c company) bool { return true })
	if i < 0 {
		return matcheval.Case{}, false
	}
	t := b.all[i]
	r := rec{i: i, formFamily: family(t.form), noCity: true, q: registerdata.MatchQuery{Name: t.c.Name.Name}}
	return b.finish(r, t.c.Name.Name)
}

func (b *builder) sameNameNoCity() (matcheval.Case, bool) {
	i := b.draw(func(c company) bool { return len(b.byKey[c.key]) > 1 })
	if i < 0 {
		return matcheval.Case{}, false
	}
	t := b.all[i]
	name, fam := t.c.Name.Name, family(t.form)
	if b.r.IntN(2) == 0 {
		name, fam = t.core, ""
	}
	r := rec{i: i, formFamily: fam, noCity: true, q: registerdata.MatchQuery{Name: name}}
	return b.finish(r, name)
}

// neighbours are keys next to each other on a German keyboard.
var neighbours = map[rune]string{
	'a': "sq", 'e': "wr", 'i': "uo", 'o': "ip", 'u': "zi", 'n': "bm", 'r': "et", 's': "ad", 't': "rz",
	'l': "kö", 'c': "xv", 'h': "gj", 'g': "fh", 'm': "n", 'k': "jl", 'd': "sf", 'b': "vn", 'z': "tu",
}

func (b *builder) typo() (matcheval.Case, bool) {
	i := b.draw(func(c company) bool {
		for _, w := range strings.Fields(c.core) {
			if utf8.RuneCountInString(w) >= 7 {
				return true
			}
		}
		return false
	})
	if i < 0 {
		return matcheval.Case{}, false
	}
	t := b.all[i]
	ws := strings.Fields(t.core)
	j := 0
	for k, w := range ws {
		if utf8.RuneCountInString(w) > utf8.RuneCountInString(ws[j]) {
			j = k
		}
	}
	rs := []rune(ws[j])
	p := 2 + b.r.IntN(len(rs)-2) // the first two letters stay: people rarely mistype them
	switch b.r.IntN(3) {
	case 0: // a neighbouring key
		if n, ok := neighbours[unicode.ToLower(rs[p])]; ok {
			rs[p] = []rune(n)[b.r.IntN(utf8.RuneCountInString(n))]
		} else {
			return matcheval.Case{}, false
		}
	case 1: // a letter left out
		rs = append(rs[:p:p], rs[p+1:]...)
	default: // a letter typed twice
		rs = append(rs[:p+1:p+1], rs[p:]...)
	}
	ws[j] = string(rs)
	form := t.form
	if b.r.IntN(3) == 0 {
		form = ""
	}
	r := rec{i: i, formFamily: family(form), q: registerdata.MatchQuery{Name: withForm(strings.Join(ws, " "), form)}}
	return b.finish(r, r.q.Name)
}
