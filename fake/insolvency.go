package fake

import (
	"crypto/sha256"
	"encoding/hex"
	"net/http"
	"slices"
	"sort"
	"sync"

	registerdata "github.com/registerdata/registerdata-go"
	"github.com/registerdata/registerdata-go/enums"
)

// Insolvency proceedings in the fake (GET /v1/insolvency/{id}, POST
// /v1/search/insolvency):
//
//   - Every entry of a company's insolvencies summary is a proceeding with
//     the same id, status, court, case number, kinds and dates; the debtor
//     is the company (legal_person, its name, legal form and city). Its
//     published events are derived from the summary: preliminary measures,
//     the opening (when opened_at is set) and the event that led to the
//     current status (at closed_at when set). The index follows every
//     change of the register.
//   - Three natural persons of the curated register are debtors of
//     proceedings of their own (two consumer insolvencies, one regular).
//   - AddInsolvencyEvent (POST /_fake/insolvencies/{id}/events) appends an
//     event, moves the status as the event type says (see
//     statusAfterEvent) and, for a company, updates its summary: monitors
//     see it as any change of the register. The event itself is reported
//     in the category insolvencies to the debtor's monitors (path
//     /insolvencies/{id}/events/{event id}) and to the monitors of the
//     natural persons holding a current role in the debtor company (path
//     /companies/{company}/insolvencies/{id}/events/{event id}). A
//     natural person's own proceeding is reported at the person
//     monitor's next daily check.
//   - A lookup costs CostInsolvencyLookup, a search page
//     CostInsolvencySearch, charged only with a 200.

// insolvencyState is the fake's insolvency register beside the companies.
type insolvencyState struct {
	adding sync.Mutex // serialises AddInsolvencyEvent

	mu      sync.Mutex
	company map[string]string                         // proceeding id -> company id; nil until companyIndex fills it
	persons map[string]*personCase                    // proceeding id -> a natural person's proceeding
	frozen  map[string]registerdata.InsolvencySummary // the summary events are derived from, once events were added
	added   map[string][]registerdata.InsolvencyEvent // events added by AddInsolvencyEvent
	seq     int
}

// personCase is a proceeding against a natural person: the debtor and
// the proceeding's summary.
type personCase struct {
	debtor debtor
	sum    registerdata.InsolvencySummary
}

// debtor is who a proceeding is against.
type debtor struct {
	name      string
	kind      enums.DebtorKind
	companyID *string
	personID  *string
	legalForm *string
	city      *string
}

func installInsolvency(s *Server) {
	st := extState[insolvencyState](s)
	if st.persons == nil { // loaded data may have added proceedings of natural persons
		st.persons = map[string]*personCase{}
	}
	st.frozen = map[string]registerdata.InsolvencySummary{}
	st.added = map[string][]registerdata.InsolvencyEvent{}
	if !s.cfg.noCurated {
		for _, pc := range personCases() {
			st.persons[pc.sum.ID] = pc
		}
	}
	s.observe(st.observe)
	s.handleAPI("GET /v1/insolvency/{id}", s.handleGetInsolvency)
	s.handleAPI("POST /v1/search/insolvency", s.handleSearchInsolvency)
	s.handleControl("POST /_fake/insolvencies/{id}/events", s.handleAddInsolvencyEvent)
}

// companyIndex returns the index of company proceedings (proceeding id
// -> company id), filling it from the register on first use: reading every
// company draws every generated one again, which a fake that never looks
// up a proceeding should not pay for at startup. The caller holds st.mu.
func (st *insolvencyState) companyIndex(s *Server) map[string]string {
	if st.company == nil {
		st.company = map[string]string{}
		for _, c := range s.store.all() {
			for _, in := range c.Insolvencies {
				st.company[in.ID] = c.ID
			}
		}
	}
	return st.company
}

// observe keeps the index of company proceedings current once it exists
// (until then, it will be read from the register as changed).
func (st *insolvencyState) observe(before, after registerdata.Company) {
	st.mu.Lock()
	defer st.mu.Unlock()
	if st.company == nil {
		return
	}
	for _, in := range before.Insolvencies {
		if st.company[in.ID] == before.ID {
			delete(st.company, in.ID)
		}
	}
	for _, in := range after.Insolvencies {
		st.company[in.ID] = after.ID
	}
}

func (s *Server) insolvencies() *insolvencyState { return extState[insolvencyState](s) }

// InsolvencyIDs returns the ids of every insolvency proceeding of the
// fake, companies' and natural persons', sorted.
func (s *Server) InsolvencyIDs() []string {
	st := s.insolvencies()
	st.mu.Lock()
	defer st.mu.Unlock()
	companies := st.companyIndex(s)
	out := make([]string, 0, len(companies)+len(st.persons))
	for id := range companies {
		out = append(out, id)
	}
	for id := range st.persons {
		out = append(out, id)
	}
	sort.Strings(out)
	return out
}

// Insolvency returns the proceeding id as GET /v1/insolvency/{id} serves
// it, and whether it exists.
func (s *Server) Insolvency(id string) (registerdata.Insolvency, bool) {
	p, ok := s.proceeding(id)
	return p.Insolvency, ok
}

// proceeding is a proceeding with what a search result adds to it.
type proceeding struct {
	registerdata.Insolvency
	city     *string
	personID *string
}

// proceeding builds the proceeding id from the register.
func (s *Server) proceeding(id string) (proceeding, bool) {
	st := s.insolvencies()
	st.mu.Lock()
	companyID, isCompany := st.companyIndex(s)[id]
	pc := st.persons[id]
	var pcCopy personCase
	if pc != nil {
		pcCopy = *pc
	}
	frozen, hasFrozen := st.frozen[id]
	added := slices.Clone(st.added[id])
	st.mu.Unlock()

	var d debtor
	var sum registerdata.InsolvencySummary
	switch {
	case isCompany:
		c, ok := s.store.get(companyID)
		if !ok {
			return proceeding{}, false
		}
		i := slices.IndexFunc(c.Insolvencies, func(in registerdata.InsolvencySummary) bool { return in.ID == id })
		if i < 0 {
			return proceeding{}, false
		}
		sum, d = c.Insolvencies[i], companyDebtor(c)
	case pc != nil:
		sum, d = pcCopy.sum, pcCopy.debtor
	default:
		return proceeding{}, false
	}
	if stored, ok := s.data().storedProceeding(id); ok {
		return proceeding{Insolvency: storedProceedingNow(stored, sum, added), city: d.city, personID: d.personID}, true
	}
	base := sum
	if hasFrozen {
		base = frozen
	}
	return buildProceeding(d, sum, base, added), true
}

func companyDebtor(c *registerdata.Company) debtor {
	d := debtor{name: c.Name.Name, kind: enums.DebtorKindLegalPerson, companyID: ptrTo(c.ID)}
	if c.LegalForm != "" {
		d.legalForm = ptrTo(string(c.LegalForm))
	}
	if c.Address.City != "" {
		d.city = ptrTo(c.Address.City)
	}
	return d
}

func ptrTo[T any](v T) *T { return &v }

// derivedUUID is a version-4-shaped UUID derived from parts, so derived
// records keep their ids across runs.
func derivedUUID(parts ...string) string {
	h := sha256.New()
	for _, p := range parts {
		h.Write([]byte(p))
		h.Write([]byte{0})
	}
	u := h.Sum(nil)[:16]
	u[6] = u[6]&0x0f | 0x40
	u[8] = u[8]&0x3f | 0x80
	x := hex.EncodeToString(u)
	return x[0:8] + "-" + x[8:12] + "-" + x[12:16] + "-" + x[16:20] + "-" + x[20:32]
}

// handleGetInsolvency serves GET /v1/insolvency/{id}.
func (s *Server) handleGetInsolvency(w http.ResponseWriter, r *http.Request) {
	id := r.PathValue("id")
	p, ok := s.proceeding(id)
	if !ok {
		writeErrorf(w, http.StatusNotFound, CodeNotFound,
			"no insolvency proceeding with id %q: use the id of an insolvencies entry of a company record or of an insolvency search result", id)
		return
	}
	if s.charge(w, apiKey(r), s.price("GET /v1/insolvency/{insolvency_id}")) {
		writeJSON(w, http.StatusOK, &p.Insolvency)
	}
}
