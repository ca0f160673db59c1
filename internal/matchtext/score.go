package matchtext

import (
	"fmt"
	"slices"
	"strings"

	"github.com/registerdata/registerdata-go/internal/places"
)

// The factors of a candidate's name and place: its name's fit is its
// similarity to the query's name (the current name, or a former one at
// FormerNameWeight) times the factors of what the query adds: a
// different legal form, a state the register does not show; its place's
// factor is a different city or postal code.
const (
	// FormerNameWeight is the weight of a former name's fit.
	FormerNameWeight = 0.9
	// Contradicts is the name fit below which a name contradicts an
	// identifier that resolved to the candidate.
	Contradicts = 0.5

	formDiffers   = 0.6 // another legal form: another company, never MinScore on its own
	formNear      = 0.9 // a form customers write for another (KG for GmbH & Co. KG, GmbH for gGmbH or UG)
	cityDiffers   = 0.75
	postalOther   = 0.75 // the postal code is another city's
	postalDiffers = 0.8  // the postal code is of another region (the table does not know it)
	postalNear    = 0.93 // same city or region, another postal code
	stateDiffers  = 0.97
	// streetDiffers: the street is another, in the same city: enough for
	// a company at the query's street to lead one elsewhere in the city
	// by clearly more than the lead a Best needs (0.05), and little
	// enough that a company that moved within its city, its legal form
	// written near, still reaches the default MinScore (0.9 × 0.945).
	streetDiffers = 0.945
)

// Quote writes a name or a part of the query in a reason.
func Quote(s string) string { return "\"" + s + "\"" }

// NameFit compares the query's name q with a candidate's, c, normalised
// from name (its current name), and with the former names its record
// lists (nameOf spells each of former, the record's names, the current
// one among them; former is nil when the record was not read), with
// their legal forms; it appends to reasons what agrees and what differs
// and returns them with the fit (0..1). active is whether the register
// shows the company active.
//
// The record's names come as a list and a function rather than an
// iterator: a loop over an iterator of unknown origin would move the
// loop's variables to the heap at every call, record or not.
func NameFit[F any](reasons []string, q, c Name, name string, active bool, former []F, nameOf func(F) string) ([]string, float64) {
	sim := NameSimilarity(q, c)
	switch {
	case sim == 1:
		reasons = append(reasons, "name equal after normalisation")
	case sim >= 0.9:
		reasons = append(reasons, "name equal but for a typo: "+Quote(name))
	case sim >= Contradicts:
		reasons = append(reasons, fmt.Sprintf("name similar (%.2f): %s", sim, Quote(name)))
	default:
		reasons = append(reasons, "name differs: "+Quote(name))
	}
	fit, form := sim*formFactor(q.Form, c.Form), c.Form
	for _, f := range former {
		if n := nameOf(f); n != name {
			fn := NormalizeKept(n)
			if s := NameSimilarity(q, fn) * FormerNameWeight * formFactor(q.Form, fn.Form); s > fit {
				fit, form = s, fn.Form
				reasons = append(reasons, "former name: "+Quote(n))
			}
		}
	}
	if q.Form != "" && form != "" {
		switch {
		case q.Form == form:
			reasons = append(reasons, "legal form equal: "+formNames[form])
		case formsNear(q.Form, form):
			reasons = append(reasons, "legal form close: "+formNames[q.Form]+" vs "+formNames[form])
		default:
			reasons = append(reasons, "legal form differs: "+formNames[q.Form]+" vs "+formNames[form]+" (another company)")
		}
	}
	if q.Liquidation {
		if c.Liquidation || !active {
			reasons = append(reasons, "in liquidation or inactive, as the query says")
		} else {
			fit *= stateDiffers
			reasons = append(reasons, "the query says in liquidation; the register shows it active")
		}
	}
	return reasons, fit
}

// formFactor is what a candidate's legal form does to its name's fit
// against the query's form q: nothing when the query or the name gives
// none or they agree, formNear for a form customers write for the
// other, formDiffers otherwise.
func formFactor(q, form string) float64 {
	switch {
	case q == "" || form == "" || q == form:
		return 1
	case formsNear(q, form):
		return formNear
	}
	return formDiffers
}

// Place is the address of a query as CityFactor compares it with a
// candidate's. NewPlace makes one.
type Place struct {
	// City is the query's city as written.
	City string
	// Postal is the query's postal code, trimmed.
	Postal string
	// PostalCities are the cities of Postal (package places).
	PostalCities []string

	city, street string // folded (foldCity)
}

// NewPlace is the place of a query's city, postal code and street.
func NewPlace(city, postal, street string) Place {
	p := Place{City: city, city: foldCity(city), street: foldStreet(street), Postal: strings.TrimSpace(postal)}
	p.PostalCities = places.CitiesOfPostalCode(p.Postal)
	return p
}

// CityFactor compares the place with a candidate's city, postal code and
// street ("" when the register gives none), appends to reasons what
// agrees and what differs and returns them with the factor (0..1). A
// district or another spelling of the city counts as the city (package
// places); a postal code of another city is evidence against.
func (p *Place) CityFactor(reasons []string, city, postal, street string) ([]string, float64) {
	f := 1.0
	switch {
	case p.City == "" || p.city == "":
	case city == "":
		reasons = append(reasons, "city not in the register's answer")
	case places.SameCity(p.City, city):
		if p.city == foldCity(city) {
			reasons = append(reasons, "city equal: "+city)
		} else {
			reasons = append(reasons, "city "+p.City+" is "+city)
		}
	case p.PostalEqual(postal):
		reasons = append(reasons, "city differs ("+p.City+" vs "+city+") but postal code equal")
	default:
		f = cityDiffers
		reasons = append(reasons, "city differs: "+p.City+" vs "+city)
	}
	if qp := p.Postal; qp != "" && postal != "" && qp != postal {
		inCity := slices.ContainsFunc(p.PostalCities, func(pc string) bool { return city != "" && places.SameCity(pc, city) })
		switch {
		case inCity:
			if f == 1 {
				f *= postalNear
			}
			reasons = append(reasons, "postal code differs: "+qp+" vs "+postal+", both in "+city)
		case len(p.PostalCities) > 0 && city != "":
			if f == 1 {
				f = postalOther
			}
			reasons = append(reasons, "postal code "+qp+" is "+strings.Join(p.PostalCities, " or ")+", not "+city)
		case !strings.HasPrefix(postal, qp[:min(2, len(qp))]):
			if f == 1 {
				f = postalDiffers
			}
			reasons = append(reasons, "postal code differs: "+qp+" vs "+postal)
		case f == 1:
			f *= postalNear
			reasons = append(reasons, "postal code differs: "+qp+" vs "+postal)
		}
	} else if qp != "" && qp == postal {
		reasons = append(reasons, "postal code equal")
	}
	switch {
	case p.street == "" || street == "":
	case p.street == foldStreet(street):
		reasons = append(reasons, "street equal")
	case f == 1:
		f = streetDiffers
		reasons = append(reasons, "street differs: "+street)
	}
	return reasons, f
}

// foldStreet reduces a street for comparison as foldCity does, with
// "str." and "Str." read as "straße".
func foldStreet(s string) string {
	ws := splitWords(s)
	for i, w := range ws {
		if strings.HasSuffix(w, "str") {
			ws[i] = w + "asse"
		}
	}
	return strings.Join(ws, " ")
}

// PostalEqual reports whether the query gives a postal code and it is
// postal.
func (p *Place) PostalEqual(postal string) bool { return p.Postal != "" && postal == p.Postal }

// CityAgrees reports whether a candidate's city is the query's (a
// district counting as its city) or its postal code is.
func (p *Place) CityAgrees(city, postal string) bool {
	return p.PostalEqual(postal) || places.SameCity(p.City, city)
}
