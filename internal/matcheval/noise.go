package matcheval

import (
	"math/rand/v2"
	"strings"

	registerdata "github.com/registerdata/registerdata-go"
	"github.com/registerdata/registerdata-go/internal/courts"
)

// The noise of customer data: legal forms left out, spelt out or
// abbreviated, typos, reordered and dropped words, register references
// and websites in the forms customers write.

// formSuffixes are legal-form designations as names end with them,
// longest first.
var formSuffixes = []string{
	"GmbH & Co. KG", "UG (haftungsbeschränkt)", "Partnerschaft mbB", "gGmbH", "GmbH", "KGaA", "OHG", "e.K.", "e.V.", "eG", "AG", "SE", "KG", "EWIV", "GbR", "LLP",
}

func stripForm(name string) string {
	name = strings.TrimSpace(strings.TrimSuffix(strings.TrimSuffix(name, "i.L."), "in Liquidation"))
	for _, s := range formSuffixes {
		if strings.HasSuffix(name, " "+s) {
			return strings.TrimSpace(strings.TrimSuffix(name, s))
		}
	}
	return name
}

var spelled = map[string][]string{
	"GmbH":                    {"Gesellschaft mit beschränkter Haftung", "Gesellschaft mbH"},
	"AG":                      {"Aktiengesellschaft"},
	"KG":                      {"Kommanditgesellschaft"},
	"OHG":                     {"offene Handelsgesellschaft"},
	"eG":                      {"eingetragene Genossenschaft"},
	"e.K.":                    {"eingetragener Kaufmann", "e. Kfm."},
	"e.V.":                    {"eingetragener Verein"},
	"UG (haftungsbeschränkt)": {"Unternehmergesellschaft (haftungsbeschränkt)"},
	"GmbH & Co. KG":           {"GmbH und Co. KG", "GmbH & Co KG"},
	"gGmbH":                   {"gemeinnützige GmbH"},
	"SE":                      {"Societas Europaea"},
	"KGaA":                    {"Kommanditgesellschaft auf Aktien"},
	"Partnerschaft mbB":       {"PartG mbB", "Partnerschaftsgesellschaft mbB"},
}

func formOf(name string) string {
	for _, s := range formSuffixes {
		if strings.HasSuffix(name, " "+s) {
			return s
		}
	}
	return ""
}

func spellForm(name string, r *rand.Rand) string {
	f := formOf(name)
	if alts, ok := spelled[f]; ok {
		return strings.TrimSuffix(name, f) + pick(r, alts)
	}
	return name
}

func abbreviateForm(name string) string {
	switch f := formOf(name); f {
	case "GmbH":
		return strings.TrimSuffix(name, f) + "G.m.b.H."
	case "UG (haftungsbeschränkt)":
		return strings.TrimSuffix(name, f) + "UG"
	case "GmbH & Co. KG":
		return strings.TrimSuffix(name, f) + "GmbH&Co.KG"
	case "e.K.":
		return strings.TrimSuffix(name, f) + "eK"
	case "e.V.":
		return strings.TrimSuffix(name, f) + "eV"
	}
	return name
}

// typo changes one letter of the longest word: a swap, a deletion, a
// doubling or a wrong letter, never its first letter.
func typo(name string, r *rand.Rand) string {
	form := formOf(name)
	ws := strings.Fields(strings.TrimSuffix(name, form))
	li := 0
	for i, w := range ws {
		if len([]rune(w)) > len([]rune(ws[li])) {
			li = i
		}
	}
	w := []rune(ws[li])
	p := 1 + r.IntN(len(w)-2)
	switch r.IntN(4) {
	case 0:
		w[p], w[p+1] = w[p+1], w[p]
	case 1:
		w = append(w[:p:p], w[p+1:]...)
	case 2:
		w = append(w[:p+1:p+1], w[p:]...)
	default:
		w[p] = rune("aeinrstlo"[r.IntN(9)])
	}
	ws[li] = string(w)
	if form != "" {
		ws = append(ws, form)
	}
	return strings.Join(ws, " ")
}

func reorder(name string, r *rand.Rand) string {
	ws := strings.Fields(name)
	for range 5 {
		r.Shuffle(len(ws), func(i, j int) { ws[i], ws[j] = ws[j], ws[i] })
		if s := strings.Join(ws, " "); s != name {
			return s
		}
	}
	return strings.Join(ws, " ")
}

func dropWord(name string, r *rand.Rand) string {
	ws := strings.Fields(name)
	i := r.IntN(len(ws))
	return strings.Join(append(ws[:i:i], ws[i+1:]...), " ")
}

// registerText writes c's register reference in one of the forms
// customers use.
func registerText(c registerdata.Company, r *rand.Rand) string {
	rt, n, court := string(c.Register.RegisterType), c.Register.RegisterNumber, c.Register.RegisterCourt
	code := strings.Split(c.ID, "-")[2]
	short := court
	if ct, ok := courts.ByCode(code); ok && len(ct.Aliases) > 0 && r.IntN(2) == 0 {
		short = ct.Aliases[0]
	}
	berlin := ""
	if code == "F1103" {
		berlin = " B"
	}
	forms := []string{
		rt + " " + n + berlin,
		"Amtsgericht " + short + " " + rt + " " + n,
		"AG " + short + " (" + rt + " " + n + berlin + ")",
		"Registergericht: " + short + ", " + rt + " " + n,
		rt + " " + n + ", " + court,
		code + " " + rt + " " + n,
		rt + n + " " + short,
		"Amtsgericht " + strings.NewReplacer("ü", "ue", "ö", "oe", "ä", "ae").Replace(short) + ", " + rt + " " + n,
	}
	if code == "F1103" || r.IntN(3) == 0 {
		forms = append(forms, rt+n)
	}
	return pick(r, forms)
}

func websiteText(site string, r *rand.Rand) string {
	host := strings.TrimPrefix(strings.TrimPrefix(site, "https://"), "http://")
	bare := strings.TrimPrefix(host, "www.")
	return pick(r, []string{site, host, bare, "http://" + bare + "/", "https://" + bare + "/impressum"})
}
