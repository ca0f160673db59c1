package registerdata

import (
	"cmp"
	"fmt"
	"slices"
	"strings"

	"github.com/registerdata/registerdata-go/internal/matchtext"
	"github.com/registerdata/registerdata-go/internal/places"
)

// Scoring: a candidate's score is its name's fit (the current name, or a
// former one at formerNameWeight) times the factors of what the query
// adds: a different legal form, a different city, a state the register
// does not show. An identifier that resolves to one company gives it
// identScore unless the name or the city contradict it.
const (
	formerNameWeight = 0.9
	formDiffers      = 0.6 // another legal form: another company, never MinScore on its own
	formNear         = 0.9 // a form customers write for another (KG for GmbH & Co. KG, GmbH for gGmbH or UG)
	cityDiffers      = 0.75
	postalOther      = 0.75 // the postal code is another city's
	postalDiffers    = 0.8  // the postal code is of another region (the table does not know it)
	postalNear       = 0.93 // same city or region, another postal code
	stateDiffers     = 0.97
	registerDiffers  = 0.8 // the query's register reference names another entry
	identScore       = 0.99
	clearlyAhead     = 0.05 // the lead the top candidate needs over the next
	contradicts      = 0.5  // a name fit below this contradicts an identifier
)

// score rates every candidate and writes its reasons.
func (m *matcher) score() {
	for _, c := range m.order {
		m.scoreOne(c)
	}
}

func (m *matcher) scoreOne(c *matchCand) {
	c.reasons = c.reasons[:0]
	c.ident, c.contra = false, false
	fit := 0.0
	if m.name.Joined != "" {
		fit = m.nameFit(c)
	}
	c.nameFit = fit
	f := m.cityFactor(c)
	regEq, regReason := m.registerFit(c)
	if regReason != "" {
		c.reasons = append(c.reasons, regReason)
	}
	idents := 0
	if regEq == regUnique {
		idents++
	}
	for _, v := range []struct {
		ids  []string
		what string
	}{{m.viaVAT, "VAT id " + m.vat}, {m.viaLEI, "LEI " + m.lei}, {m.viaWebsite, "website " + m.website}} {
		if slices.Contains(v.ids, c.res.CompanyID) {
			if len(v.ids) == 1 {
				idents++
				c.reasons = append(c.reasons, v.what+" belongs to this company")
			} else {
				c.reasons = append(c.reasons, fmt.Sprintf("%s is on %d companies", v.what, len(v.ids)))
			}
		}
	}
	switch {
	case idents > 0:
		c.ident = true
		if m.name.Joined != "" && fit < contradicts {
			c.contra = true
			c.reasons = append(c.reasons, "the name contradicts the identifier: "+quote(m.q.Name)+" vs "+quote(c.res.Name))
		}
		if f < 1 && m.q.City != "" && !m.postalEqual(c) {
			c.contra = true
			c.reasons = append(c.reasons, "the city contradicts the identifier")
		}
		c.score = identScore
		if fit == 1 && f == 1 {
			c.score = 1
		}
		if c.contra {
			c.score = min(c.score, fit*f, contradicts)
		}
	case m.name.Joined == "":
		c.score = 0
		if regEq == regNumber {
			c.score = 0.5
		}
	default:
		c.score = fit * f
		switch regEq {
		case regNumber:
			c.score = min(1, c.score+clearlyAhead)
		case regDiffers:
			c.score *= registerDiffers
		}
	}
}

// nameFit compares the name (and the former names, when the record was
// read) with their legal forms and writes the reasons; it finds them
// once per record read (findNameFit) and writes what it found again at
// the next scorings.
func (m *matcher) nameFit(c *matchCand) float64 {
	p := &c.nameFound
	if !p.known || c.nameRecord != c.record {
		n := len(c.reasons)
		*p = partFit{known: true, f: m.findNameFit(c)}
		p.reasons = slices.Clone(c.reasons[n:])
		c.nameRecord = c.record
		return p.f
	}
	c.reasons = append(c.reasons, p.reasons...)
	return p.f
}

// findNameFit is nameFit's comparison.
func (m *matcher) findNameFit(c *matchCand) float64 {
	sim := matchtext.NameSimilarity(m.name, c.norm)
	switch {
	case sim == 1:
		c.reasons = append(c.reasons, "name equal after normalisation")
	case sim >= 0.9:
		c.reasons = append(c.reasons, "name equal but for a typo: "+quote(c.res.Name))
	case sim >= contradicts:
		c.reasons = append(c.reasons, fmt.Sprintf("name similar (%.2f): %s", sim, quote(c.res.Name)))
	default:
		c.reasons = append(c.reasons, "name differs: "+quote(c.res.Name))
	}
	fit, form := sim*m.formFactor(c.norm.Form), c.norm.Form
	if c.record != nil {
		for _, n := range c.record.Names {
			if n.Name == c.res.Name {
				continue
			}
			fn := matchtext.NormalizeKept(n.Name)
			if s := matchtext.NameSimilarity(m.name, fn) * formerNameWeight * m.formFactor(fn.Form); s > fit {
				fit, form = s, fn.Form
				c.reasons = append(c.reasons, "former name: "+quote(n.Name))
			}
		}
	}
	if m.name.Form != "" && form != "" {
		switch {
		case m.name.Form == form:
			c.reasons = append(c.reasons, "legal form equal: "+matchtext.FormName(form))
		case matchtext.FormsNear(m.name.Form, form):
			c.reasons = append(c.reasons, "legal form close: "+matchtext.FormName(m.name.Form)+" vs "+matchtext.FormName(form))
		default:
			c.reasons = append(c.reasons, "legal form differs: "+matchtext.FormName(m.name.Form)+" vs "+matchtext.FormName(form)+" (another company)")
		}
	}
	if m.name.Liquidation {
		if c.norm.Liquidation || !c.res.Active {
			c.reasons = append(c.reasons, "in liquidation or inactive, as the query says")
		} else {
			fit *= stateDiffers
			c.reasons = append(c.reasons, "the query says in liquidation; the register shows it active")
		}
	}
	return fit
}

// formFactor is what a candidate's legal form does to its name's fit:
// nothing when the query or the name gives none or they agree, formNear
// for a form customers write for the other, formDiffers otherwise.
func (m *matcher) formFactor(form string) float64 {
	switch {
	case m.name.Form == "" || form == "" || m.name.Form == form:
		return 1
	case matchtext.FormsNear(m.name.Form, form):
		return formNear
	}
	return formDiffers
}

// cityFactor compares city and postal code and writes the reasons. A
// district or another spelling of the city counts as the city (package
// places); a postal code of another city is evidence against. It finds
// them once (findCityFactor) and writes what it found again at the next
// scorings.
func (m *matcher) cityFactor(c *matchCand) float64 {
	p := &c.cityFound
	if !p.known {
		n := len(c.reasons)
		*p = partFit{known: true, f: m.findCityFactor(c)}
		p.reasons = slices.Clone(c.reasons[n:])
		return p.f
	}
	c.reasons = append(c.reasons, p.reasons...)
	return p.f
}

// findCityFactor is cityFactor's comparison.
func (m *matcher) findCityFactor(c *matchCand) float64 {
	city, postal, street := "", "", ""
	if a := c.res.Address; a != nil {
		city, postal, street = a.City, a.PostalCode, a.Street
	}
	f := 1.0
	switch {
	case m.q.City == "" || m.city == "":
	case city == "":
		c.reasons = append(c.reasons, "city not in the register's answer")
	case places.SameCity(m.q.City, city):
		if m.city == matchtext.FoldCity(city) {
			c.reasons = append(c.reasons, "city equal: "+city)
		} else {
			c.reasons = append(c.reasons, "city "+m.q.City+" is "+city)
		}
	case m.postalEqual(c):
		c.reasons = append(c.reasons, "city differs ("+m.q.City+" vs "+city+") but postal code equal")
	default:
		f = cityDiffers
		c.reasons = append(c.reasons, "city differs: "+m.q.City+" vs "+city)
	}
	if qp := m.postal; qp != "" && postal != "" && qp != postal {
		inCity := slices.ContainsFunc(m.postalCities, func(pc string) bool { return city != "" && places.SameCity(pc, city) })
		switch {
		case inCity:
			if f == 1 {
				f *= postalNear
			}
			c.reasons = append(c.reasons, "postal code differs: "+qp+" vs "+postal+", both in "+city)
		case len(m.postalCities) > 0 && city != "":
			if f == 1 {
				f = postalOther
			}
			c.reasons = append(c.reasons, "postal code "+qp+" is "+strings.Join(m.postalCities, " or ")+", not "+city)
		case !strings.HasPrefix(postal, qp[:min(2, len(qp))]):
			if f == 1 {
				f = postalDiffers
			}
			c.reasons = append(c.reasons, "postal code differs: "+qp+" vs "+postal)
		case f == 1:
			f *= postalNear
			c.reasons = append(c.reasons, "postal code differs: "+qp+" vs "+postal)
		}
	} else if qp != "" && qp == postal {
		c.reasons = append(c.reasons, "postal code equal")
	}
	if m.street != "" && street != "" && m.street == matchtext.FoldCity(street) {
		c.reasons = append(c.reasons, "street equal")
	}
	return f
}

func (m *matcher) postalEqual(c *matchCand) bool {
	return m.postal != "" && c.res.Address != nil && c.res.Address.PostalCode == m.postal
}

// How a candidate's register compares with the query's reference.
const (
	regNone    = iota // no reference in the query, or nothing to compare
	regUnique         // number and court equal, or number equal and no other company has it
	regNumber         // number equal, court not given
	regDiffers        // the reference names another entry
)

func (m *matcher) registerFit(c *matchCand) (int, string) {
	if m.ref == nil {
		return regNone, ""
	}
	ref := *m.ref
	cr, ok := companyIDReference(c.res.CompanyID)
	if !ok {
		cr = RegisterReference{Type: c.res.RegisterType, Number: c.res.RegisterNumber}
	}
	sameNumber := cr.Type == ref.Type && strings.TrimLeft(cr.Number, "0") == ref.Number
	switch {
	case sameNumber && ref.CourtCode != "" && cr.CourtCode == ref.CourtCode:
		return regUnique, "register number and court equal"
	case sameNumber && ref.CourtCode == "" && ref.Court == "":
		if m.registerAsked && m.countRegister(ref) == 1 {
			return regUnique, "register number equal; no other company has it"
		}
		return regNumber, "register number equal, court not given"
	case sameNumber && ref.CourtCode == "":
		return regNumber, "register number equal; court " + quote(ref.Court) + " unknown"
	case sameNumber:
		return regDiffers, "register number equal but court differs: " + ref.Court + " vs " + c.res.RegisterCourt
	}
	return regDiffers, "register differs: " + ref.String() + " vs " + string(cr.Type) + " " + cr.Number + ", " + c.res.RegisterCourt
}

func (m *matcher) countRegister(ref RegisterReference) int {
	n := 0
	for _, c := range m.order {
		if c.res.RegisterType == ref.Type && strings.TrimLeft(c.res.RegisterNumber, "0") == ref.Number {
			n++
		}
	}
	return n
}

// ranked returns the candidates best first (then by id, so equal scores
// come in a stable order).
func (m *matcher) ranked() []*matchCand {
	out := slices.Clone(m.order)
	slices.SortFunc(out, rankOrder)
	return out
}

// rankOrder is the order of ranked: score descending, then id.
func rankOrder(a, b *matchCand) int {
	if c := cmp.Compare(b.score, a.score); c != 0 {
		return c
	}
	return cmp.Compare(a.res.CompanyID, b.res.CompanyID)
}

// best is the candidate the query names, or nil: the top one when it
// reaches MinScore, is clearly ahead of the next and nothing
// contradicts it. It needs only the first two of ranked, found in one
// pass (ids are distinct: the order is total).
func (m *matcher) best() *matchCand {
	var top, next *matchCand
	ident := false
	for _, c := range m.order {
		ident = ident || c.ident
		switch {
		case top == nil || rankOrder(c, top) < 0:
			top, next = c, top
		case next == nil || rankOrder(c, next) < 0:
			next = c
		}
	}
	if top == nil {
		return nil
	}
	if top.contra || top.score < m.o.MinScore {
		return nil
	}
	if !top.ident && ident {
		return nil // an identifier names another company
	}
	if next != nil && top.score-next.score < clearlyAhead {
		return nil
	}
	return top
}

// decided reports whether no further call can change the outcome worth
// paying for: a Best that agrees with the query's register reference.
func (m *matcher) decided() bool {
	b := m.best()
	if b == nil {
		return false
	}
	if m.ref != nil {
		eq, _ := m.registerFit(b)
		return eq == regUnique || eq == regNumber
	}
	if !b.ident && m.truncated && !m.searched && m.filterCity != "" {
		// The autocomplete showed only some of the companies with these
		// words: one of the same name in the same city may be missing.
		return false
	}
	return true
}

// result is the Match: candidates best first, Best when decided.
func (m *matcher) result() *Match {
	out := &Match{Candidates: []MatchCandidate{}, Credits: m.credits, Ignored: slices.Clone(m.unusable)}
	best := m.best()
	for i, c := range m.ranked() {
		if i == m.o.MaxCandidates {
			break
		}
		reasons := slices.Clone(c.reasons)
		reasons = append(reasons, m.unusable...)
		if best == nil && i < 2 && m.refused {
			reasons = append(reasons, "not every source was asked: MaxCredits reached")
		}
		out.Candidates = append(out.Candidates, MatchCandidate{
			CompanyID: c.res.CompanyID, Name: c.res.Name, Score: round3(c.score), Reasons: reasons, Result: c.res,
		})
	}
	if best != nil {
		b := out.Candidates[0]
		out.Best = &b
	}
	return out
}

func round3(f float64) float64 { return float64(int64(f*1000+0.5)) / 1000 }

// cityAgrees reports whether the candidate's city is the query's (a
// district counting as its city) or its postal code is.
func (m *matcher) cityAgrees(c *matchCand) bool {
	if m.postalEqual(c) {
		return true
	}
	return c.res.Address != nil && places.SameCity(m.q.City, c.res.Address.City)
}
