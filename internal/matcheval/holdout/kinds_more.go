package holdout

import (
	"fmt"
	"strconv"
	"strings"

	registerdata "github.com/registerdata/registerdata-go"
	"github.com/registerdata/registerdata-go/enums"
	"github.com/registerdata/registerdata-go/internal/courts"
	"github.com/registerdata/registerdata-go/internal/matcheval"
)

// registerWords name each register in running text.
var registerWords = map[enums.RegisterType]string{
	enums.RegisterTypeHRB: "Handelsregister", enums.RegisterTypeHRA: "Handelsregister",
	enums.RegisterTypePR: "Partnerschaftsregister", enums.RegisterTypeGnR: "Genossenschaftsregister",
	enums.RegisterTypeVR: "Vereinsregister",
}

// refFormats are register references as they appear in imprints,
// invoices and forms; %[1]s is the register type, %[2]s the number,
// %[3]s the court, %[4]s the register in words.
var refFormats = []string{
	"eingetragen im %[4]s des Amtsgerichts %[3]s unter %[1]s %[2]s",
	"Registernummer: %[1]s %[2]s Registergericht: Amtsgericht %[3]s",
	"%[4]s des Amtsgerichts %[3]s, %[1]s %[2]s",
	"%[3]s (Amtsgericht) %[1]s %[2]s",
	"AG %[3]s %[1]s %[2]s",
	"%[1]s %[2]s, AG %[3]s",
	"Amtsgericht %[3]s - %[1]s %[2]s",
	"%[4]s: %[1]s %[2]s, Registergericht %[3]s",
	"%[1]s-Nr. %[2]s beim Amtsgericht %[3]s",
	"Sitz der Gesellschaft: %[3]s, Registergericht: Amtsgericht %[3]s, %[1]s %[2]s",
}

func (b *builder) registerOnly() (matcheval.Case, bool) {
	i := b.draw(func(c company) bool { return true })
	t := b.all[i]
	code := strings.Split(t.c.ID, "-")[2]
	court, ok := courts.ByCode(code)
	if !ok {
		return matcheval.Case{}, false
	}
	name := court.Name
	if len(court.Aliases) > 0 && (b.r.IntN(2) == 0 || strings.Contains(name, "(")) {
		name = pick(b.r, court.Aliases)
	}
	rt := t.c.Register.RegisterType
	text := fmt.Sprintf(pick(b.r, refFormats), rt, t.c.Register.RegisterNumber, name, registerWords[rt])
	r := rec{i: i, noCity: true, q: registerdata.MatchQuery{Register: text}}
	return b.finish(r, "")
}

func (b *builder) andSign() (matcheval.Case, bool) {
	i := b.draw(func(c company) bool { return hasAny(c.core, "&", " und ", "+") })
	if i < 0 {
		return matcheval.Case{}, false
	}
	t := b.all[i]
	var core string
	if strings.Contains(t.core, " und ") {
		core = strings.Replace(t.core, " und ", pick(b.r, []string{" & ", " + ", " u. ", "&"}), 1)
	} else {
		core = strings.NewReplacer("&", pick(b.r, []string{"und", "+", "u."}), "+", "und").Replace(t.core)
	}
	form := t.form
	if b.r.IntN(3) == 0 {
		form = ""
	}
	r := rec{i: i, formFamily: family(form), q: registerdata.MatchQuery{Name: withForm(core, form)}}
	return b.finish(r, r.q.Name)
}

// person splits the core of a sole trader's name into the person and
// the rest, or reports that it names no person: generated names start
// with first and last name, curated ones end with them.
func person(c company) (first, last, rest string, front bool) {
	if family(c.form) != "ek" {
		return "", "", "", false
	}
	ws := strings.Fields(c.core)
	if len(ws) < 3 {
		return "", "", "", false
	}
	if !c.other {
		return ws[0], ws[1], strings.Join(ws[2:], " "), true
	}
	n := len(ws)
	return ws[n-2], ws[n-1], strings.Join(ws[:n-2], " "), false
}

func (b *builder) ownerNamed() (matcheval.Case, bool) {
	i := b.draw(func(c company) bool { f, _, _, _ := person(c); return f != "" })
	if i < 0 {
		return matcheval.Case{}, false
	}
	t := b.all[i]
	first, last, rest, _ := person(t)
	owner := pick(b.r, []string{"Inh.", "Inhaber", "Inh.:", "Inhaberin"})
	core := rest + " " + owner + " " + first + " " + last
	if b.r.IntN(2) == 0 {
		core = rest + ", " + owner + " " + first + " " + last
	}
	form := t.form
	if b.r.IntN(2) == 0 {
		form = ""
	}
	r := rec{i: i, formFamily: family(form), q: registerdata.MatchQuery{Name: withForm(core, form)}}
	return b.finish(r, "")
}

func (b *builder) initials() (matcheval.Case, bool) {
	i := b.draw(func(c company) bool { f, _, _, _ := person(c); return f != "" })
	if i < 0 {
		return matcheval.Case{}, false
	}
	t := b.all[i]
	first, last, rest, front := person(t)
	initial := string([]rune(first)[:1]) + "."
	core := rest + " " + initial + " " + last
	if front {
		core = initial + " " + last + " " + rest
	}
	form := t.form
	if b.r.IntN(3) == 0 {
		form = ""
	}
	r := rec{i: i, formFamily: family(form), q: registerdata.MatchQuery{Name: withForm(core, form)}}
	return b.finish(r, "")
}

func (b *builder) hyphenMissing() (matcheval.Case, bool) {
	i := b.draw(func(c company) bool { return strings.Contains(c.c.Name.Name, "-") })
	if i < 0 {
		return matcheval.Case{}, false
	}
	t := b.all[i]
	name := strings.ReplaceAll(t.c.Name.Name, "- ", " ")
	name = strings.ReplaceAll(name, "-", pick(b.r, []string{" ", ""}))
	core, form := splitForm(name)
	r := rec{i: i, formFamily: family(form), q: registerdata.MatchQuery{Name: withForm(core, form)}}
	return b.finish(r, r.q.Name)
}

var oldStreets = []string{"Lessingstraße", "Uhlandstraße", "Kantstraße", "Poststraße", "Marktplatz", "Brunnenweg", "Amselweg", "Feldstraße"}

func (b *builder) oldAddress() (matcheval.Case, bool) {
	i := b.draw(func(c company) bool { return len(c.c.Address.PostalCode) == 5 })
	if i < 0 {
		return matcheval.Case{}, false
	}
	t := b.all[i]
	p, _ := strconv.Atoi(t.c.Address.PostalCode)
	old := fmt.Sprintf("%05d", p-p%100+(p%100+1+b.r.IntN(60))%100) // another code of the same area
	if old == t.c.Address.PostalCode {
		return matcheval.Case{}, false
	}
	name, fam := t.c.Name.Name, family(t.form)
	if b.r.IntN(2) == 0 {
		name, fam = t.core, ""
	}
	q := registerdata.MatchQuery{Name: name, City: t.c.Address.City, PostalCode: old,
		Street: pick(b.r, oldStreets) + " " + strconv.Itoa(1+b.r.IntN(90))}
	return b.finish(rec{i: i, formFamily: fam, q: q}, name)
}

// absent builds a record of a company the register does not hold: a
// name near real ones, "Gebr." names, or a real name with a legal form
// no company of that name has.
func (b *builder) absent() (matcheval.Case, bool) {
	var name string
	key := ""
	switch b.r.IntN(4) {
	case 0:
		name = pick(b.r, []string{"Schwarzwald", "Vogtland", "Uckermark", "Altmark", "Wendland", "Rhön", "Spessart", "Kyffhäuser"}) +
			pick(b.r, []string{"Bau", "Logistik", "Software", "Handel", "Energie", "Medien", "Pflege", "Druck"}) + " " +
			pick(b.r, []string{"GmbH", "AG", "e.K.", "GmbH & Co. KG", "UG (haftungsbeschränkt)"})
	case 1:
		name = pick(b.r, []string{"Nord", "Süd", "Rhein", "Elb", "Hansa", "Spree", "Isar", "Weser", "Harz", "Mosel"}) +
			pick(b.r, []string{"Keramik", "Fliesen", "Sanitär", "Kälte", "Solar", "Verpackung", "Schrauben"}) + " " +
			pick(b.r, []string{"GmbH", "KG", "AG", "eG"})
	case 2:
		name = "Gebr. " + pick(b.r, []string{"Müller", "Schmidt", "Becker", "Krüger", "Hoffmann", "Wagner"}) + " " +
			pick(b.r, []string{"Maschinenbau", "Holzbau", "Fensterbau", "Landtechnik"}) + " " + pick(b.r, []string{"KG", "GmbH", "OHG"})
	default: // a real name with a legal form none of its companies has
		t := b.all[b.r.IntN(len(b.all))]
		form := pick(b.r, []string{"AG", "KG", "e.V.", "eG", "SE", "OHG"})
		for _, j := range b.byKey[t.key] {
			if family(b.all[j].form) == family(form) || b.all[j].form == "" {
				return matcheval.Case{}, false
			}
		}
		name, key = t.core+" "+form, t.key
	}
	core, _ := splitForm(name)
	k := identity(core)
	if key == "" {
		if b.taken(k) {
			return matcheval.Case{}, false
		}
		for other := range b.byKey {
			if oneEdit(k, other) {
				return matcheval.Case{}, false
			}
		}
	}
	q := registerdata.MatchQuery{Name: name}
	if b.r.IntN(10) < 6 {
		q.City = b.all[b.r.IntN(len(b.all))].c.Address.City
		if key != "" {
			q.City = b.all[b.byKey[key][0]].c.Address.City
		}
	}
	kind := "absent"
	if key != "" {
		kind = "absent_other_form"
	}
	return matcheval.Case{Query: q, Kind: kind}, true
}

// oneEdit reports whether a and b are at most one insertion, deletion
// or substitution apart.
func oneEdit(a, b string) bool {
	if a == b {
		return true
	}
	if len(a) > len(b) {
		a, b = b, a
	}
	if len(b)-len(a) > 1 {
		return false
	}
	i := 0
	for i < len(a) && a[i] == b[i] {
		i++
	}
	if len(a) == len(b) {
		return a[i+1:] == b[i+1:]
	}
	return a[i:] == b[i+1:]
}
