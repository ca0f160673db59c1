package registerdata

import (
	"cmp"
	"fmt"
	"slices"
	"strings"

	"github.com/registerdata/registerdata-go/internal/matchtext"
)

// Scoring: a candidate's score is its name's fit (matchtext.NameFit: the
// current name, or a former one at matchtext.FormerNameWeight, and the
// factors of a different legal form and a state the register does not
// show) times the factor of its place (matchtext.Place.CityFactor: a
// different city or postal code), and of its register entry when the
// query gives a reference. An identifier that resolves to one company
// gives it identScore unless the name (a fit below
// matchtext.Contradicts) or the city contradict it.
const (
	registerDiffers = 0.8 // the query's register reference names another entry
	identScore      = 0.99
	clearlyAhead    = 0.05 // the lead the top candidate needs over the next
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
		if m.name.Joined != "" && fit < matchtext.Contradicts {
			c.contra = true
			c.reasons = append(c.reasons, "the name contradicts the identifier: "+matchtext.Quote(m.q.Name)+" vs "+matchtext.Quote(c.res.Name))
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
			c.score = min(c.score, fit*f, matchtext.Contradicts)
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
	var former []CompanyName // the name history, when the record was read
	if c.record != nil {
		former = c.record.Names
	}
	var fit float64
	c.reasons, fit = matchtext.NameFit(c.reasons, m.name, c.norm, c.res.Name, c.res.Active, former, func(n CompanyName) string { return n.Name })
	return fit
}

// cityFactor compares city, postal code and street
// (matchtext.Place.CityFactor) and writes the reasons; it finds them
// once (findCityFactor) and writes what it found again at the next
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
	var f float64
	c.reasons, f = m.place.CityFactor(c.reasons, city, postal, street)
	return f
}

func (m *matcher) postalEqual(c *matchCand) bool {
	return c.res.Address != nil && m.place.PostalEqual(c.res.Address.PostalCode)
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
		return regNumber, "register number equal; court " + matchtext.Quote(ref.Court) + " unknown"
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
	if c := m.identified(); c != nil {
		return c // an identifier names one company, and nothing contradicts it
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

// identified is the one candidate an identifier resolved to, when no
// other is and nothing contradicts it and it reaches MinScore; else nil.
// Other companies of the same name are no evidence against it.
func (m *matcher) identified() *matchCand {
	var found *matchCand
	for _, c := range m.order {
		if !c.ident {
			continue
		}
		if found != nil {
			return nil
		}
		found = c
	}
	if found == nil || found.contra || found.score < m.o.MinScore {
		return nil
	}
	return found
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
	if !b.ident && m.hidden && !m.searched && !m.registerAsked {
		// The autocomplete showed only some of the companies with these
		// words: one of the same name (in the same city) may be missing.
		return false
	}
	return true
}

// result is the Match: candidates best first, Best when decided.
func (m *matcher) result() *Match {
	out := &Match{Candidates: []MatchCandidate{}, Credits: m.credits, Ignored: slices.Clone(m.unusable)}
	best := m.best()
	ranked := m.ranked()
	if best != nil { // first, though another scores as high (an identifier names it)
		i := slices.Index(ranked, best)
		copy(ranked[1:i+1], ranked[:i])
		ranked[0] = best
	}
	for i, c := range ranked {
		if i == m.o.MaxCandidates {
			break
		}
		reasons := slices.Clone(c.reasons)
		if v := c.foundBy; v != nil && v.how != "" {
			reasons = append(reasons, "found as "+v.shown+": "+v.how)
		}
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
	a := c.res.Address
	return a != nil && m.place.CityAgrees(a.City, a.PostalCode)
}
