package registerdata

import (
	"cmp"
	"context"
	"errors"
	"net/url"
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
			m.website = websiteHost(s)
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
// when no name found fits, with spellings and prefixes that survive a
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
	// No name fits: the register may spell umlauts or ß where the query
	// spelt them out, or a word has a typo: try those spellings and the
	// prefixes a typo or a transliteration leaves intact.
	for _, wd := range byLen[:min(2, len(byLen))] {
		for _, t := range fallbackTexts(wd) {
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

// fallbackTexts are the autocomplete texts tried for a word when nothing
// fits: its umlaut spellings, the prefix before its first
// transliteration (ae, oe, ue, ss), and its first half.
func fallbackTexts(wd string) []string {
	var out []string
	if u := umlautSpelling(wd); u != wd {
		out = append(out, u)
		if b := strings.ReplaceAll(u, "ss", "ß"); b != u {
			out = append(out, b)
		}
	} else if b := strings.ReplaceAll(wd, "ss", "ß"); b != wd {
		out = append(out, b)
	}
	r := []rune(wd)
	if i := indexTransliteration(wd); i >= 3 {
		out = append(out, wd[:i])
	}
	if len(r) >= 6 {
		out = append(out, string(r[:(len(r)+1)/2]), string(r[:3]))
	}
	return out
}

// indexTransliteration is the byte index of the first ae, oe, ue or ss
// in s, or -1.
func indexTransliteration(s string) int {
	i := -1
	for _, d := range []string{"ae", "oe", "ue", "ss"} {
		if j := strings.Index(s, d); j >= 0 && (i < 0 || j < i) {
			i = j
		}
	}
	return i
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
	return umlautReplacer.Replace(s)
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

// byNameSearch runs a paid name search when an autocomplete answer was
// full (the service shows at most AutocompleteLimit suggestions) and the
// search, with the query's city as a filter and 100 a page, can show the
// companies it left out: when no name fits (a typo may hide the company
// behind the prefix), or when the fitting names are several and the city
// can tell them apart.
func (m *matcher) byNameSearch(ctx context.Context) error {
	if m.searched || m.name.joined == "" || !m.truncated {
		return nil
	}
	city := searchCity(m.q.City)
	fits := m.nameFits()
	if fits && city == "" {
		return nil
	}
	m.searched = true
	words := autocompleteWords(m.q.Name)
	if len(words) == 0 {
		return nil
	}
	slices.SortStableFunc(words, func(a, b string) int { return len(b) - len(a) })
	query := words[0]
	if r := []rune(query); !fits && len(r) >= 6 {
		// The word may hold a typo: its first letters, narrowed by the
		// city when there is one.
		n := (len(r) + 1) / 2
		if city != "" {
			n = 3
		}
		query = string(r[:n])
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
	byFit := m.ranked()
	slices.SortStableFunc(byFit, func(a, b *matchCand) int { return cmp.Compare(b.nameFit, a.nameFit) })
	for _, c := range byFit {
		if read == 2 {
			break
		}
		if c.nameFit < 0.4 || c.record != nil || c.nameFit >= m.o.MinScore || m.q.City != "" && !m.cityAgrees(c) {
			continue
		}
		read++
		if _, err := m.company(ctx, c.res.CompanyID); err != nil {
			return err
		}
	}
	return nil
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
