package registerdata

import (
	"cmp"
	"context"
	"slices"
	"strings"

	"github.com/registerdata/registerdata-go/filters"
	"github.com/registerdata/registerdata-go/internal/matchtext"
	"github.com/registerdata/registerdata-go/internal/places"
)

// The paid steps of a match, in the order run tries them; each returns
// at once when it cannot change the outcome.

// byRegister looks the register reference up, unless a candidate found
// for free already carries it.
func (m *matcher) byRegister(ctx context.Context) error {
	if m.ref == nil || m.registerAsked || !m.ref.Type.IsKnown() {
		return nil // a GsR reference cannot be searched: the service knows no such register type
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

// byNameSearch runs a paid name search when the autocomplete's answer
// that could hold the company was full (the service shows at most
// AutocompleteLimit suggestions) and the search, with the query's city
// as a filter when it has one and 100 a page, can show the companies it
// left out: when no name fits (a typo may hide the company behind the
// first letters), or when another company of a fitting name may be
// missing. It searches for the spelling that found the fitting names, or
// the first letters of the longest word. A query with a register
// reference already searched spends nothing more here.
func (m *matcher) byNameSearch(ctx context.Context) error {
	if m.searched || m.name.Joined == "" || !m.hidden || m.registerAsked {
		return nil
	}
	city := m.filterCity
	fits := m.nameFits()
	if !fits && city == "" {
		return nil // the first letters over the whole register: a page of 100 would not tell
	}
	m.searched = true
	var query string
	switch typos := typoTexts(m.q.Name); {
	case fits:
		query = m.fittingText()
	case len(typos) > 0:
		query = typos[len(typos)-1].text
		if city != "" { // narrowed by the city: the first letter, a typo may be in the next
			r := []rune(strings.Join(matchtext.AutocompleteWords(typos[len(typos)-1].text), " "))
			query = strings.TrimSpace(string(r[:min(1, len(r))]) + " " + matchtext.RegisterForm(m.name.Form))
		}
	default:
		words := matchtext.AutocompleteWords(m.q.Name)
		if len(words) == 0 {
			return nil
		}
		slices.SortStableFunc(words, func(a, b string) int { return len(b) - len(a) })
		query = words[0]
	}
	var fs []filters.Filter
	if city != "" {
		fs = []filters.Filter{{Field: filters.City, Value: city}}
	}
	_, err := m.search(ctx, query, fs)
	return err
}

// fittingText is the search text for the companies of the name that
// fits best: its words as the register writes them (the search finds
// names by their words, not by other spellings), with the legal form
// when the query gives one.
func (m *matcher) fittingText() string {
	var top *matchCand
	for _, c := range m.order {
		if c.nameFit >= m.o.MinScore && (top == nil || c.nameFit > top.nameFit) {
			top = c
		}
	}
	words := matchtext.CoreWords(top.res.Name)
	if f := matchtext.RegisterForm(m.name.Form); f != "" {
		words = append(words, f)
	}
	return strings.Join(words, " ")
}

// searchCity is the city of a city text without its district
// ("Berlin-Mitte" is "Berlin"); places.CityOf then spells it as the
// register does.
func searchCity(city string) string {
	city = strings.TrimSpace(city)
	if places.CityOf(city) != city {
		return city // a district written alone ("Schwabing")
	}
	if i := strings.IndexAny(city, "-/,"); i > 0 {
		city = strings.TrimSpace(city[:i])
	}
	return city
}

// byHistory reads the records of the best partly fitting candidates, whose
// former names may be what the query says.
func (m *matcher) byHistory(ctx context.Context) error {
	if m.historyRead || m.name.Joined == "" {
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
		if matchtext.NameSimilarity(m.name, c.norm) >= 0.9 && (m.q.City == "" && m.q.PostalCode == "" || !m.cityAgrees(c)) {
			continue // the query's name with another legal form, and nothing places it: most likely another company
		}
		if !m.canReach(c) {
			continue // even a former name equal to the query's would not make it the Best
		}
		read++
		if _, err := m.company(ctx, c.res.CompanyID); err != nil {
			return err
		}
	}
	return nil
}

// canReach reports whether a former name equal to the query's could
// change the outcome through c: its place and a former name's weight
// still reach MinScore, and c would lead the other candidates or come
// close enough to the Best to unseat it. No record is bought that cannot
// change the outcome.
func (m *matcher) canReach(c *matchCand) bool {
	n := len(c.reasons)
	f := m.cityFactor(c)
	c.reasons = c.reasons[:n]
	most := matchtext.FormerNameWeight * f
	if most < m.o.MinScore {
		return false
	}
	top := 0.0
	for _, o := range m.order {
		if o != c {
			top = max(top, o.score)
		}
	}
	if most >= top {
		return true
	}
	return m.best() != nil && most > top-clearlyAhead // it could spoil the Best's lead
}
