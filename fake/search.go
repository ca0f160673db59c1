package fake

import (
	"errors"
	"fmt"
	"net/http"
	"slices"
	"sync"
	"sync/atomic"

	registerdata "github.com/registerdata/registerdata-go"
	"github.com/registerdata/registerdata-go/filters"
	"github.com/registerdata/registerdata-go/internal/searchengine"
)

// maxSearchBody bounds a search request body; a real one is well under
// a kilobyte.
const maxSearchBody = 1 << 20

// searchState is the search extension's state: the index of the whole
// register, built on first use (see searchIndex) and kept current by a
// register observer from then on.
type searchState struct {
	mu     sync.Mutex           // held while the index is built
	engine *searchengine.Engine // nil until built; set under mu before ready
	ready  atomic.Bool          // engine is set
	builds int                  // how often the index was built, under mu: once at most
}

// installSearch serves POST /v1/search/company and POST /v1/search/person
// over the whole register, with the semantics documented in package
// internal/searchengine. Each search costs 10 credits, charged only when
// it answers 200.
//
// The index is built when a request first needs it, from the register as
// it is then, so a server that is never searched never pays for it. A
// register with generated companies is built at once, as its index takes
// seconds at scale, which a first request should not wait for.
func installSearch(s *Server) {
	s.observe(s.searchObserve)
	s.handleAPI("POST /v1/search/company", s.handleSearchCompany)
	s.handleAPI("POST /v1/search/person", s.handleSearchPerson)
	if s.cfg.generated > 0 {
		s.searchReady() // the index and the owners its filters read
	}
}

// searchIndex returns the search index, building it on first use; it is
// safe for concurrent use and builds the index once.
func (s *Server) searchIndex() *searchengine.Engine {
	st := extState[searchState](s)
	if st.ready.Load() {
		return st.engine
	}
	st.mu.Lock()
	defer st.mu.Unlock()
	if st.engine == nil {
		st.engine = s.buildSearchIndex()
		st.builds++
		st.ready.Store(true)
	}
	return st.engine
}

// searchReady returns the search index for a search: built, and with the
// curated owner register loaded, which the owner filters read (a broken
// one leaves them reading the representation; the ownership endpoints
// report it).
func (s *Server) searchReady() *searchengine.Engine {
	e := s.searchIndex()
	_, _ = s.ownership()
	return e
}

// builtSearchIndex returns the search index if it is built, waiting for a
// build under way, or nil: a change the index has not seen needs nothing
// then, as the build reads the register as it is when it runs.
func (s *Server) builtSearchIndex() *searchengine.Engine {
	st := extState[searchState](s)
	if st.ready.Load() {
		return st.engine
	}
	st.mu.Lock()
	defer st.mu.Unlock()
	return st.engine
}

// buildSearchIndex indexes the register as it is now. The register is
// changed before its observers are told, so a change either is in what
// this reads or reaches the index through searchObserve afterwards (that
// waits for the build); one that is in both is applied twice, to the
// same effect.
func (s *Server) buildSearchIndex() *searchengine.Engine {
	e := searchengine.New(func() registerdata.Date { return registerdata.DateOf(s.clock.Now().UTC()) })
	// Every full build, at start and on each new day of the clock, runs
	// under the memory limit of a large register.
	e.SetBuildGuard(func() func() { return limitBuildHeap(s.cfg.generated) })
	e.SetOwnerRegister(s.storedOwners)           // owner filters agree with GetOwners
	e.SetFinancialsRegister(s.data().latestYear) // and financial filters with loaded financials
	src, added := s.store.indexSource()
	if len(added) > 0 {
		e.Load(added)
	}
	e.LoadSource(src) // stored companies are never modified, so the engine may share them
	return e
}

// searchObserve applies a change of the register to the index, if it is
// built.
func (s *Server) searchObserve(before, after registerdata.Company) {
	if e := s.builtSearchIndex(); e != nil {
		e.Update(before, after)
	}
}

// reindexSearch recomputes the filter fields of the companies ids, whose
// owners changed, if the index is built.
func (s *Server) reindexSearch(ids ...string) {
	if e := s.builtSearchIndex(); e != nil {
		for _, id := range ids {
			e.Reindex(id)
		}
	}
}

// searchWire is the search request body as the service reads it. It is
// decoded strictly: an unknown key anywhere is refused. Every part is
// optional.
type searchWire struct {
	Query *struct {
		Value string `json:"value"`
	} `json:"query"`
	Filters    []filters.Filter         `json:"filters"`
	Location   *locationWire            `json:"location"`
	Pagination registerdata.PageRequest `json:"pagination"`
}

// locationWire is a search location; radius is optional (the engine's
// default, searchengine.DefaultRadiusKm, applies without it).
type locationWire struct {
	Latitude  *float64 `json:"latitude"`
	Longitude *float64 `json:"longitude"`
	Radius    *float64 `json:"radius"`
}

func (b *searchWire) query() string {
	if b.Query == nil {
		return ""
	}
	return b.Query.Value
}

// location checks the location of the body and converts it, or returns
// what is wrong with it.
func (b *searchWire) location() (*registerdata.Location, string) {
	l := b.Location
	if l == nil {
		return nil, ""
	}
	if l.Latitude == nil || l.Longitude == nil {
		return nil, `location needs "latitude" and "longitude" (degrees); "radius" (km) is optional`
	}
	loc := &registerdata.Location{Latitude: *l.Latitude, Longitude: *l.Longitude}
	if l.Radius != nil {
		if *l.Radius <= 0 {
			return nil, fmt.Sprintf(`location: radius %g is not positive; give kilometres, or leave "radius" out for %d km`, *l.Radius, searchengine.DefaultRadiusKm)
		}
		loc.Radius = *l.Radius
	}
	return loc, ""
}

// readSearch decodes the body of a search request, or answers 400.
func readSearch(w http.ResponseWriter, r *http.Request) (searchWire, bool) {
	var body searchWire
	return body, readObject(w, r, maxSearchBody, &body)
}

// answerSearch writes the result of a search: 400 for a request the
// engine refuses, else 200 after charging cost.
func (s *Server) answerSearch(w http.ResponseWriter, r *http.Request, cost int64, res any, err error) {
	var bad *searchengine.RequestError
	switch {
	case errors.As(err, &bad):
		writeError(w, http.StatusBadRequest, CodeInvalidRequest, bad.Msg)
	case err != nil:
		writeError(w, http.StatusInternalServerError, CodeInternal, fmt.Sprintf("fake: search failed: %v", err))
	case s.charge(w, apiKey(r), cost):
		writeJSON(w, http.StatusOK, res)
	}
}

// handleSearchCompany serves POST /v1/search/company.
func (s *Server) handleSearchCompany(w http.ResponseWriter, r *http.Request) {
	body, ok := readSearch(w, r)
	if !ok {
		return
	}
	loc, problem := body.location()
	if problem != "" {
		writeError(w, http.StatusBadRequest, CodeInvalidRequest, problem)
		return
	}
	res, err := s.searchReady().SearchCompanies(registerdata.CompanySearchRequest{
		Query: body.query(), Filters: body.Filters, Location: loc, Pagination: body.Pagination,
	})
	s.answerSearch(w, r, s.price("POST /v1/search/company"), res, err)
}

// listedPersons is the condition every person search adds: only persons
// with a known date of birth are listed, as the service's clients read
// date_of_birth as a required string.
var listedPersons = filters.Filter{Field: filters.DateOfBirth, Min: "0001-01-01"}

// handleSearchPerson serves POST /v1/search/person. A location in the
// body is accepted and ignored, as persons have no position. Persons
// without a known date of birth are not listed (see listedPersons).
func (s *Server) handleSearchPerson(w http.ResponseWriter, r *http.Request) {
	body, ok := readSearch(w, r)
	if !ok {
		return
	}
	res, err := s.searchReady().SearchPersons(registerdata.PersonSearchRequest{
		Query: body.query(), Filters: append(slices.Clip(body.Filters), listedPersons), Pagination: body.Pagination,
	})
	s.answerSearch(w, r, s.price("POST /v1/search/person"), res, err)
}
