package matcheval

import (
	"strings"

	registerdata "github.com/registerdata/registerdata-go"
)

// absent builds a near-miss of a real name that no company has.
func (g *gen) absent() (Case, bool) {
	c := g.all[g.r.IntN(len(g.all))]
	var name string
	if g.r.IntN(6) == 0 { // a real name with a legal form none of its companies has
		form := pick(g.r, []string{"AG", "KG", "OHG", "eG", "e.V.", "SE"})
		name = stripForm(c.Name.Name) + " " + form
		for _, j := range g.byKey[nameKey(c.Name.Name)] {
			if f := formOf(g.all[j].Name.Name); f == form || f == "" || form == "KG" && f == "GmbH & Co. KG" {
				return Case{}, false
			}
		}
		q := registerdata.MatchQuery{Name: name}
		if g.r.IntN(2) == 0 {
			q.City = c.Address.City
		}
		return Case{Query: q, Kind: "absent_form"}, true
	}
	switch g.r.IntN(3) {
	case 0: // another region
		name = pick(g.r, []string{"Havel", "Oder", "Ems", "Fulda", "Wester", "Allgäu", "Bode", "Werra", "Jade", "Peene"}) +
			pick(g.r, []string{"bau", "logistik", "technik", "handel", "consult", "medien", "energie"}) + " " + pick(g.r, []string{"GmbH", "AG", "KG", "UG (haftungsbeschränkt)"})
	case 1: // another trade
		prefix := pick(g.r, []string{"Nord", "Süd", "Rhein", "Elb", "Alpen", "Hansa", "Spree", "Main", "Isar", "Weser"})
		name = prefix + pick(g.r, []string{"textil", "glas", "papier", "chemie", "reisen", "pharma", "marine", "agrar", "kunststoff"}) + " " + pick(g.r, []string{"GmbH", "AG", "e.K.", "GmbH & Co. KG"})
	default: // one word of a real name replaced
		ws := strings.Fields(stripForm(c.Name.Name))
		ws[g.r.IntN(len(ws))] = pick(g.r, []string{"Windtechnik", "Transporte", "Tiefbau", "Beratung", "Vertrieb", "Dienstleistung", "Gastronomie", "Verwaltung"})
		name = strings.Join(ws, " ") + " GmbH"
	}
	k := nameKey(name)
	if len(g.byKey[k]) > 0 {
		return Case{}, false
	}
	j := strings.ReplaceAll(k, " ", "")
	for _, o := range g.joined {
		if near(j, o) {
			return Case{}, false // a typo of a real name, not a near-miss
		}
	}
	q := registerdata.MatchQuery{Name: name}
	if g.r.IntN(10) < 7 {
		q.City = c.Address.City
	}
	return Case{Query: q, Kind: "absent"}, true
}

// near reports whether a and b are at most one edit apart.
func near(a, b string) bool {
	if a == b {
		return true
	}
	if d := len(a) - len(b); d > 1 || d < -1 {
		return false
	}
	i := 0
	for i < len(a) && i < len(b) && a[i] == b[i] {
		i++
	}
	return a[min(i+1, len(a)):] == b[min(i+1, len(b)):] || a[i:] == b[min(i+1, len(b)):] || a[min(i+1, len(a)):] == b[i:]
}
