package crm

import (
	"fmt"
	"strings"

	registerdata "github.com/registerdata/registerdata-go"
)

// absentKind is one kind of record naming a company the register does
// not hold.
type absentKind struct {
	name string
	make func(g *gen) (registerdata.MatchQuery, bool)
}

var absentKinds = []absentKind{
	{"new_name", (*gen).newName},
	{"other_form", (*gen).otherForm},
	{"person", (*gen).person},
	{"register", (*gen).unknownRegister},
	{"website", (*gen).unknownWebsite},
}

// taken reports whether a core name is any company's.
func (g *gen) taken(core string) bool { return len(g.byKey[clerkKey(core)]) > 0 }

// near reports whether a key is within two edits of a register key: a
// record that close may be a typo of that company, not an absent one.
func (g *gen) near(key string) bool {
	for _, k := range g.keys {
		if levenshtein(key, k, 2) <= 2 {
			return true
		}
	}
	return false
}

// levenshtein is the edit distance of a and b, or limit+1 when above it.
func levenshtein(a, b string, limit int) int {
	ra, rb := []rune(a), []rune(b)
	if d := len(ra) - len(rb); d > limit || -d > limit {
		return limit + 1
	}
	prev := make([]int, len(rb)+1)
	cur := make([]int, len(rb)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(ra); i++ {
		cur[0] = i
		for j := 1; j <= len(rb); j++ {
			c := 1
			if ra[i-1] == rb[j-1] {
				c = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+c)
		}
		prev, cur = cur, prev
	}
	return min(prev[len(rb)], limit+1)
}

var (
	rivers = []string{"Werra", "Fulda", "Altmühl", "Kinzig", "Wupper", "Lippe", "Murg", "Nahe", "Unstrut", "Peene", "Jagst", "Tauber"}
	trades = []string{"Textil", "Glas", "Papier", "Chemie", "Reisen", "Pharma", "Agrar", "Kunststoff", "Werkzeug", "Solar", "Möbel", "Druck", "Bau", "Logistik"}
	firsts = []string{"Jonas", "Lea", "Emre", "Katarzyna", "Jörg", "Birgit", "Uwe", "Svenja", "Dragan", "Heike"}
	lasts  = []string{"Brandtner", "Wiesenhütter", "Kowalczyk", "Oberländer", "Pfannkuch", "Rademacher", "Tiedemann", "Jankowski"}
)

// newName is a compound of a region and a trade the register holds under
// no name, with a legal form and a city.
func (g *gen) newName() (registerdata.MatchQuery, bool) {
	core := pick(g.r, rivers) + pick(g.r, trades)
	if g.r.IntN(3) == 0 {
		core = pick(g.r, rivers) + " " + pick(g.r, trades)
	}
	if g.taken(core) || g.near(clerkKey(core)) {
		return registerdata.MatchQuery{}, false
	}
	q := registerdata.MatchQuery{Name: core + " " + pick(g.r, registerForms).text}
	if g.r.IntN(4) > 0 {
		q.City = g.all[g.r.IntN(len(g.all))].c.Address.City
	}
	return q, true
}

// otherForm is a real name with a legal form none of its companies has.
func (g *gen) otherForm() (registerdata.MatchQuery, bool) {
	e := g.all[g.r.IntN(len(g.all))]
	f := pick(g.r, registerForms)
	for _, j := range g.byKey[e.key] {
		if fam := g.all[j].family; fam == f.family || fam == "" || near(fam, f.family) {
			return registerdata.MatchQuery{}, false
		}
	}
	q := registerdata.MatchQuery{Name: e.core + " " + f.text}
	if g.r.IntN(2) == 0 {
		q.City = e.c.Address.City
	}
	return q, true
}

// near reports whether customers write one form family for the other.
func near(a, b string) bool {
	pair := a + "/" + b
	return strings.Contains("gmbh/ggmbh ggmbh/gmbh gmbh/ug ug/gmbh", pair)
}

// person is a sole trader the register does not hold.
func (g *gen) person() (registerdata.MatchQuery, bool) {
	core := pick(g.r, firsts) + " " + pick(g.r, lasts) + " " + pick(g.r, trades)
	if g.taken(core) {
		return registerdata.MatchQuery{}, false
	}
	q := registerdata.MatchQuery{Name: core + " e.K."}
	if g.r.IntN(2) == 0 {
		q.City = g.all[g.r.IntN(len(g.all))].c.Address.City
	}
	return q, true
}

// unknownRegister is a register reference no company has.
func (g *gen) unknownRegister() (registerdata.MatchQuery, bool) {
	t := pick(g.r, []string{"HRB", "HRA"})
	n := fmt.Sprint(100000 + g.r.IntN(800000))
	if g.refs[t+" "+n] {
		return registerdata.MatchQuery{}, false
	}
	court := g.all[g.r.IntN(len(g.all))].c.Address.City
	return registerdata.MatchQuery{Register: pick(g.r, []string{t + " " + n + ", Amtsgericht " + court, "AG " + court + " " + t + " " + n})}, true
}

// unknownWebsite is a website no company has.
func (g *gen) unknownWebsite() (registerdata.MatchQuery, bool) {
	site := pick(g.r, []string{"www.", "https://", ""}) + strings.ToLower(pick(g.r, rivers)+"-"+pick(g.r, trades)) + ".example"
	site = umlautsSpelt.Replace(site)
	return registerdata.MatchQuery{Website: site}, true
}
