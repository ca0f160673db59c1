package fake

import (
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"slices"
	"strconv"

	registerdata "github.com/registerdata/registerdata-go"
	"github.com/registerdata/registerdata-go/enums"
	"github.com/registerdata/registerdata-go/internal/monitoring"
)

// ErrUnknownInsolvency is returned (wrapped) by AddInsolvencyEvent for an
// id that is no proceeding of the fake.
var ErrUnknownInsolvency = errors.New("fake: no insolvency proceeding")

// AddInsolvencyEvent publishes ev in the proceeding insolvencyID: it is
// appended to the proceeding's events, the proceeding's status moves as
// the event type says (an opening sets opened_at when unset; a status
// that is not open sets closed_at when unset, an open one clears it), a
// company debtor's insolvencies summary follows, and monitors with the
// insolvencies preference are told (see the package documentation of
// insolvency proceedings in insolvency.go).
//
// ev.EventType is required. Left empty, ID gets a fresh UUID, ReportType
// the category of the event type, PublishedAt the fake clock's date and
// Summary a description. It fails with ErrUnknownInsolvency for an
// unknown id, and for an event the service could not send.
func (s *Server) AddInsolvencyEvent(insolvencyID string, ev registerdata.InsolvencyEvent) error {
	st := s.insolvencies()
	st.adding.Lock()
	defer st.adding.Unlock()

	ev, err := s.completeEvent(insolvencyID, ev)
	if err != nil {
		return err
	}
	st.mu.Lock()
	companyID, isCompany := st.companyIndex(s)[insolvencyID]
	pc := st.persons[insolvencyID]
	st.mu.Unlock()

	var before registerdata.InsolvencySummary
	var d debtor
	switch {
	case isCompany:
		err := s.UpdateCompany(companyID, func(c *registerdata.Company) {
			i := slices.IndexFunc(c.Insolvencies, func(in registerdata.InsolvencySummary) bool { return in.ID == insolvencyID })
			if i < 0 {
				return
			}
			before = c.Insolvencies[i]
			c.Insolvencies[i] = applyEvent(before, ev)
			d = companyDebtor(c)
		})
		if err != nil {
			return fmt.Errorf("fake: adding the event to proceeding %s of company %s: %w", insolvencyID, companyID, err)
		}
		if before.ID == "" {
			return fmt.Errorf("%w %q: company %s no longer lists it", ErrUnknownInsolvency, insolvencyID, companyID)
		}
	case pc != nil:
		st.mu.Lock()
		before, d = pc.sum, pc.debtor
		pc.sum = applyEvent(before, ev)
		st.mu.Unlock()
	default:
		return fmt.Errorf("%w %q: see InsolvencyIDs", ErrUnknownInsolvency, insolvencyID)
	}

	st.mu.Lock()
	if _, ok := st.frozen[insolvencyID]; !ok {
		st.frozen[insolvencyID] = before
	}
	st.added[insolvencyID] = append(st.added[insolvencyID], ev)
	st.mu.Unlock()
	s.reportInsolvencyEvent(insolvencyID, d, ev, isCompany)
	return nil
}

// completeEvent fills the parts of ev left empty and checks it.
func (s *Server) completeEvent(id string, ev registerdata.InsolvencyEvent) (registerdata.InsolvencyEvent, error) {
	if ev.EventType == "" {
		return ev, fmt.Errorf("fake: an insolvency event needs an event_type, such as %q", enums.InsolvencyEventTypeProceedingsOpened)
	}
	st := s.insolvencies()
	st.mu.Lock()
	st.seq++
	n := st.seq
	st.mu.Unlock()
	if ev.ID == "" {
		ev.ID = derivedUUID("added-insolvency-event", id, strconv.Itoa(n))
	}
	if ev.ReportType == "" {
		ev.ReportType = reportTypeFor(ev.EventType)
	}
	if ev.PublishedAt.IsZero() {
		ev.PublishedAt = registerdata.DateOf(s.clock.Now().UTC())
	}
	if ev.Summary == "" {
		ev.Summary = "Bekanntmachung: " + string(ev.EventType)
	}
	if ev.Details.InsolvencyGrounds == nil {
		ev.Details.InsolvencyGrounds = []string{}
	}
	if ev.Details.Meetings == nil {
		ev.Details.Meetings = []registerdata.InsolvencyMeeting{}
	}
	if !ev.PublishedAt.Valid() || (ev.DecisionDate != nil && !ev.DecisionDate.Valid()) {
		return ev, fmt.Errorf("fake: the event's published_at or decision_date is not a calendar date")
	}
	if !registerdata.IsUUID(ev.ID) {
		return ev, fmt.Errorf("fake: the event id %q is not a UUID", ev.ID)
	}
	return ev, nil
}

// applyEvent is the summary sum after the event ev.
func applyEvent(sum registerdata.InsolvencySummary, ev registerdata.InsolvencyEvent) registerdata.InsolvencySummary {
	at := ev.PublishedAt
	if ev.DecisionDate != nil {
		at = *ev.DecisionDate
	}
	next := statusAfterEvent(ev.EventType, sum.CurrentStatus)
	if ev.EventType == enums.InsolvencyEventTypeProceedingsOpened && sum.OpenedAt == nil {
		sum.OpenedAt = &at
	}
	if next != sum.CurrentStatus {
		if next.IsOpen() {
			sum.ClosedAt = nil
		} else if sum.ClosedAt == nil {
			sum.ClosedAt = &at
		}
	}
	sum.CurrentStatus = next
	return sum
}

// reportInsolvencyEvent tells the monitors of the debtor and, for a
// company debtor, of the natural persons holding a current role in it.
func (s *Server) reportInsolvencyEvent(id string, d debtor, ev registerdata.InsolvencyEvent, isCompany bool) {
	body, err := json.Marshal(ev)
	if err != nil {
		return
	}
	engine := s.monitoring().engine
	change := func(path string) monitoring.Change {
		return monitoring.Change{Category: enums.PreferenceInsolvencies, Path: path, Before: json.RawMessage("null"), After: body}
	}
	own := "/insolvencies/" + id + "/events/" + ev.ID
	if !isCompany {
		engine.Record(enums.EntityTypePerson, *d.personID, change(own), true)
		return
	}
	engine.Record(enums.EntityTypeCompany, *d.companyID, change(own), false)
	c, ok := s.store.get(*d.companyID)
	if !ok {
		return
	}
	told := map[string]bool{}
	for _, r := range c.Representation {
		if r.Type != enums.RepresentativeTypeNaturalPerson || r.ID == nil || r.EndDate != nil || told[*r.ID] {
			continue
		}
		told[*r.ID] = true
		engine.Record(enums.EntityTypePerson, *r.ID, change("/companies/"+c.ID+own), false)
	}
}

// handleAddInsolvencyEvent is POST /_fake/insolvencies/{id}/events with
// an InsolvencyEvent body (at least {"event_type": ...}): AddInsolvencyEvent.
// It answers 201 with the proceeding after the event.
func (s *Server) handleAddInsolvencyEvent(w http.ResponseWriter, r *http.Request) {
	var ev registerdata.InsolvencyEvent
	if !decodeBody(w, r, &ev) {
		return
	}
	id := r.PathValue("id")
	if err := s.AddInsolvencyEvent(id, ev); err != nil {
		status := http.StatusBadRequest
		if errors.Is(err, ErrUnknownInsolvency) {
			status = http.StatusNotFound
		}
		writeError(w, status, codeForStatus(status), err.Error())
		return
	}
	p, _ := s.Insolvency(id)
	writeJSON(w, http.StatusCreated, &p)
}
