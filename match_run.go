package registerdata

import (
	"context"
	"errors"
	"net/url"
	"slices"
	"strings"
	"unicode"

	"github.com/registerdata/registerdata-go/internal/matchtext"
	"github.com/registerdata/registerdata-go/internal/places"
)

// matcher is the state of one MatchCompany.
type matcher struct {
	c          *Client
	q          MatchQuery
	o          MatchOptions
	opts       []CallOption
	maxCredits int64
	limit      *CreditLimit // MaxCredits, held at every write of the match's calls

	name  matchtext.Name
	place matchtext.Place // the query's city, postal code and street
	// filterCity is the city a search is narrowed to: the query's, as
	// the register writes it, or its postal code's.
	filterCity string
	ref        *RegisterReference
	vat, lei   string
	website    string
	unusable   []string // why a given identifier is ignored, for the reasons

	cands map[string]*matchCand
	order []*matchCand // in the order found; scored sorts a copy
	asked map[string]bool
	// hidden: the autocomplete's answer that could hold the company was
	// full, so a company with those words may be missing; found: the
	// spelling whose answer holds the first names that fit.
	hidden bool
	found  *nameVariant

	credits  int64
	attempts int
	calls    int
	cached   int  // calls the cache answered
	refused  bool // a paid call did not fit MaxCredits

	viaVAT, viaLEI, viaWebsite                                             []string // ids each identifier resolved to
	registerAsked, vatAsked, leiAsked, websiteAsked, searched, historyRead bool
}

// matchCand is one company considered.
type matchCand struct {
	res     CompanySearchResult
	norm    matchtext.Name
	record  *Company // the full record, when read (former names, status)
	score   float64
	nameFit float64 // the name's score alone (current or former name)
	ident   bool    // an identifier resolved to it
	contra  bool    // the name or city contradict that identifier
	reasons []string
	// foundBy is the spelling of the name the autocomplete first found
	// the candidate by; texts are every text that found it.
	foundBy *nameVariant
	texts   []string

	// What scoring found of the candidate alone, kept across the
	// scorings of a match: the name's fit (while record is the one it
	// was found with) and the city's factor.
	nameFound  partFit
	nameRecord *Company
	cityFound  partFit
}

// partFit is a factor of a candidate's score, once found, and the
// reasons written for it.
type partFit struct {
	known   bool
	f       float64
	reasons []string
}

func newMatcher(c *Client, q MatchQuery, o MatchOptions, opts []CallOption) *matcher {
	q.City, q.PostalCode, q.Street = splitPlace(q.City, q.PostalCode, q.Street) // "01288 Dresden" in the city cell
	m := &matcher{c: c, q: q, o: o, opts: opts, maxCredits: o.MaxCredits, cands: map[string]*matchCand{}, asked: map[string]bool{}}
	m.name = matchtext.Normalize(q.Name)
	m.place = matchtext.NewPlace(q.City, q.PostalCode, q.Street)
	if c := searchCity(q.City); c != "" {
		m.filterCity = places.CityOf(c)
	} else if len(m.place.PostalCities) == 1 {
		m.filterCity = m.place.PostalCities[0]
	}
	if s := strings.TrimSpace(q.Register); s != "" {
		if ref, err := ParseRegisterReference(s); err == nil {
			m.ref = &ref
		} else {
			m.unusable = append(m.unusable, "the register text "+matchtext.Quote(s)+" is not a register reference")
		}
	}
	m.vat = strings.ToUpper(strings.Map(dropSeparators, q.VATID))
	if p := matchtext.VATIDProblem(m.vat); p != "" {
		m.vat, m.unusable = "", append(m.unusable, p)
	}
	m.lei = strings.ToUpper(strings.Map(dropSeparators, q.LEI))
	if p := matchtext.LEIProblem(m.lei); m.lei != "" && p != "" {
		m.lei, m.unusable = "", append(m.unusable, p)
	}
	if s := strings.TrimSpace(q.Website); s != "" {
		if checkLookupURL(s) == nil {
			m.website = websiteHost(s)
		} else {
			m.unusable = append(m.unusable, "the website "+matchtext.Quote(s)+" is not a web address")
		}
	}
	return m
}

func dropSeparators(r rune) rune {
	if unicode.IsSpace(r) || r == '.' || r == '-' || r == '/' {
		return -1
	}
	return r
}

// add records a company found, once.
func (m *matcher) add(res CompanySearchResult) *matchCand {
	if c, ok := m.cands[res.CompanyID]; ok {
		return c
	}
	c := &matchCand{res: res, norm: matchtext.NormalizeKept(res.Name)}
	m.cands[res.CompanyID] = c
	m.order = append(m.order, c)
	return c
}

// run asks the free sources, then each paid source that can still change
// the outcome, scoring after each.
func (m *matcher) run(ctx context.Context) error {
	if err := m.free(ctx); err != nil {
		return err
	}
	m.score()
	steps := []func(context.Context) error{m.byRegister, m.byVAT, m.byLEI, m.byWebsite, m.byNameSearch, m.byHistory}
	for _, step := range steps {
		if m.decided() {
			break
		}
		err := step(ctx)
		switch {
		case errors.Is(err, errMatchRefused), errors.Is(err, ErrNotFound):
		case err != nil:
			return err
		}
		m.score()
	}
	return nil
}

// free asks the autocomplete for the name's spellings (nameVariants),
// most likely first, and stops at the first answer with a name that
// fits: when that answer is not full it holds every company with those
// words, and nothing paid can add one. A full answer is narrowed by the
// query's legal form. When no spelling fits, the name without a word
// and the first letters of the longest word (typoTexts) are asked, past
// a typo.
func (m *matcher) free(ctx context.Context) error {
	if m.name.Joined == "" {
		return nil
	}
	for pass, texts := range [][]nameVariant{nameVariants(m.q.Name), typoTexts(m.q.Name)} {
		if pass == 1 && m.nameFound() {
			break // the name is the register's, with another legal form: no typo to read past
		}
		for i := range texts {
			done, err := m.ask(ctx, &texts[i])
			if done || err != nil {
				return err
			}
		}
	}
	return nil
}

// ask sends one spelling to the autocomplete, narrowed by the legal form
// when its answer is full, and reports whether a name fits in what came
// back; m.hidden says whether companies of the words may be missing.
func (m *matcher) ask(ctx context.Context, v *nameVariant) (bool, error) {
	n, err := m.autocomplete(ctx, v, v.text)
	if err != nil || n <= 0 {
		return false, err
	}
	m.score()
	full := n >= AutocompleteLimit
	if full && v.withForm != "" {
		k, err := m.autocomplete(ctx, v, v.withForm)
		if err != nil {
			return false, err
		}
		if k > 0 {
			m.score()
			if m.fitsIn(v.withForm) { // the narrower answer holds the fitting names
				m.hidden, m.found = k >= AutocompleteLimit, v
				return true, nil
			}
			full = k >= AutocompleteLimit
		} else if !m.formIn(v.text) {
			full = false // no company of these words has the query's legal form
		} // else the autocomplete did not narrow what it found: the answer stays full

	}
	if m.fitsIn(v.text) {
		m.hidden, m.found = full, v
		return true, nil
	}
	m.hidden = m.hidden || full // the company may be among those left out
	return false, nil
}

// nameFound reports whether a candidate's name, its legal form aside,
// is the query's or one typo from it.
func (m *matcher) nameFound() bool {
	for _, c := range m.order {
		if matchtext.NameSimilarity(m.name, c.norm) >= 0.9 {
			return true
		}
	}
	return false
}

// formIn reports whether a name the autocomplete found for text has the
// query's legal form.
func (m *matcher) formIn(text string) bool {
	for _, c := range m.order {
		if c.norm.Form == m.name.Form && slices.Contains(c.texts, text) {
			return true
		}
	}
	return false
}

// fitsIn reports whether a name the autocomplete found for text fits
// the query.
func (m *matcher) fitsIn(text string) bool {
	for _, c := range m.order {
		if c.nameFit >= m.o.MinScore && slices.Contains(c.texts, text) {
			return true
		}
	}
	return false
}

// nameFits reports whether some candidate's name fits the query.
func (m *matcher) nameFits() bool {
	for _, c := range m.order {
		if c.nameFit >= m.o.MinScore {
			return true
		}
	}
	return false
}

// websiteHost is the site of a web address, without path, query and
// fragment: customers write the address of any page, the lookup wants
// the site's ("https://example.de/impressum" is "https://example.de").
func websiteHost(s string) string {
	raw := s
	if !strings.Contains(raw, "://") {
		raw = "https://" + raw
	}
	u, err := url.Parse(raw)
	if err != nil || u.Host == "" {
		return s
	}
	return u.Scheme + "://" + u.Host
}
