package matcheval

import (
	"math/rand/v2"
	"strings"
	"unicode"

	registerdata "github.com/registerdata/registerdata-go"
)

// More noise of customer data: places written another way, compound
// words split, owners and initials in sole traders' names, "&" and "und"
// swapped, and real names with a legal form none of their companies has.

// cityAliases are city spellings customers write: short names,
// transliterations and districts.
var cityAliases = map[string][]string{
	"Frankfurt am Main":    {"Frankfurt", "Frankfurt (Main)", "Frankfurt-Bornheim"},
	"München":              {"Muenchen", "München-Sendling", "Sendling", "Bogenhausen"},
	"Köln":                 {"Koeln", "Köln-Nippes", "Köln-Lindenthal"},
	"Berlin":               {"Berlin-Spandau", "Berlin Neukölln", "Schöneberg", "Berlin-Pankow"},
	"Hamburg":              {"Hamburg-Eppendorf", "Eimsbüttel", "Hamburg-Bergedorf"},
	"Düsseldorf":           {"Duesseldorf", "Düsseldorf-Oberkassel"},
	"Nürnberg":             {"Nuernberg", "Nürnberg-Gostenhof"},
	"Freiburg im Breisgau": {"Freiburg", "Freiburg i.Br."},
	"Stuttgart":            {"Stuttgart-Degerloch", "Stuttgart Mitte"},
	"Hannover":             {"Hannover-Südstadt"},
	"Leipzig":              {"Leipzig-Connewitz"},
	"Dresden":              {"Dresden-Striesen"},
	"Münster":              {"Muenster"},
}

// splitCompound writes the inner capital of a name word ("NordBau") as a
// new word ("Nord Bau"), with a hyphen, or as one word ("Nordbau").
func splitCompound(core string, r *rand.Rand) (string, bool) {
	ws := strings.Fields(core)
	for i, w := range ws {
		rs := []rune(w)
		for j := 1; j < len(rs); j++ {
			if unicode.IsUpper(rs[j]) && unicode.IsLower(rs[j-1]) {
				a, z := string(rs[:j]), string(rs[j:])
				ws[i] = pick(r, []string{a + " " + z, a + "-" + z, a + strings.ToLower(z)})
				return strings.Join(ws, " "), true
			}
		}
	}
	return core, false
}

// soleTrader splits a generated sole trader's name ("Anna Müller Bau
// e.K.") into first name, last name and trade.
func soleTrader(c registerdata.Company) (first, last, trade string, ok bool) {
	if formOf(c.Name.Name) != "e.K." || len(c.Register.RegisterNumber) != 7 {
		return "", "", "", false
	}
	ws := strings.Fields(stripForm(c.Name.Name))
	if len(ws) != 3 {
		return "", "", "", false
	}
	return ws[0], ws[1], ws[2], true
}

// ownerName writes a sole trader as "Bau Müller Inh. Anna Müller".
func ownerName(c registerdata.Company, r *rand.Rand) string {
	first, last, trade, _ := soleTrader(c)
	return trade + " " + last + pick(r, []string{" Inh. ", ", Inhaber ", " Inh.: "}) + first + " " + last
}

// initialName writes a sole trader's first name as its initial.
func initialName(c registerdata.Company, r *rand.Rand) string {
	first, last, trade, _ := soleTrader(c)
	name := string([]rune(first)[:1]) + ". " + last + " " + trade
	if r.IntN(2) == 0 {
		name += " e.K."
	}
	return name
}

// swapAnd writes "&" as "und" or "+", and "und" as "&".
func swapAnd(name string, r *rand.Rand) string {
	if strings.Contains(name, " und ") {
		return strings.Replace(name, " und ", " & ", 1)
	}
	return strings.Replace(name, "&", pick(r, []string{"und", "+"}), 1)
}
