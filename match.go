package registerdata

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"unicode/utf8"
)

// MatchQuery is a customer record to find in the register. Every field is
// optional, but at least one of Name, Register, VATID, LEI and Website
// must be given. Fields are free text as customers write them.
type MatchQuery struct {
	// Name is the company name in any spelling ("Nordlicht Solar-Technik
	// GmbH i.L.", "nordlicht solartechnik").
	Name string `json:"name,omitempty"`
	// City of the registered address; a district ("Berlin-Mitte") counts
	// as its city. A postal code in it ("01288 Dresden", "D-01288
	// Dresden", "01288") is read as PostalCode (kept when PostalCode is
	// given) and city.
	City string `json:"city,omitempty"`
	// PostalCode of the registered address.
	PostalCode string `json:"postal_code,omitempty"`
	// Street and house number of the registered address; the postal code
	// and city after them ("Hauptstraße 5, 01288 Dresden") are read as
	// PostalCode and City when those are empty.
	Street string `json:"street,omitempty"`
	// Register is a register reference in any form ParseRegisterReference
	// reads ("HRB 267645 B, Amtsgericht Charlottenburg").
	Register string `json:"register,omitempty"`
	// VATID is the VAT identification number ("DE318274655").
	VATID string `json:"vat_id,omitempty"`
	// LEI is the Legal Entity Identifier (20 characters).
	LEI string `json:"lei,omitempty"`
	// Website is the company's web address ("nordlicht-solartechnik.example").
	Website string `json:"website,omitempty"`
}

// MatchOptions tune MatchCompany; nil means the defaults.
type MatchOptions struct {
	// MinScore is the score (0..1) the best candidate needs to become
	// Match.Best; 0 means 0.85.
	MinScore float64
	// MaxCredits bounds what one match may spend; 0 means 30, a negative
	// value allows only free calls (autocomplete, the cache). It is a
	// CreditLimit: held at every write, retries included, so the match
	// never spends more, whatever the network does.
	MaxCredits int64
	// MaxCandidates bounds Match.Candidates, 1 to 100; 0 means 5.
	MaxCandidates int
	// Suggestions, when set and the client has no cache of its own
	// (WithCache), keeps the answers of the free autocomplete that
	// matches ask, so that matches sharing a word ask the service once:
	// give the MatchCompany calls of a loop one cache (WithSuggestions
	// makes one, bounded in entries and bytes). MatchCompaniesSeq keeps
	// one for its walk when this is nil. Only free answers are kept this
	// way: every paid call of a match is asked and billed as without it.
	Suggestions Cache
}

// Defaults of MatchOptions.
const (
	DefaultMatchMinScore      = 0.85
	DefaultMatchMaxCredits    = 30
	DefaultMatchMaxCandidates = 5
)

// Match is the outcome of MatchCompany.
type Match struct {
	// Best is the company the query names: set only when the top
	// candidate reaches MinScore and leads the next by at least 0.05, and
	// no identifier of the query names another company or contradicts it
	// (an identifier that resolves to one company gives it 0.99, 1 when
	// name and city agree too, and makes it the Best however many
	// namesakes score as high). A namesake in the query's city at another
	// street than the query's scores lower than the one at that street.
	// Nil when no candidate is confident and unambiguous. Best is
	// Candidates[0] when set.
	Best *MatchCandidate
	// Candidates are the companies considered, best first, at most
	// MaxCandidates; never nil.
	Candidates []MatchCandidate
	// Credits is what this match spent (0 when everything came from free
	// calls or the client's cache).
	Credits int64
	// Ignored says which parts of the query were not used and why: a
	// German VAT id or an LEI that fails its check digits (nothing is
	// spent on it), a register text that is no reference, a website that
	// is no web address. Empty when every part was used.
	Ignored []string
}

// MatchCandidate is one company a query may mean.
type MatchCandidate struct {
	// CompanyID identifies the company.
	CompanyID string
	// Name is its current name.
	Name string
	// Score is how well it fits the query, 0..1.
	Score float64
	// Reasons say in plain words what agrees and what differs ("register
	// number and court equal", "city differs: Hamburg vs Berlin").
	Reasons []string
	// Result is the company as a search returns it.
	Result CompanySearchResult
}

// maxMatchField bounds each field of a MatchQuery.
const maxMatchField = 512

// resolve returns o with its defaults filled in, or what is wrong.
func (o *MatchOptions) resolve() (MatchOptions, error) {
	r := MatchOptions{MinScore: DefaultMatchMinScore, MaxCredits: DefaultMatchMaxCredits, MaxCandidates: DefaultMatchMaxCandidates}
	if o == nil {
		return r, nil
	}
	switch {
	case o.MinScore < 0 || o.MinScore > 1 || o.MinScore != o.MinScore:
		return r, fmt.Errorf("%w: MatchOptions.MinScore is %v: want a score in (0, 1], or 0 for %v", ErrInvalidRequest, o.MinScore, DefaultMatchMinScore)
	case o.MaxCandidates < 0 || o.MaxCandidates > 100:
		return r, fmt.Errorf("%w: MatchOptions.MaxCandidates is %d: want 1 to 100, or 0 for %d", ErrInvalidRequest, o.MaxCandidates, DefaultMatchMaxCandidates)
	}
	if o.MinScore > 0 {
		r.MinScore = o.MinScore
	}
	if o.MaxCredits != 0 {
		r.MaxCredits = max(o.MaxCredits, 0)
	}
	if o.MaxCandidates > 0 {
		r.MaxCandidates = o.MaxCandidates
	}
	r.Suggestions = o.Suggestions
	return r, nil
}

// check reports what is wrong with q, or nil.
func (q MatchQuery) check() error {
	fields := []struct{ name, v string }{
		{"Name", q.Name}, {"City", q.City}, {"PostalCode", q.PostalCode}, {"Street", q.Street},
		{"Register", q.Register}, {"VATID", q.VATID}, {"LEI", q.LEI}, {"Website", q.Website},
	}
	for _, f := range fields {
		switch {
		case len(f.v) > maxMatchField:
			return fmt.Errorf("%w: MatchQuery.%s is %d bytes long, the limit is %d", ErrInvalidRequest, f.name, len(f.v), maxMatchField)
		case !utf8.ValidString(f.v):
			return fmt.Errorf("%w: MatchQuery.%s is not valid UTF-8", ErrInvalidRequest, f.name)
		}
	}
	if strings.TrimSpace(q.Name+q.Register+q.VATID+q.LEI+q.Website) == "" {
		return fmt.Errorf("%w: the match query names no company: give at least one of Name, Register, VATID, LEI and Website", ErrInvalidRequest)
	}
	return nil
}

// MatchCompany finds the register entry a customer record means, at the
// lowest cost, and says why.
//
// Identifiers come first: a register reference (parsed with
// ParseRegisterReference) is looked up with the register_number and
// register_type filters and its court compared through the company id;
// a VAT id and an LEI through the vat_id and lei filters; a website
// through LookupCompanyByURL. An identifier that resolves to one company
// decides, unless the name or the city contradict it (then Best stays nil
// and the reasons say so). Names are compared with German knowledge:
// legal forms in all their spellings, "i.L." and "i.G.", umlauts against
// their transliterations, hyphens, "&" and "und", case, punctuation,
// "Dr." and "St."; a typo of one letter still counts; a former name (the
// company's name history) counts with less weight.
//
// A German VAT id that fails its ISO 7064 MOD 11,10 check digit and an
// LEI that fails ISO 17442 (20 characters, MOD 97-10) name no company:
// they are ignored before a credit is spent and reported in
// Match.Ignored; a query with nothing else fails with ErrInvalidRequest.
//
// The free autocomplete is asked first, with a few spellings of the name
// (at most six, the name as written first): compounds joined or split
// ("Neckar-Maschinen" and "Neckar Maschinen" as "NeckarMaschinen"),
// umlauts written, spelt out or put back ("SuedDruck", "SudDruck" as
// "SüdDruck"), ß for ss, each narrowed by the legal form as the register
// writes it when its answer is full; the match stops at the first answer
// with a fitting name, and the reasons say which spelling found the
// company ("found as NeckarMaschinen GmbH: words joined"). When no
// spelling fits, the name without one of its words and the first letters
// of its longest word are asked, past a typo. The service's reading of
// spellings is not relied on. A paid call is made only when its answer
// can change the outcome, and never beyond opts.MaxCredits: an answer
// that is not full and holds no fitting name proves for free that the
// register does not hold the company; a name search (with the city as a
// filter) is paid for only when the answer that could hold the company
// was full; a register reference costs one search at most.
// Match.Credits is what the match spent; with the client's cache
// (WithCache) the searches, lookups and records a match read are cached,
// so matching the same record again costs nothing.
//
// callOpts apply to every call of the match; WithResponseInfo receives
// the summed Attempts and Charged of them. An invalid query or option
// fails with ErrInvalidRequest before anything is sent; the first call
// that fails for another reason (other than "not found") ends the match
// with its error and no Match.
func (c *Client) MatchCompany(ctx context.Context, q MatchQuery, opts *MatchOptions, callOpts ...CallOption) (*Match, error) {
	o, err := opts.resolve()
	if err != nil {
		return nil, err
	}
	cfg := newCallConfig(callOpts)
	if cfg.err != nil {
		return nil, cfg.err
	}
	if ctx == nil {
		return nil, fmt.Errorf("%w: MatchCompany: nil context: pass context.Background() or a request's context", ErrInvalidRequest)
	}
	if err := q.check(); err != nil {
		return nil, err
	}
	m := newMatcher(c, q, o, callOpts)
	if len(m.unusable) > 0 && m.name.Joined == "" && m.vat == "" && m.lei == "" && m.website == "" && m.ref == nil {
		return nil, fmt.Errorf("%w: %s, and the query has nothing else to match by", ErrInvalidRequest, strings.Join(m.unusable, "; "))
	}
	ctx, m.limit = WithCreditLimit(ctx, o.MaxCredits)
	err = m.run(ctx)
	if cfg.info != nil {
		*cfg.info = ResponseInfo{Attempts: m.attempts, Charged: m.credits, Cached: err == nil && m.calls > 0 && m.cached == m.calls}
	}
	if err != nil {
		return nil, err
	}
	return m.result(), nil
}

// errMatchRefused marks a paid call the match's own credit bound refused.
var errMatchRefused = errors.New("registerdata: the match's MaxCredits cannot pay for this call")

// AutocompleteLimit is the most suggestions the service's autocomplete
// answers at once; a full answer may leave companies out.
const AutocompleteLimit = 10
