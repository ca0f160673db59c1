package registerdata

import (
	"context"
	"errors"
	"slices"
	"strings"
	"unicode"

	"github.com/registerdata/registerdata-go/filters"
)

// matcher is the state of one MatchCompany.
type matcher struct {
	c          *Client
	q          MatchQuery
	o          MatchOptions
	opts       []CallOption
	maxCredits int64

	name     normName
	ref      *RegisterReference
	vat, lei string
	website  string
	unusable string // why a given identifier is ignored, for the reasons

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
	norm    normName
	record  *Company // the full record, when read (former names, status)
	score   float64
	nameFit float64 // the name's score alone (current or former name)
	ident   bool    // an identifier resolved to it
	contra  bool    // the name or city contradict that identifier
	reasons []string
}

func newMatcher(c *Client, q MatchQuery, o MatchOptions, opts []CallOption) *matcher {
	m := &matcher{c: c, q: q, o: o, opts: opts, maxCredits: o.MaxCredits, cands: map[string]*matchCand{}, asked: map[string]bool{}}
	m.name = normalizeName(q.Name)
	if s := strings.TrimSpace(q.Register); s != "" {
		if ref, err := ParseRegisterReference(s); err == nil {
			m.ref = &ref
		} else {
			m.unusable = "the register text " + quote(s) + " is not a register reference"
		}
	}
	m.vat = strings.ToUpper(strings.Map(dropSeparators, q.VATID))
	m.lei = strings.ToUpper(strings.Map(dropSeparators, q.LEI))
	if s := strings.TrimSpace(q.Website); s != "" {
		if checkLookupURL(s) == nil {
			m.website = s
		} else {
			m.unusable = "the website " + quote(s) + " is not a web address"
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

func quote(s string) string { return "\"" + s + "\"" }

// add records a company found, once.
func (m *matcher) add(res CompanySearchResult) *matchCand {
	if c, ok := m.cands[res.CompanyID]; ok {
		return c
	}
	c := &matchCand{res: res, norm: normalizeName(res.Name)}
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
// when that finds nothing, with spellings and prefixes that survive a
// typo or a transliteration.
func (m *matcher) free(ctx context.Context) error {
	words := autocompleteWords(m.q.Name)
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
		}
		if err != nil {
			return err
		}
		found += max(n, 0)
	}
	if found > 0 {
		return nil
	}
	// Nothing: the register may spell umlauts where the query spelt
	// them out, or the word has a typo: try the umlaut spelling and a
	// prefix of each long word.
	for _, wd := range byLen[:min(2, len(byLen))] {
		if u := umlautSpelling(wd); u != wd {
			if _, err := m.autocomplete(ctx, u); err != nil {
				return err
			}
		}
		if r := []rune(wd); len(r) >= 6 {
			if _, err := m.autocomplete(ctx, string(r[:(len(r)+1)/2])); err != nil {
				return err
			}
		}
	}
	return nil
}

// autocompleteWords are the words of a name worth sending to the
// autocomplete: lower case, as written, without legal form, state and
// filler words.
func autocompleteWords(name string) []string {
	raw := strings.FieldsFunc(strings.ToLower(name), func(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsDigit(r) })
	folded := make([]string, len(raw))
	for i, r := range raw {
		folded[i] = foldWord(r)
	}
	var out []string
	for i := 0; i < len(raw); {
		if _, l := matchFormAt(folded, i); l > 0 {
			i += l
			continue
		}
		if _, l := matchStateAt(folded, i); l > 0 {
			i += l
			continue
		}
		if a, ok := wordAbbreviations[folded[i]]; ok && a == "" || len(raw[i]) < 2 {
			i++
			continue
		}
		out = append(out, raw[i])
		i++
	}
	return out
}

// umlautSpelling writes the transliterations ae, oe, ue of a word as
// umlauts ("mueller" as "müller").
func umlautSpelling(s string) string {
	return strings.NewReplacer("ae", "ä", "oe", "ö", "ue", "ü").Replace(s)
}

// byRegister looks the register reference up, unless a candidate found
// for free already carries it.
func (m *matcher) byRegister(ctx context.Context) error {
	if m.ref == nil || m.registerAsked {
		return nil
	}
	for _, c := range m.order {
		if eq, _ := m.registerFit(c); eq == regUnique {
			return nil
		}
	}
	m.registerAsked = true
	fs, err := filters.Company().RegisterNumber(m.ref.Number).RegisterType(m.ref.Type).Build()
	if err != nil {
		return err
	}
	_, err = m.search(ctx, "", fs)
	return err
}

// byVAT finds the company with the VAT id through the vat_id filter.
func (m *matcher) byVAT(ctx context.Context) error {
	if m.vat == "" || m.vatAsked {
		return nil
	}
	m.vatAsked = true
	res, err := m.search(ctx, "", []filters.Filter{{Field: filters.VATID, Value: m.vat}})
	for _, r := range res {
		m.viaVAT = append(m.viaVAT, r.CompanyID)
	}
	return err
}

// byLEI finds the company with the LEI through the lei filter.
func (m *matcher) byLEI(ctx context.Context) error {
	if m.lei == "" || m.leiAsked {
		return nil
	}
	m.leiAsked = true
	res, err := m.search(ctx, "", []filters.Filter{{Field: filters.LEI, Value: m.lei}})
	for _, r := range res {
		m.viaLEI = append(m.viaLEI, r.CompanyID)
	}
	return err
}

// byWebsite asks whose website it is, and reads that company's record
// when no candidate found so far is it.
func (m *matcher) byWebsite(ctx context.Context) error {
	if m.website == "" || m.websiteAsked {
		return nil
	}
	m.websiteAsked = true
	id, err := m.lookupWebsite(ctx, m.website)
	if err != nil {
		return err
	}
	m.viaWebsite = append(m.viaWebsite, id)
	if _, ok := m.cands[id]; !ok {
		_, err = m.company(ctx, id)
	}
	return err
}

// byNameSearch runs a paid name search when the autocomplete found no
// good candidate, or found more companies than it shows and the query's
// city can narrow them.
func (m *matcher) byNameSearch(ctx context.Context) error {
	if m.searched || m.name.joined == "" {
		return nil
	}
	top := m.top()
	city := searchCity(m.q.City)
	// The search answers what the autocomplete does, with a city filter
	// and 100 a page: it can only add a company when the autocomplete
	// left some out, or when it found no name that fits (a typo may
	// have hidden it).
	fits := false
	for _, c := range m.order {
		fits = fits || c.nameFit >= m.o.MinScore
	}
	useful := !fits || (m.truncated && city != "")
	if !useful {
		return nil
	}
	m.searched = true
	words := autocompleteWords(m.q.Name)
	if len(words) == 0 {
		return nil
	}
	slices.SortStableFunc(words, func(a, b string) int { return len(b) - len(a) })
	query := words[0]
	if r := []rune(query); top == nil && len(r) >= 6 {
		query = string(r[:(len(r)+1)/2]) // nothing found: the word may hold a typo
	}
	var fs []filters.Filter
	if city != "" {
		fs = []filters.Filter{{Field: filters.City, Value: city}}
	}
	_, err := m.search(ctx, query, fs)
	return err
}

// searchCity is the city to filter a search by: the city without a
// district ("Berlin-Mitte" is "Berlin").
func searchCity(city string) string {
	city = strings.TrimSpace(city)
	if i := strings.IndexAny(city, "-/(,"); i > 0 {
		city = strings.TrimSpace(city[:i])
	}
	return city
}

// byHistory reads the records of the best partly fitting candidates, whose
// former names may be what the query says.
func (m *matcher) byHistory(ctx context.Context) error {
	if m.historyRead || m.name.joined == "" {
		return nil
	}
	m.historyRead = true
	read := 0
	for _, c := range m.ranked() {
		if read == 2 || c.nameFit < 0.3 {
			break
		}
		if c.record != nil || c.nameFit >= m.o.MinScore {
			continue
		}
		read++
		if _, err := m.company(ctx, c.res.CompanyID); err != nil {
			return err
		}
	}
	return nil
}
