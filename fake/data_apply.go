package fake

import (
	"encoding/json"
	"fmt"
	"slices"
	"sync"

	registerdata "github.com/registerdata/registerdata-go"
	"github.com/registerdata/registerdata-go/enums"
)

// dataState holds what data directories (and snapshots) add beyond the
// company records and owners: financials and insolvency proceedings as
// the files give them, served instead of the derived ones.
type dataState struct {
	mu          sync.RWMutex
	financials  map[string]registerdata.Financials // company id -> the answer, without sources
	proceedings map[string]registerdata.Insolvency // proceeding id -> the proceeding as loaded
}

func (s *Server) data() *dataState { return extState[dataState](s) }

// storedFinancials returns the loaded financials of company id.
func (d *dataState) storedFinancials(id string) (registerdata.Financials, bool) {
	d.mu.RLock()
	defer d.mu.RUnlock()
	f, ok := d.financials[id]
	return f, ok
}

// latestYear is the latest year of the loaded financials of c, for the
// search's extended indicators.
func (d *dataState) latestYear(c *registerdata.Company) (registerdata.FinancialIndicators, bool) {
	f, ok := d.storedFinancials(c.ID)
	if !ok || len(f.Indicators) == 0 {
		return registerdata.FinancialIndicators{}, false
	}
	best := f.Indicators[0]
	for _, y := range f.Indicators[1:] {
		if y.Date.After(best.Date) {
			best = y
		}
	}
	return best, true
}

// storedProceeding returns the loaded proceeding id.
func (d *dataState) storedProceeding(id string) (registerdata.Insolvency, bool) {
	d.mu.RLock()
	defer d.mu.RUnlock()
	p, ok := d.proceedings[id]
	return p, ok
}

// loadDataExtras stores the financials and proceedings of the data
// directories, after checking them against the register; it runs before
// the extensions are installed, so the search indexes them from the
// start.
func (s *Server) loadDataExtras(sets []*dataset) error {
	d := s.data()
	d.financials = map[string]registerdata.Financials{}
	d.proceedings = map[string]registerdata.Insolvency{}
	seen := map[string]string{}
	for _, ds := range sets {
		for _, e := range ds.financials {
			if prev, dup := seen["f"+e.v.CompanyID]; dup {
				return dataErr(e.at, "$.company_id: the financials of %s are in %s already", e.v.CompanyID, prev)
			}
			seen["f"+e.v.CompanyID] = e.at
			if err := s.checkFinancials(e.v.CompanyID, &e.v.Financials); err != nil {
				return &DataError{File: e.at, Problem: err.Error()}
			}
			f := e.v.Financials
			for i := range f.Reports {
				f.Reports[i].Sources = nil // issued per answer
			}
			d.financials[e.v.CompanyID] = f
		}
		for _, e := range ds.insolvencies {
			if prev, dup := seen["i"+e.v.ID]; dup {
				return dataErr(e.at, "$.id: proceeding %s is in %s already", e.v.ID, prev)
			}
			seen["i"+e.v.ID] = e.at
			if err := s.checkProceeding(&e.v); err != nil {
				return &DataError{File: e.at, Problem: err.Error()}
			}
			d.proceedings[e.v.ID] = e.v
		}
	}
	return nil
}

// agreeWithSummaries checks that every indicator summary of c has its
// year in f with the same figures.
func agreeWithSummaries(c *registerdata.Company, f *registerdata.Financials) error {
	for i, sum := range c.Indicators {
		j := slices.IndexFunc(f.Indicators, func(y registerdata.FinancialIndicators) bool { return y.Date == sum.Date })
		if j < 0 {
			return fmt.Errorf("$.indicators: no year %v, which the company's indicators[%d] has: the financials and the company record must agree", sum.Date, i)
		}
		if diff := sharedDiff(sum, f.Indicators[j]); diff != "" {
			return fmt.Errorf("$.indicators[%d].%s, but the company's indicators[%d] has another value: the financials and the company record must agree", j, diff, i)
		}
	}
	return nil
}

// sharedDiff compares the keys a and b share in JSON (but date and
// report_id) and returns "key: is X" for the first that differs, or "".
func sharedDiff(a, b any) string {
	ma, mb := jsonMap(a), jsonMap(b)
	keys := make([]string, 0, len(ma))
	for k := range ma {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	for _, k := range keys {
		if k == "date" || k == "report_id" {
			continue
		}
		if vb, ok := mb[k]; ok && string(vb) != string(ma[k]) {
			return fmt.Sprintf("%s: is %s", k, vb)
		}
	}
	return ""
}

func jsonMap(v any) map[string]json.RawMessage {
	b, _ := json.Marshal(v)
	var m map[string]json.RawMessage
	_ = json.Unmarshal(b, &m)
	return m
}

// checkProceeding checks a loaded proceeding against the register: a
// company's must agree with the company's insolvencies entry of the same
// id; a natural person's becomes a proceeding of its own.
func (s *Server) checkProceeding(p *registerdata.Insolvency) error {
	if err := s.checkProceedingFields(p); err != nil {
		return err
	}
	if p.Events == nil {
		p.Events = []registerdata.InsolvencyEvent{}
	}
	if p.InsolvencyGrounds == nil {
		p.InsolvencyGrounds = []string{}
	}
	if p.CompanyID == nil {
		if p.DebtorKind == nil || *p.DebtorKind != enums.DebtorKindNaturalPerson {
			return fmt.Errorf(`$.company_id: is required, unless debtor_kind is "natural_person"`)
		}
		st := s.insolvencies()
		st.mu.Lock()
		defer st.mu.Unlock()
		if st.persons == nil {
			st.persons = map[string]*personCase{}
		}
		st.persons[p.ID] = &personCase{
			debtor: debtor{name: p.DebtorName, kind: enums.DebtorKindNaturalPerson},
			sum:    summaryOf(p),
		}
		return nil
	}
	c, ok := s.store.get(*p.CompanyID)
	if !ok {
		return errNotInRegister("$.company_id", *p.CompanyID)
	}
	i := slices.IndexFunc(c.Insolvencies, func(in registerdata.InsolvencySummary) bool { return in.ID == p.ID })
	if i < 0 {
		return fmt.Errorf("$.id: company %s lists no proceeding %s in its insolvencies: add the entry to the company record", c.ID, p.ID)
	}
	want := summaryOf(p)
	if diff := sharedDiff(c.Insolvencies[i], want); diff != "" {
		return fmt.Errorf("$.%s, but company %s's insolvencies[%d] has another value: they must agree", diff, c.ID, i)
	}
	return nil
}

// summaryOf is the insolvencies entry a proceeding stands for.
func summaryOf(p *registerdata.Insolvency) registerdata.InsolvencySummary {
	return registerdata.InsolvencySummary{
		ID: p.ID, CurrentStatus: p.CurrentStatus, Court: p.Court, CaseNumber: p.CaseNumber,
		ProceedingKind: p.ProceedingKind, AdministrationKind: p.AdministrationKind, OpenedAt: p.OpenedAt, ClosedAt: p.ClosedAt,
	}
}

// storedProceedingNow is a loaded proceeding as it stands: the status and
// dates of its current summary, and the events added since loading.
func storedProceedingNow(p registerdata.Insolvency, sum registerdata.InsolvencySummary, added []registerdata.InsolvencyEvent) registerdata.Insolvency {
	p.CurrentStatus, p.OpenedAt, p.ClosedAt = sum.CurrentStatus, sum.OpenedAt, sum.ClosedAt
	if len(added) > 0 {
		p.Events = append(slices.Clone(p.Events), added...)
		slices.SortStableFunc(p.Events, func(a, b registerdata.InsolvencyEvent) int { return a.PublishedAt.Compare(b.PublishedAt) })
		first, last := p.Events[0].PublishedAt, p.Events[len(p.Events)-1].PublishedAt
		p.FirstEventAt, p.LastEventAt = &first, &last
	}
	return p
}

// applyOwnersAndPersons stores the owners of the data directories as each
// company's shareholder list and checks the persons files against the
// register; it runs once the extensions are installed.
func (s *Server) applyOwnersAndPersons(sets []*dataset) error {
	seen := map[string]string{}
	for _, ds := range sets {
		for _, e := range ds.owners {
			if prev, dup := seen[e.v.CompanyID]; dup {
				return dataErr(e.at, "$.company_id: the owners of %s are in %s already", e.v.CompanyID, prev)
			}
			seen[e.v.CompanyID] = e.at
			if err := s.loadOwners(e.v); err != nil {
				return &DataError{File: e.at, Problem: err.Error()}
			}
		}
	}
	for _, ds := range sets {
		for _, e := range ds.persons {
			if err := s.checkPerson(&e.v); err != nil {
				return &DataError{File: e.at, Problem: err.Error()}
			}
		}
	}
	return nil
}

// loadOwners makes o the company's one shareholder list, dated at the
// latest start of its owners (the incorporation without one).
func (s *Server) loadOwners(o registerdata.Owners) error {
	c, ok := s.store.get(o.CompanyID)
	if !ok {
		return errNotInRegister("$.company_id", o.CompanyID)
	}
	owners, err := s.completeOwners(c.ID, o.Owners)
	if err != nil {
		return fmt.Errorf("$.owners: %w", err)
	}
	date := c.IncorporatedAt
	for _, ow := range owners {
		if ow.Start != nil {
			date = later(date, *ow.Start)
		}
	}
	st, err := s.ownership()
	if err != nil {
		return err
	}
	st.mu.Lock()
	st.lists[c.ID] = []shareList{{id: documentUUID(c.ID, 0), date: date.Time(), owners: owners}}
	st.mu.Unlock()
	s.reindexSearch(c.ID)
	return nil
}

// checkPerson checks a persons file against the person the register
// derives: names, date of birth, city and management positions agree.
func (s *Server) checkPerson(want *registerdata.Person) error {
	got, ok, err := s.person(want.ID)
	if err != nil {
		return err
	}
	if !ok {
		return fmt.Errorf("$.id: no representation or owner entry of the register names person %s: a person file adds details to a person of the companies", want.ID)
	}
	if diff := sharedDiff(got, stripPerson(*want)); diff != "" {
		return fmt.Errorf("$.%s, but the representation entries naming the person say otherwise: they must agree", diff)
	}
	key := func(m registerdata.ManagementPosition) string {
		end := ""
		if m.EndDate != nil {
			end = m.EndDate.String()
		}
		return m.RegisterID + "|" + m.Role + "|" + m.StartDate.String() + "|" + end
	}
	have := map[string]bool{}
	for _, m := range got.ManagementPositions {
		have[key(m)] = true
	}
	for i, m := range want.ManagementPositions {
		if _, ok := s.store.get(m.RegisterID); !ok {
			return fmt.Errorf("$.management_positions[%d].register_id: company %s is not in the register: add companies/%s.json (when recording, look the company up too)",
				i, m.RegisterID, m.RegisterID)
		}
		if !have[key(m)] {
			return fmt.Errorf("$.management_positions[%d]: company %s has no representation entry of the person as %s from %v (with this end date)",
				i, m.RegisterID, m.Role, m.StartDate)
		}
		delete(have, key(m))
	}
	if len(want.ManagementPositions) > 0 && len(have) > 0 {
		return fmt.Errorf("$.management_positions: the register has %d more positions of the person than the file lists", len(have))
	}
	return nil
}

// stripPerson leaves out of p what is derived rather than compared: the
// age (counted on the clock), the positions (compared apart) and a city
// left empty.
func stripPerson(p registerdata.Person) map[string]json.RawMessage {
	m := jsonMap(p)
	delete(m, "age")
	delete(m, "management_positions")
	if p.City == nil || *p.City == "" {
		delete(m, "city")
	}
	return m
}
