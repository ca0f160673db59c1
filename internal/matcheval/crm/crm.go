// Package crm is an evaluation set of MatchCompany written as CRM
// exports write customers: the kinds of noise of issue 47 (compounds
// split or hyphenated, umlauts dropped or spelt out in the name and the
// legal form, legal forms spelt out, abbreviated, misspelt or dropped,
// "&", "und" and "+", typos, "PLZ Ort" in the city cell, websites and
// register references alone), exact names, names of several companies,
// and companies the register does not hold, over the register of 20,000
// generated companies (matcheval.DevServerOptions). Its generator shares
// no code with the matcher nor with the other sets' generators: its own
// noise, its own seed, its own labelling. The set is
// testdata/match_crm.jsonl, written by
//
//	go run ./internal/matcheval/crm/gen > testdata/match_crm.jsonl
package crm

import (
	"io"
	"math/rand/v2"
	"strings"
	"unicode"

	registerdata "github.com/registerdata/registerdata-go"
	"github.com/registerdata/registerdata-go/fake"
	"github.com/registerdata/registerdata-go/internal/matcheval"
)

// The generator's seeds: unrelated to the other sets'.
const seed1, seed2 = 0xc0ffee_47, 0x5eed_c12a

// perKind is how many records each kind gets; absentPerKind how many
// each kind of absent company gets.
const (
	perKind       = 110
	absentPerKind = 70
)

// Generate writes the set as JSON Lines to w. The same register gives
// the same output.
func Generate(w io.Writer) error {
	srv := fake.NewServer(matcheval.DevServerOptions()...)
	defer srv.Close()
	g := newGen(srv)
	return matcheval.Write(w, g.build())
}

// entry is one register company as the generator sees it.
type entry struct {
	c      registerdata.Company
	core   string // the name without its legal form, as the register writes it
	form   string // the legal form as the name writes it ("GmbH", "UG (haftungsbeschränkt)")
	key    string // the core as a clerk compares names: folded, without spaces
	family string // the legal form's family ("kg" for a GmbH & Co. KG too)
}

type gen struct {
	r     *rand.Rand
	all   []entry
	byKey map[string][]int
	keys  []string // every key once, for near-miss checks
	refs  map[string]bool
}

func newGen(srv *fake.Server) *gen {
	g := &gen{r: rand.New(rand.NewPCG(seed1, seed2)), byKey: map[string][]int{}, refs: map[string]bool{}}
	for _, id := range srv.CompanyIDs() {
		c, ok := srv.Company(id)
		if !ok {
			continue
		}
		core, form := cutForm(c.Name.Name)
		k := clerkKey(core)
		if k == "" {
			continue
		}
		if len(g.byKey[k]) == 0 {
			g.keys = append(g.keys, k)
		}
		g.byKey[k] = append(g.byKey[k], len(g.all))
		g.refs[string(c.Register.RegisterType)+" "+strings.TrimLeft(c.Register.RegisterNumber, "0")] = true
		g.all = append(g.all, entry{c: c, core: core, form: form, key: k, family: formFamily(form)})
	}
	return g
}

// clerkFold is how a clerk reads two names as one: case, umlauts and
// their spellings, ß, "&", "und", "+", spaces and hyphens do not count.
var clerkFold = strings.NewReplacer("ä", "a", "ö", "o", "ü", "u", "ß", "ss", "ae", "a", "oe", "o", "ue", "u",
	"&", "", "+", "", " und ", "")

// clerkKey is a core name as a clerk compares it.
func clerkKey(core string) string {
	s := clerkFold.Replace(strings.ToLower(core))
	var b strings.Builder
	for _, r := range s {
		if unicode.IsLetter(r) || unicode.IsDigit(r) {
			b.WriteRune(r)
		}
	}
	return b.String()
}

// registerForms are the legal forms as the register's names end, longest
// first, with their family.
var registerForms = []struct{ text, family string }{
	{"GmbH & Co. KG", "kg"}, {"UG (haftungsbeschränkt)", "ug"}, {"Partnerschaft mbB", "partg"}, {"gGmbH", "ggmbh"},
	{"GmbH", "gmbh"}, {"KGaA", "kgaa"}, {"OHG", "ohg"}, {"e.K.", "ek"}, {"e.V.", "ev"}, {"eG", "eg"}, {"AG", "ag"},
	{"SE", "se"}, {"KG", "kg"}, {"GbR", "gbr"},
}

// cutForm splits a name into core and legal form ("" when none ends it).
func cutForm(name string) (string, string) {
	name = strings.TrimSpace(name)
	for _, st := range []string{" i.L.", " in Liquidation"} {
		name = strings.TrimSuffix(name, st)
	}
	for _, f := range registerForms {
		if strings.HasSuffix(name, " "+f.text) {
			return strings.TrimSpace(strings.TrimSuffix(name, f.text)), f.text
		}
	}
	return name, ""
}

func formFamily(form string) string {
	for _, f := range registerForms {
		if f.text == form {
			return f.family
		}
	}
	return ""
}

// record is a query being built and what it says about the company.
type record struct {
	q      registerdata.MatchQuery
	i      int    // the company meant
	family string // the legal form's family the record states, "" when none
}

// label is the case of a record: the company meant when no other fits
// it as well (same key, same form family when stated, same city, postal
// code and street when given), else ambiguous.
func (g *gen) label(kind string, rc record, city, postal, street bool) matcheval.Case {
	t := g.all[rc.i]
	for _, j := range g.byKey[t.key] {
		o := g.all[j]
		if j == rc.i || rc.family != "" && o.family != rc.family {
			continue
		}
		if city && o.c.Address.City != t.c.Address.City || postal && o.c.Address.PostalCode != t.c.Address.PostalCode ||
			street && o.c.Address.Street != t.c.Address.Street {
			continue
		}
		return matcheval.Case{Query: rc.q, Kind: "ambiguous_" + kind}
	}
	return matcheval.Case{Query: rc.q, Want: t.c.ID, Kind: kind}
}

func (g *gen) build() []matcheval.Case {
	var out []matcheval.Case
	for _, k := range kinds {
		for made, tries := 0, 0; made < perKind && tries < perKind*100; tries++ {
			i := g.r.IntN(len(g.all))
			rc, ok := k.make(g, i)
			if !ok {
				continue
			}
			if rc.q.Name == "" { // an identifier alone names the company
				out = append(out, matcheval.Case{Query: rc.q, Want: g.all[rc.i].c.ID, Kind: k.name})
				made++
				continue
			}
			city, postal, street := g.place(&rc, k.name)
			out = append(out, g.label(k.name, rc, city, postal, street))
			made++
		}
	}
	for _, k := range absentKinds {
		for made, tries := 0, 0; made < absentPerKind && tries < absentPerKind*100; tries++ {
			if q, ok := k.make(g); ok {
				out = append(out, matcheval.Case{Query: q, Kind: "absent_" + k.name})
				made++
			}
		}
	}
	g.r.Shuffle(len(out), func(i, j int) { out[i], out[j] = out[j], out[i] })
	return out
}

// place writes the address cells a CRM export has for the record's
// company, and reports whether they give the city, the postal code and
// the street.
func (g *gen) place(rc *record, kind string) (city, postal, street bool) {
	if rc.q.Name == "" { // identifiers alone
		return false, false, false
	}
	a := g.all[rc.i].c.Address
	switch n := g.r.IntN(20); {
	case kind == "plz_ort":
		rc.q.City = pick(g.r, []string{a.PostalCode + " " + a.City, "D-" + a.PostalCode + " " + a.City, a.PostalCode + " " + a.City})
		return true, true, false
	case n < 3:
		return false, false, false
	case n < 5:
		rc.q.PostalCode = a.PostalCode
		return false, true, false
	case n < 7:
		rc.q.City = strings.ToUpper(a.City)
		return true, false, false
	case n < 9:
		rc.q.City, rc.q.Street = a.City, a.Street
		return true, false, true
	default:
		rc.q.City = " " + a.City + " "
		return true, false, false
	}
}

func pick[T any](r *rand.Rand, s []T) T { return s[r.IntN(len(s))] }
