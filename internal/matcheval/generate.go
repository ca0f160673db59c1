package matcheval

import (
	"io"
	"math/rand/v2"
	"slices"
	"strings"
	"unicode"

	registerdata "github.com/registerdata/registerdata-go"
	"github.com/registerdata/registerdata-go/enums"
	"github.com/registerdata/registerdata-go/fake"
)

const (
	presentCases = 2300
	absentCases  = 340
)

// Generate writes the evaluation set as JSON Lines to w: labelled
// customer records built from the register of ServerOptions with the
// noise real customer data has, and near-misses of companies the
// register does not hold. The same register gives the same output.
func Generate(w io.Writer) error {
	srv := fake.NewServer(ServerOptions()...)
	defer srv.Close()
	g := newGen(srv)
	return Write(w, g.cases())
}

type gen struct {
	r       *rand.Rand
	all     []registerdata.Company
	byKey   map[string][]int // name key (without form) -> companies
	joined  []string         // each company's joined name key, for near-miss checks
	special []int            // curated and hard cases: former names, VAT ids, LEIs, umlauts
}

func newGen(srv *fake.Server) *gen {
	g := &gen{r: rand.New(rand.NewPCG(2025, 11)), byKey: map[string][]int{}}
	for _, id := range srv.CompanyIDs() {
		c, _ := srv.Company(id)
		g.all = append(g.all, c)
	}
	for i, c := range g.all {
		k := nameKey(c.Name.Name)
		g.byKey[k] = append(g.byKey[k], i)
		g.joined = append(g.joined, strings.ReplaceAll(k, " ", ""))
		if len(c.Register.RegisterNumber) != 7 {
			g.special = append(g.special, i)
		}
	}
	return g
}

// formWords are the words of legal forms and states the name key drops.
var formWords = map[string]bool{
	"gmbh": true, "mbh": true, "ag": true, "se": true, "kg": true, "co": true, "ug": true, "haftungsbeschraenkt": true,
	"ohg": true, "eg": true, "e": true, "k": true, "v": true, "partnerschaft": true, "mbb": true, "ggmbh": true,
	"kgaa": true, "i": true, "l": true, "in": true, "liquidation": true, "und": true, "gesellschaft": true, "mit": true,
	"beschraenkter": true, "haftung": true, "ewiv": true, "gbr": true, "llp": true, "inc": true,
}

// spellOut spells umlauts out and "&" as "und", for nameKey.
var spellOut = strings.NewReplacer("ä", "ae", "ö", "oe", "ü", "ue", "ß", "ss", "Ä", "ae", "Ö", "oe", "Ü", "ue", "&", " und ")

// nameKey is a name's words without legal form and state, lower case,
// umlauts spelt out, sorted.
func nameKey(name string) string {
	name = spellOut.Replace(name)
	ws := strings.FieldsFunc(strings.ToLower(name), func(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsDigit(r) })
	var out []string
	for _, w := range ws {
		if !formWords[w] {
			out = append(out, w)
		}
	}
	slices.Sort(out)
	return strings.Join(out, " ")
}

// kinds of present records, with their weights.
var kinds = []struct {
	name   string
	weight int
}{
	{"exact", 5}, {"no_form", 10}, {"form_spelled", 6}, {"form_abbreviated", 4}, {"transliterated", 7},
	{"typo", 12}, {"reordered", 5}, {"word_dropped", 3}, {"in_liquidation", 5}, {"former_name", 5},
	{"suburb", 5}, {"register", 12}, {"register_and_name", 6}, {"vat_id", 5}, {"website", 6}, {"lei", 3}, {"case_punctuation", 3},
	{"postal_code_only", 5}, {"compound_split", 5}, {"city_alias", 5}, {"owner", 3}, {"initial", 3}, {"and_swapped", 2},
}

func (g *gen) pickKind() string {
	total := 0
	for _, k := range kinds {
		total += k.weight
	}
	n := g.r.IntN(total)
	for _, k := range kinds {
		if n < k.weight {
			return k.name
		}
		n -= k.weight
	}
	return "exact"
}

func (g *gen) cases() []Case {
	var out []Case
	for len(out) < presentCases {
		kind := g.pickKind()
		c, ok := g.present(kind)
		if ok {
			out = append(out, c)
		}
	}
	for n := 0; n < absentCases; {
		if c, ok := g.absent(); ok {
			out = append(out, c)
			n++
		}
	}
	g.r.Shuffle(len(out), func(i, j int) { out[i], out[j] = out[j], out[i] })
	return out
}

// target picks a company fitting the kind, or -1.
func (g *gen) target(kind string) int {
	for range 200 {
		i := g.r.IntN(len(g.all))
		if g.r.IntN(4) == 0 {
			i = g.special[g.r.IntN(len(g.special))]
		}
		c := g.all[i]
		core := strings.Fields(nameKey(c.Name.Name))
		switch kind {
		case "former_name":
			if len(c.Names) < 2 {
				continue
			}
		case "transliterated":
			if !strings.ContainsAny(c.Name.Name, "äöüÄÖÜß") {
				continue
			}
		case "reordered":
			if len(core) < 2 {
				continue
			}
		case "word_dropped":
			if len(core) < 3 {
				continue
			}
		case "in_liquidation":
			if c.Status != enums.CompanyStatusLiquidation {
				continue
			}
		case "vat_id":
			if c.Contact == nil || c.Contact.VATID == "" {
				continue
			}
		case "website":
			if c.Contact == nil || c.Contact.WebsiteURL == "" {
				continue
			}
		case "lei":
			if c.LEI == "" {
				continue
			}
		case "typo":
			if longest(core) < 6 {
				continue
			}
		case "compound_split":
			if _, ok := splitCompound(stripForm(c.Name.Name), g.r); !ok {
				continue
			}
		case "city_alias":
			if len(cityAliases[c.Address.City]) == 0 {
				continue
			}
		case "owner", "initial":
			if _, _, _, ok := soleTrader(c); !ok {
				continue
			}
		case "and_swapped":
			if !strings.Contains(c.Name.Name, "&") && !strings.Contains(c.Name.Name, " und ") {
				continue
			}
		}
		return i
	}
	return -1
}

func longest(ws []string) int {
	n := 0
	for _, w := range ws {
		n = max(n, len([]rune(w)))
	}
	return n
}

// present builds one record of a company the register holds.
func (g *gen) present(kind string) (Case, bool) {
	i := g.target(kind)
	if i < 0 {
		return Case{}, false
	}
	c := g.all[i]
	q := registerdata.MatchQuery{Name: c.Name.Name}
	keyName := c.Name.Name // the name the record's words come from
	keepsForm := true
	switch kind {
	case "no_form":
		q.Name, keepsForm = stripForm(c.Name.Name), false
	case "form_spelled":
		q.Name = spellForm(c.Name.Name, g.r)
	case "form_abbreviated":
		q.Name = abbreviateForm(c.Name.Name)
	case "transliterated":
		q.Name = c.Name.Name
		if g.r.IntN(2) == 0 {
			q.Name, keepsForm = stripForm(q.Name), false
		}
		q.Name = strings.NewReplacer("ä", "ae", "ö", "oe", "ü", "ue", "ß", "ss", "Ä", "Ae", "Ö", "Oe", "Ü", "Ue").Replace(q.Name)
	case "typo":
		q.Name = typo(c.Name.Name, g.r)
	case "reordered":
		q.Name, keepsForm = reorder(stripForm(c.Name.Name), g.r), false
	case "word_dropped":
		q.Name, keepsForm = dropWord(stripForm(c.Name.Name), g.r), false
		keyName = q.Name
		if len(g.byKey[nameKey(q.Name)]) > 0 {
			return Case{}, false // the shorter name is another company's: the record names it
		}
	case "in_liquidation":
		base := strings.TrimSpace(strings.TrimSuffix(strings.TrimSuffix(c.Name.Name, "i.L."), "in Liquidation"))
		q.Name = base + pick(g.r, []string{" i.L.", " in Liquidation", " i. L."})
	case "former_name":
		keyName = c.Names[g.r.IntN(len(c.Names)-1)].Name
		q.Name = keyName
	case "compound_split":
		q.Name, _ = splitCompound(stripForm(c.Name.Name), g.r)
		keepsForm = false
		if g.r.IntN(2) == 0 {
			q.Name, keepsForm = q.Name+" "+formOf(c.Name.Name), true
		}
	case "owner":
		q.Name, keepsForm = ownerName(c, g.r), false
	case "initial":
		q.Name, keepsForm = initialName(c, g.r), false
	case "and_swapped":
		q.Name = swapAnd(c.Name.Name, g.r)
	case "suburb", "exact", "postal_code_only", "city_alias":
	case "case_punctuation":
		q.Name = strings.ToUpper(strings.NewReplacer(".", "", "(", "", ")", "", "&", "+").Replace(c.Name.Name))
	case "register":
		q.Name = ""
		q.Register = registerText(c, g.r)
	case "register_and_name":
		q.Name = stripForm(c.Name.Name)
		q.Register = registerText(c, g.r)
	case "vat_id":
		v := c.Contact.VATID
		q.VATID = pick(g.r, []string{v, v[:2] + " " + v[2:5] + " " + v[5:8] + " " + v[8:], strings.ToLower(v)})
		if g.r.IntN(2) == 0 {
			q.Name = ""
		}
	case "website":
		q.Website = websiteText(c.Contact.WebsiteURL, g.r)
		q.Name = ""
	case "lei":
		q.LEI = c.LEI
		if g.r.IntN(2) == 0 {
			q.Name = ""
		}
	}
	// The address the record carries.
	switch n := g.r.IntN(10); {
	case kind == "suburb":
		q.City = c.Address.City + "-" + pick(g.r, []string{"Mitte", "Nord", "Süd", "Altstadt", "Neustadt", "West"})
	case kind == "city_alias":
		q.City = pick(g.r, cityAliases[c.Address.City])
	case kind == "postal_code_only":
	case n < 3:
	default:
		q.City = c.Address.City
	}
	if g.r.IntN(4) == 0 || kind == "postal_code_only" {
		q.PostalCode = c.Address.PostalCode
	}
	if g.r.IntN(5) == 0 {
		q.Street = c.Address.Street
	}
	cs := Case{Query: q, Want: c.ID, Kind: kind}
	if q.Register == "" && q.VATID == "" && q.LEI == "" && q.Website == "" && g.ambiguous(i, keyName, keepsForm, q) {
		cs.Want, cs.Kind = "", "ambiguous"
	}
	return cs, true
}

// ambiguous reports whether another company fits the record as well as
// company i: the same name words (and legal form, when the record keeps
// it), the same city when the record gives one, and the same street
// when the record gives company i's.
func (g *gen) ambiguous(i int, name string, keepsForm bool, q registerdata.MatchQuery) bool {
	c := g.all[i]
	for _, j := range g.byKey[nameKey(name)] {
		o := g.all[j]
		if j == i || keepsForm && o.LegalForm != c.LegalForm {
			continue
		}
		if q.City != "" && o.Address.City != c.Address.City {
			continue
		}
		if q.PostalCode != "" && o.Address.PostalCode != c.Address.PostalCode {
			continue
		}
		if q.Street != "" && q.Street == c.Address.Street && o.Address.Street != q.Street {
			continue // the street tells them apart
		}
		return true
	}
	// A former name may be another company's current one; a dropped
	// word may leave another company's name.
	if name != c.Name.Name {
		for _, j := range g.byKey[nameKey(name)] {
			if g.all[j].ID != c.ID {
				return true
			}
		}
	}
	return false
}

func pick[T any](r *rand.Rand, s []T) T { return s[r.IntN(len(s))] }
