// Package holdout is the second evaluation set of MatchCompany: records
// the matcher was never tuned on. Its generator shares no code with the
// matcher nor with the first set's (package matcheval): its own noise,
// its own seeds, its own labelling. Only the register (matcheval's
// ServerOptions), the Case type and its JSON Lines (Write, Read) are
// the same, so both sets run against one fake. The set is
// testdata/match_holdout.jsonl, written by
//
//	go run ./internal/matcheval/holdout/gen > testdata/match_holdout.jsonl
package holdout

import (
	"io"
	"math/rand/v2"
	"slices"
	"strings"
	"unicode"

	registerdata "github.com/registerdata/registerdata-go"
	"github.com/registerdata/registerdata-go/fake"
	"github.com/registerdata/registerdata-go/internal/matcheval"
)

// Seeds of the generator: unrelated to the first set's.
const seedA, seedB = 0x5eed_7001, 0x0dd_ba11

// perKind is how many records each kind of noise gets; absentRecords
// how many records name a company the register does not hold.
const (
	perKind       = 130
	absentRecords = 300
)

// Generate writes the set as JSON Lines to w. The same register gives
// the same output.
func Generate(w io.Writer) error {
	srv := fake.NewServer(matcheval.ServerOptions()...)
	defer srv.Close()
	g := newBuilder(srv)
	return matcheval.Write(w, g.build())
}

// company is one register entry as the generator sees it.
type company struct {
	c     registerdata.Company
	key   string // identity key of the name: folded, no legal form, no spaces
	form  string // the legal form word(s) of the name, as written
	core  string // the name without the legal form, as written
	other bool   // curated or hard case (not generated)
}

type builder struct {
	r     *rand.Rand
	all   []company
	byKey map[string][]int
}

func newBuilder(srv *fake.Server) *builder {
	b := &builder{r: rand.New(rand.NewPCG(seedA, seedB)), byKey: map[string][]int{}}
	for _, id := range srv.CompanyIDs() {
		c, _ := srv.Company(id)
		core, form := splitForm(c.Name.Name)
		k := identity(core)
		if k == "" {
			continue
		}
		b.byKey[k] = append(b.byKey[k], len(b.all))
		b.all = append(b.all, company{c: c, key: k, form: form, core: core, other: len(c.Register.RegisterNumber) != 7})
	}
	return b
}

// identityFolds are the spellings identity takes as the same.
var identityFolds = strings.NewReplacer("ä", "a", "ö", "o", "ü", "u", "ß", "ss", "ae", "a", "oe", "o", "ue", "u",
	"&", "", "+", "", " und ", "", "gebrüder", "gebr", "gebrueder", "gebr")

// identity folds a name (without its legal form) to what a person
// comparing two names by hand would call the same: case, umlauts and
// their transliterations, "&"/"und"/"+", spaces and hyphens do not count.
func identity(core string) string {
	s := strings.ToLower(core)
	s = identityFolds.Replace(s)
	var sb strings.Builder
	for _, r := range s {
		if unicode.IsLetter(r) || unicode.IsDigit(r) {
			sb.WriteRune(r)
		}
	}
	return sb.String()
}

// forms are the legal-form designations names end with, longest first,
// each with the family it belongs to (forms of one family are the same
// form written another way; a GmbH & Co. KG is a KG, as the register's
// legal form says).
var forms = []struct{ text, family string }{
	{"GmbH & Co. KG", "kg"}, {"UG (haftungsbeschränkt)", "ug"}, {"Partnerschaft mbB", "partg"},
	{"Verwaltungs-GmbH", "gmbh"}, {"gGmbH", "ggmbh"}, {"GmbH", "gmbh"}, {"KGaA", "kgaa"}, {"OHG", "ohg"},
	{"e.K.", "ek"}, {"e.V.", "ev"}, {"eG", "eg"}, {"AG", "ag"}, {"SE", "se"}, {"KG", "kg"},
	{"EWIV", "ewiv"}, {"GbR", "gbr"}, {"LLP", "llp"}, {"Aktiengesellschaft", "ag"},
}

// splitForm splits a name into its core and its legal form (state words
// such as "i.L." go with neither).
func splitForm(name string) (core, form string) {
	name = strings.TrimSpace(name)
	for _, st := range []string{" i.L.", " in Liquidation"} {
		name = strings.TrimSuffix(name, st)
	}
	for _, f := range forms {
		if f.text == "Verwaltungs-GmbH" {
			continue
		}
		if strings.HasSuffix(name, " "+f.text) {
			return strings.TrimSpace(strings.TrimSuffix(name, f.text)), f.text
		}
	}
	return name, ""
}

func family(form string) string {
	for _, f := range forms {
		if f.text == form {
			return f.family
		}
	}
	return ""
}

func pick[T any](r *rand.Rand, s []T) T { return s[r.IntN(len(s))] }

// ambiguous reports whether a record with the given facts fits another
// company as well as company i: the same identity key, the same legal
// form family when the record gives one, the same city when it gives
// one, the same postal code when it gives one, the same street when it
// gives company i's.
func (b *builder) ambiguous(i int, key, formFamily string, city, postal bool, street string) bool {
	t := b.all[i]
	for _, j := range b.byKey[key] {
		o := b.all[j]
		if j == i {
			continue
		}
		if formFamily != "" && family(o.form) != formFamily {
			continue
		}
		if city && o.c.Address.City != t.c.Address.City {
			continue
		}
		if postal && o.c.Address.PostalCode != t.c.Address.PostalCode {
			continue
		}
		if street != "" && street == t.c.Address.Street && o.c.Address.Street != street {
			continue
		}
		return true
	}
	return false
}

// taken reports whether a name key belongs to any company.
func (b *builder) taken(key string) bool { return len(b.byKey[key]) > 0 }

func (b *builder) build() []matcheval.Case {
	var out []matcheval.Case
	for _, k := range kindList {
		made, tries := 0, 0
		for made < perKind && tries < perKind*200 {
			tries++
			if c, ok := k.make(b); ok {
				c.Kind = k.name
				if c.Want == "" {
					c.Kind = "ambiguous_" + k.name
				}
				out = append(out, c)
				made++
			}
		}
	}
	for n := 0; n < absentRecords; {
		if c, ok := b.absent(); ok {
			out = append(out, c)
			n++
		}
	}
	b.r.Shuffle(len(out), func(i, j int) { out[i], out[j] = out[j], out[i] })
	return out
}

// hasAny reports whether s holds any of the substrings.
func hasAny(s string, subs ...string) bool {
	return slices.ContainsFunc(subs, func(x string) bool { return strings.Contains(s, x) })
}
