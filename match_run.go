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

	cands     map[string]*matchCand
	order     []*matchCand // in the order found; scored sorts a copy
	asked     map[string]bool
	truncated bool // an autocomplete answer was full: more companies may share the words

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

// free asks the autocomplete with the name's most telling words, then,
// when no name found fits, with spellings and prefixes that survive a
// typo or a transliteration.
func (m *matcher) free(ctx context.Context) error {
	words := matchtext.AutocompleteWords(m.q.Name)
	if len(words) == 0 {
		return nil
	}
	byLen := slices.Clone(words)
	slices.SortStableFunc(byLen, func(a, b string) int { return len(b) - len(a) })
	found, err := m.autocomplete(ctx, byLen[0])
	if err != nil {
		return err
	}
	m.truncated = found >= AutocompleteLimit
	if len(byLen) > 1 {
		var n int
		switch {
		case m.truncated:
			n, err = m.autocomplete(ctx, byLen[0]+" "+byLen[1])
			if n > 0 {
				m.truncated = n >= AutocompleteLimit
			}
		case found == 0: // the longest word may hold a typo
			n, err = m.autocomplete(ctx, byLen[1])
			m.truncated = m.truncated || n >= AutocompleteLimit
		}
		if err != nil {
			return err
		}
	}
	m.score()
	if m.nameFits() {
		return nil
	}
	// No name fits: the register may write as one word what the query
	// splits ("Nord Bau", "Nord-Bau" for "NordBau").
	for i := 0; i+1 < len(words) && i < 3; i++ {
		n, err := m.autocomplete(ctx, words[i]+words[i+1])
		if err != nil {
			return err
		}
		if n > 0 {
			m.truncated = m.truncated || n >= AutocompleteLimit
			m.score()
			if m.nameFits() {
				return nil
			}
		}
	}
	// The register may spell umlauts or ß where the query spelt them out
	// or the other way round, or a word has a typo: try those spellings
	// and the prefixes a typo or a transliteration leaves intact.
	for _, wd := range byLen[:min(2, len(byLen))] {
		for _, t := range matchtext.FallbackTexts(wd) {
			n, err := m.autocomplete(ctx, t)
			if err != nil {
				return err
			}
			m.truncated = m.truncated || n >= AutocompleteLimit
		}
	}
	return nil
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
