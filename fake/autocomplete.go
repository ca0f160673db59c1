package fake

import (
	"cmp"
	"errors"
	"iter"
	"net/http"
	"slices"
	"strings"
	"sync"
	"unicode/utf8"

	registerdata "github.com/registerdata/registerdata-go"
	"github.com/registerdata/registerdata-go/internal/searchengine"
)

// AutocompleteLimit is the most suggestions GET /v1/autocomplete/company
// answers (the specification does not state a maximum).
const AutocompleteLimit = 10

// autocompleteScan bounds how many companies one query looks at, so a
// query as short as one letter costs the same in any register size.
const autocompleteScan = 4096

// prefixIndex holds the distinct words of the company names, sorted,
// each with the sorted ids of the companies whose name has it: the words
// starting with a prefix are one contiguous run, found by binary search
// over the (few) distinct words. It is built on the first query and kept
// current by a register observer once built.
type prefixIndex struct {
	mu      sync.RWMutex
	built   bool
	words   []string   // distinct lower-case name words, sorted
	ids     [][]string // ids[i]: the companies with words[i], sorted
	changes uint64     // register changes observed, built or not
	exact   bool       // WithExactNames: names are found by their words as written
}

// nameWords are the words a name is found by, each once: its lower-case
// words (runs of letters and digits) in both German spellings and joined
// with their neighbours (see indexWords in spelling.go).
func nameWords(name string) []string { return indexWords(name) }

// wordsOf are the words the index finds a name by: nameWords, or with
// WithExactNames only its lower-case words.
func (ix *prefixIndex) wordsOf(name string) []string {
	if ix.exact {
		ws := letterRuns(strings.ToLower(name))
		slices.Sort(ws)
		return slices.Compact(ws)
	}
	return nameWords(name)
}

// queryWords are the words of a query, spelt as nameWords spells them.
func (ix *prefixIndex) queryWords(query string) []string {
	if ix.exact {
		return letterRuns(strings.ToLower(query))
	}
	return queryWords(query)
}

func (ix *prefixIndex) build(all iter.Seq2[int, *registerdata.Company]) {
	byWord := map[string][]string{}
	for _, c := range all {
		for _, w := range ix.wordsOf(c.Name.Name) {
			byWord[w] = append(byWord[w], c.ID)
		}
	}
	ix.words = make([]string, 0, len(byWord))
	for w := range byWord {
		ix.words = append(ix.words, w)
	}
	slices.Sort(ix.words)
	ix.ids = make([][]string, len(ix.words))
	for i, w := range ix.words {
		ix.ids[i] = byWord[w]
		slices.Sort(ix.ids[i])
	}
	ix.built = true
}

// change moves a company's words from its name before to its name after.
func (ix *prefixIndex) change(before, after registerdata.Company) {
	if before.ID == after.ID && before.Name.Name == after.Name.Name {
		return
	}
	if before.ID != "" {
		for _, w := range ix.wordsOf(before.Name.Name) {
			if i, found := slices.BinarySearch(ix.words, w); found {
				if j, found := slices.BinarySearch(ix.ids[i], before.ID); found {
					ix.ids[i] = slices.Delete(ix.ids[i], j, j+1)
				}
			}
		}
	}
	if after.ID != "" {
		for _, w := range ix.wordsOf(after.Name.Name) {
			i, found := slices.BinarySearch(ix.words, w)
			if !found {
				ix.words = slices.Insert(ix.words, i, w)
				ix.ids = slices.Insert(ix.ids, i, nil)
			}
			if j, found := slices.BinarySearch(ix.ids[i], after.ID); !found {
				ix.ids[i] = slices.Insert(ix.ids[i], j, after.ID)
			}
		}
	}
}

// installAutocomplete serves GET /v1/autocomplete/company from the
// prefix index. It costs nothing.
func installAutocomplete(s *Server) {
	ix := extState[prefixIndex](s)
	ix.exact = s.cfg.exactNames
	s.observe(func(before, after registerdata.Company) {
		ix.mu.Lock()
		defer ix.mu.Unlock()
		ix.changes++
		if ix.built {
			ix.change(before, after)
		}
	})
	s.handleAPI("GET /v1/autocomplete/company", s.handleAutocomplete)
}

// autocomplete returns up to AutocompleteLimit companies having, for
// every word of query, a name word starting with it: ordered by the name
// word the longest query word starts, then by id.
func (s *Server) autocomplete(query string) []registerdata.CompanySearchResult {
	ix := extState[prefixIndex](s)
	ix.mu.RLock()
	if !ix.built {
		ix.mu.RUnlock()
		ix.mu.Lock()
		if !ix.built {
			ix.build(s.store.all())
		}
		ix.mu.Unlock()
		ix.mu.RLock()
	}
	defer ix.mu.RUnlock()

	words := ix.queryWords(query)
	out := []registerdata.CompanySearchResult{}
	if len(words) == 0 {
		return out
	}
	key := slices.MaxFunc(words, func(a, b string) int { return cmp.Compare(len(a), len(b)) })
	scanned := 0
	buf := summaryBufs.Get().(*registerdata.Company)
	defer summaryBufs.Put(buf)
	var keep func(string) bool // every company with the one word
	switch {
	case len(words) > 1 && ix.exact:
		keep = func(name string) bool { return matchesAll(letterRuns(strings.ToLower(name)), words) }
	case len(words) > 1:
		keep = func(name string) bool { return nameMatchesAll(name, words) }
	}
	for i, _ := slices.BinarySearch(ix.words, key); i < len(ix.words) && strings.HasPrefix(ix.words[i], key); i++ {
		for _, id := range ix.ids[i] {
			if len(out) == AutocompleteLimit || scanned == autocompleteScan {
				return out
			}
			scanned++
			if slices.ContainsFunc(out, func(r registerdata.CompanySearchResult) bool { return r.CompanyID == id }) {
				continue // another of its words matched already; a refused company is refused again
			}
			if c, ok := s.store.summary(id, buf, keep); ok {
				if cap(out) == 0 {
					out = make([]registerdata.CompanySearchResult, 0, AutocompleteLimit)
				}
				out = append(out, searchResultOf(c))
			}
		}
	}
	return out
}

// summaryBufs hold the records the autocomplete draws generated
// companies' summaries into: a result shares none of their memory.
var summaryBufs = sync.Pool{New: func() any { return new(registerdata.Company) }}

// nameMatchesAll is matchesAll(nameWords(name), query) without building
// the name's words joined with their neighbours: a query word starts
// the join of a and b when it starts a, or when a starts it and b starts
// the rest.
func nameMatchesAll(name string, query []string) bool {
	ws := queryWords(name)
	for _, q := range query {
		found := false
		for i, w := range ws {
			if strings.HasPrefix(w, q) ||
				i+1 < len(ws) && strings.HasPrefix(q, w) && strings.HasPrefix(ws[i+1], q[len(w):]) {
				found = true
				break
			}
		}
		if !found {
			return false
		}
	}
	return true
}

// matchesAll reports whether every query word starts some name word.
func matchesAll(name, query []string) bool {
	for _, q := range query {
		if !slices.ContainsFunc(name, func(w string) bool { return strings.HasPrefix(w, q) }) {
			return false
		}
	}
	return true
}

// summary is company id as far as a search result item shows it, for
// searchResultOf: its held record, or for a generated company only that
// part of it (see generator.summary), drawn into buf, which must not be
// shared; false when there is no such company or keep, when set, says
// no to its name (a generated company's summary is then drawn no
// further). The caller must not modify it.
func (st *store) summary(id string, buf *registerdata.Company, keep func(name string) bool) (*registerdata.Company, bool) {
	st.mu.RLock()
	c, ok := st.byID[id]
	n := st.generated
	st.mu.RUnlock()
	if ok {
		return c, keep == nil || keep(c.Name.Name)
	}
	return buf, generatedSummaryInto(id, n, buf, keep)
}

// searchResultOf is c as a company search result item, as search
// answers it.
func searchResultOf(c *registerdata.Company) registerdata.CompanySearchResult {
	return searchengine.CompanyResult(c)
}

// handleAutocomplete answers GET /v1/autocomplete/company?query=.
func (s *Server) handleAutocomplete(w http.ResponseWriter, r *http.Request) {
	query, err := requiredQuery(r.URL.Query()["query"], "query")
	if err == nil && (len(query) > 256 || !utf8.ValidString(query)) {
		err = errAutocompleteQuery
	}
	if err != nil {
		writeError(w, http.StatusBadRequest, CodeInvalidRequest, err.Error())
		return
	}
	// The documentation lists 402 among autocomplete's answers without a
	// price: the fake bills its table's price (0 by default) and refuses
	// an account with no credits left, as a billed route would.
	if n, _ := s.accounts.balance(apiKey(r)); n <= 0 {
		writeError(w, http.StatusPaymentRequired, CodeInsufficientCredits,
			"insufficient credits: the account has no credits left, and autocomplete needs some; top up with SetCredits or PUT /_fake/credits")
		return
	}
	if !s.charge(w, apiKey(r), s.price("GET /v1/autocomplete/company")) {
		return
	}
	writeBody(w, http.StatusOK, s.autocompleteAnswer(query))
}

// appendAutocomplete appends the body of an answer with the
// suggestions, encoded as writeJSON encodes {"results": res} (res is
// never nil), item by item as search encodes its results.
func appendAutocomplete(b []byte, res []registerdata.CompanySearchResult) []byte {
	b = append(b, `{"results":[`...)
	for i := range res {
		if i > 0 {
			b = append(b, ',')
		}
		b = appendSearchResult(b, &res[i])
	}
	return append(b, "]}\n"...)
}

var errAutocompleteQuery = errors.New("query parameter query must be valid UTF-8 of at most 256 bytes")
