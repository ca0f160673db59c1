package crm

import (
	"strings"
	"unicode"

	registerdata "github.com/registerdata/registerdata-go"
)

// kind is one kind of noise: make writes the record of company i, or
// reports that the company does not suit the kind.
type kind struct {
	name string
	make func(g *gen, i int) (record, bool)
}

var kinds = []kind{
	{"exact", (*gen).exact},
	{"upper_case", (*gen).upperCase},
	{"compound_split", (*gen).compoundSplit},
	{"compound_hyphen", (*gen).compoundHyphen},
	{"umlaut_dropped", (*gen).umlautDropped},
	{"umlaut_spelt_out", (*gen).umlautSpeltOut},
	{"form_spelt_out", (*gen).formSpeltOut},
	{"form_abbreviated", (*gen).formAbbreviated},
	{"form_misspelt", (*gen).formMisspelt},
	{"form_dropped", (*gen).formDropped},
	{"and_sign", (*gen).andSign},
	{"typo", (*gen).typo},
	{"plz_ort", (*gen).exact},
	{"website", (*gen).website},
	{"register_only", (*gen).registerOnly},
}

func (g *gen) named(i int, name string, family string) record {
	return record{q: registerdata.MatchQuery{Name: name}, i: i, family: family}
}

func (g *gen) exact(i int) (record, bool) {
	e := g.all[i]
	return g.named(i, e.c.Name.Name, e.family), true
}

func (g *gen) upperCase(i int) (record, bool) {
	e := g.all[i]
	return g.named(i, strings.ToUpper(e.c.Name.Name), e.family), true
}

// withForm appends the form to a core, or leaves it out one time in
// four (the record then states none).
func (g *gen) withForm(i int, core string) record {
	e := g.all[i]
	if e.form == "" || g.r.IntN(4) == 0 {
		return g.named(i, core, "")
	}
	return g.named(i, core+" "+e.form, e.family)
}

// innerCapital is the index of the first capital after a small letter in
// the core ("NeckarMaschinen": 6), or -1.
func innerCapital(rs []rune) int {
	for j := 1; j < len(rs); j++ {
		if unicode.IsUpper(rs[j]) && unicode.IsLower(rs[j-1]) {
			return j
		}
	}
	return -1
}

func (g *gen) compoundSplit(i int) (record, bool) {
	rs := []rune(g.all[i].core)
	j := innerCapital(rs)
	if j < 0 {
		return record{}, false
	}
	return g.withForm(i, string(rs[:j])+" "+string(rs[j:])), true
}

func (g *gen) compoundHyphen(i int) (record, bool) {
	rs := []rune(g.all[i].core)
	j := innerCapital(rs)
	if j < 0 {
		return record{}, false
	}
	second := string(rs[j:])
	if g.r.IntN(3) == 0 {
		second = strings.ToLower(second)
	}
	return g.withForm(i, string(rs[:j])+"-"+second), true
}

var (
	umlautsDropped = strings.NewReplacer("ä", "a", "ö", "o", "ü", "u", "Ä", "A", "Ö", "O", "Ü", "U", "ß", "ss")
	umlautsSpelt   = strings.NewReplacer("ä", "ae", "ö", "oe", "ü", "ue", "Ä", "Ae", "Ö", "Oe", "Ü", "Ue", "ß", "ss")
)

func (g *gen) umlautDropped(i int) (record, bool) {
	e := g.all[i]
	n := umlautsDropped.Replace(e.c.Name.Name)
	if n == e.c.Name.Name {
		return record{}, false
	}
	return g.named(i, n, e.family), true
}

func (g *gen) umlautSpeltOut(i int) (record, bool) {
	e := g.all[i]
	n := umlautsSpelt.Replace(e.c.Name.Name)
	if n == e.c.Name.Name {
		return record{}, false
	}
	return g.named(i, n, e.family), true
}

// spelt are legal forms written out, as customers type them.
var spelt = map[string][]string{
	"GmbH":                    {"Gesellschaft mit beschränkter Haftung", "Gesellschaft mbH"},
	"AG":                      {"Aktiengesellschaft"},
	"SE":                      {"Europäische Gesellschaft", "Europäische Aktiengesellschaft", "Societas Europaea"},
	"UG (haftungsbeschränkt)": {"Unternehmergesellschaft (haftungsbeschränkt)", "Unternehmergesellschaft haftungsbeschränkt"},
	"eG":                      {"eingetragene Genossenschaft"},
	"e.K.":                    {"eingetragener Kaufmann", "eingetragene Kauffrau"},
	"e.V.":                    {"eingetragener Verein"},
	"OHG":                     {"Offene Handelsgesellschaft"},
	"KG":                      {"Kommanditgesellschaft"},
	"gGmbH":                   {"gemeinnützige GmbH", "gemeinnützige Gesellschaft mit beschränkter Haftung"},
	"Partnerschaft mbB":       {"Partnerschaftsgesellschaft mbB", "Partnerschaftsgesellschaft mit beschränkter Berufshaftung"},
	"KGaA":                    {"Kommanditgesellschaft auf Aktien"},
	"GmbH & Co. KG":           {"Gesellschaft mit beschränkter Haftung & Co. KG"},
}

func (g *gen) formSpeltOut(i int) (record, bool) {
	e := g.all[i]
	alts := spelt[e.form]
	if len(alts) == 0 {
		return record{}, false
	}
	return g.named(i, e.core+" "+pick(g.r, alts), e.family), true
}

// abbreviated are legal forms shortened or punctuated another way.
var abbreviated = map[string][]string{
	"GmbH":                    {"G.m.b.H.", "Gmbh", "GMBH"},
	"UG (haftungsbeschränkt)": {"UG", "UG (haftungsbeschr.)", "UG (hb)"},
	"GmbH & Co. KG":           {"GmbH&Co.KG", "GmbH & Co KG", "GmbH u. Co. KG"},
	"e.K.":                    {"eK", "e. K.", "e.Kfm."},
	"e.V.":                    {"eV", "e. V."},
	"eG":                      {"e.G."},
	"AG":                      {"A.G."},
	"gGmbH":                   {"gem. GmbH", "g.GmbH"},
	"Partnerschaft mbB":       {"PartG mbB", "Part. mbB"},
	"KGaA":                    {"KG a.A."},
	"OHG":                     {"oHG", "o.H.G."},
}

func (g *gen) formAbbreviated(i int) (record, bool) {
	e := g.all[i]
	alts := abbreviated[e.form]
	if len(alts) == 0 {
		return record{}, false
	}
	return g.named(i, e.core+" "+pick(g.r, alts), e.family), true
}

// misspelt are legal forms with a typo customers make.
var misspelt = map[string][]string{
	"GmbH":                    {"GmbG", "GbmH", "GmbH.", "Gmhb"},
	"UG (haftungsbeschränkt)": {"UG (haftungsbeschänkt)", "UG (haftungsbeschrängt)"},
	"GmbH & Co. KG":           {"GmbH & Co. KG.", "Gmbh & Co.KG"},
	"Partnerschaft mbB":       {"Partnerschft mbB", "Partnerschaft mBb"},
	"gGmbH":                   {"gGmbh", "ggmbH"},
}

func (g *gen) formMisspelt(i int) (record, bool) {
	e := g.all[i]
	alts := misspelt[e.form]
	if len(alts) == 0 {
		return record{}, false
	}
	return g.named(i, e.core+" "+pick(g.r, alts), e.family), true
}

func (g *gen) formDropped(i int) (record, bool) {
	e := g.all[i]
	if e.form == "" {
		return record{}, false
	}
	return g.named(i, e.core, ""), true
}

func (g *gen) andSign(i int) (record, bool) {
	e := g.all[i]
	n := e.c.Name.Name
	switch {
	case strings.Contains(n, " & "):
		n = strings.Replace(n, " & ", pick(g.r, []string{" und ", " + ", "&"}), 1)
	case strings.Contains(n, " und "):
		n = strings.Replace(n, " und ", pick(g.r, []string{" & ", " + "}), 1)
	default:
		return record{}, false
	}
	return g.named(i, n, e.family), true
}

// keyboard are the keys beside a letter, for typos.
var keyboard = map[rune]string{
	'a': "sq", 'e': "wr", 'i': "uo", 'o': "ip", 'u': "zi", 'n': "bm", 'r': "et", 's': "ad", 't': "rz", 'l': "kö", 'h': "gj",
	'c': "xv", 'k': "jl", 'm': "n", 'g': "fh", 'd': "sf", 'b': "vn", 'f': "dg", 'p': "o", 'z': "tu",
}

// typo changes one letter of the core's longest word, never its first:
// two swapped, one left out, one doubled or a neighbour key hit.
func (g *gen) typo(i int) (record, bool) {
	e := g.all[i]
	ws := strings.Fields(e.core)
	li := 0
	for j, w := range ws {
		if len([]rune(w)) > len([]rune(ws[li])) {
			li = j
		}
	}
	w := []rune(ws[li])
	if len(w) < 6 {
		return record{}, false
	}
	p := 1 + g.r.IntN(len(w)-2)
	switch g.r.IntN(4) {
	case 0:
		w[p], w[p+1] = w[p+1], w[p]
	case 1:
		w = append(w[:p:p], w[p+1:]...)
	case 2:
		w = append(w[:p+1:p+1], w[p:]...)
	default:
		keys := keyboard[unicode.ToLower(w[p])]
		if keys == "" {
			return record{}, false
		}
		w[p] = []rune(keys)[g.r.IntN(len([]rune(keys)))]
	}
	ws[li] = string(w)
	if g.taken(strings.Join(ws, " ")) {
		return record{}, false // the typo writes another company's name
	}
	return g.withForm(i, strings.Join(ws, " ")), true
}

func (g *gen) website(i int) (record, bool) {
	e := g.all[i]
	if e.c.Contact == nil || e.c.Contact.WebsiteURL == "" {
		return record{}, false
	}
	host := strings.TrimPrefix(strings.TrimPrefix(e.c.Contact.WebsiteURL, "https://"), "http://")
	bare := strings.TrimPrefix(host, "www.")
	site := pick(g.r, []string{host, bare, "http://" + bare, "https://" + host + "/impressum", "www." + bare + "/kontakt"})
	return record{q: registerdata.MatchQuery{Website: site}, i: i}, true
}

func (g *gen) registerOnly(i int) (record, bool) {
	e := g.all[i]
	reg := e.c.Register
	if reg.RegisterNumber == "" || reg.RegisterCourt == "" || reg.RegisterType == "" {
		return record{}, false
	}
	court := strings.TrimSuffix(strings.SplitN(reg.RegisterCourt, " (", 2)[0], " ")
	t, n := string(reg.RegisterType), reg.RegisterNumber
	text := pick(g.r, []string{
		t + " " + n + ", Amtsgericht " + court,
		"Amtsgericht " + court + " " + t + " " + n,
		"AG " + court + ", " + t + " " + n,
		t + " " + n + " (" + court + ")",
		"Registergericht " + court + " " + t + " " + n,
		strings.ToLower("amtsgericht " + court + " " + t + " " + n),
	})
	return record{q: registerdata.MatchQuery{Register: text}, i: i}, true
}
