package searchengine

import (
	"slices"
	"sync"
	"time"

	registerdata "github.com/registerdata/registerdata-go"
	"github.com/registerdata/registerdata-go/filters"
)

// Engine indexes a register of companies and answers company and person
// searches over it. It is safe for concurrent use: searches run at once,
// under a read lock; a change waits for the searches under way and holds
// the next ones back while it applies.
type Engine struct {
	mu        sync.RWMutex
	today     func() registerdata.Date
	day       registerdata.Date // the day the derived fields were computed for
	companies map[string]*registerdata.Company
	people    map[string]map[string][]registerdata.Representative // person UUID -> company id -> entries
	ct        *table[registerdata.CompanySearchResult]
	pt        *table[registerdata.PersonSearchResult]
}

// New returns an empty engine. today gives the current day, on which
// ages and current positions are computed; nil means the UTC date of the
// wall clock.
func New(today func() registerdata.Date) *Engine {
	if today == nil {
		today = func() registerdata.Date { return registerdata.DateOf(time.Now().UTC()) }
	}
	e := &Engine{
		today:     today,
		companies: map[string]*registerdata.Company{},
		people:    map[string]map[string][]registerdata.Representative{},
	}
	e.rebuild(today())
	return e
}

// Load adds companies (or replaces those with the same id) and rebuilds
// the index in one pass, which is much faster than one Update each. The
// engine keeps the companies: the caller must not modify them afterwards.
func (e *Engine) Load(cs []registerdata.Company) {
	e.mu.Lock()
	defer e.mu.Unlock()
	for i := range cs {
		e.forget(cs[i].ID)
		e.remember(&cs[i])
	}
	e.rebuild(e.today())
}

// Update applies one change of the register: before is the company as it
// was (the zero Company for an addition), after as it is now (the zero
// Company for a removal). Only that company and the persons appearing in
// it are re-indexed. The engine keeps after: the caller must not modify
// it afterwards.
func (e *Engine) Update(before, after registerdata.Company) {
	e.mu.Lock()
	defer e.mu.Unlock()
	touched := map[string]bool{}
	for _, c := range [...]*registerdata.Company{&before, &after} {
		for i := range c.Representation {
			if id := personIDOf(&c.Representation[i]); id != "" {
				touched[id] = true
			}
		}
	}
	if before.ID != "" {
		e.forget(before.ID)
		e.ct.remove(before.ID)
	}
	if after.ID != "" {
		e.forget(after.ID)
		e.remember(&after)
		e.ct.put(after.ID, companyRow(e.ct, &after, e.day), companyResult(&after))
	}
	for id := range touched {
		e.indexPerson(id)
	}
}

// remember stores c and its natural-person entries.
func (e *Engine) remember(c *registerdata.Company) {
	if c.ID == "" {
		return
	}
	e.companies[c.ID] = c
	for i := range c.Representation {
		id := personIDOf(&c.Representation[i])
		if id == "" {
			continue
		}
		if e.people[id] == nil {
			e.people[id] = map[string][]registerdata.Representative{}
		}
		e.people[id][c.ID] = append(e.people[id][c.ID], c.Representation[i])
	}
}

// forget drops the company id and its natural-person entries.
func (e *Engine) forget(id string) {
	c, ok := e.companies[id]
	if !ok {
		return
	}
	delete(e.companies, id)
	for i := range c.Representation {
		pid := personIDOf(&c.Representation[i])
		if byCompany := e.people[pid]; byCompany != nil {
			delete(byCompany, id)
			if len(byCompany) == 0 {
				delete(e.people, pid)
			}
		}
	}
}

// indexPerson re-derives the person id from its entries, or drops it.
func (e *Engine) indexPerson(id string) {
	byCompany := e.people[id]
	if len(byCompany) == 0 {
		e.pt.remove(id)
		return
	}
	var apps []appearance
	for cid, reps := range byCompany {
		for _, r := range reps {
			apps = append(apps, appearance{companyID: cid, rep: r})
		}
	}
	f := derivePerson(id, apps, e.day)
	e.pt.put(id, personRow(e.pt, &f), personResult(&f))
}

// rebuild indexes everything anew for day.
func (e *Engine) rebuild(day registerdata.Date) {
	e.day = day
	e.ct = newTable[registerdata.CompanySearchResult](filters.ScopeCompany, filters.InsolvencyOpenedAt)
	e.pt = newTable[registerdata.PersonSearchResult](filters.ScopePerson)
	e.ct.loading, e.pt.loading = true, true
	ids := make([]string, 0, len(e.companies))
	for id := range e.companies {
		ids = append(ids, id)
	}
	slices.Sort(ids)
	for _, id := range ids {
		c := e.companies[id]
		e.ct.put(id, companyRow(e.ct, c, day), companyResult(c))
	}
	pids := make([]string, 0, len(e.people))
	for id := range e.people {
		pids = append(pids, id)
	}
	slices.Sort(pids)
	for _, id := range pids {
		e.indexPerson(id)
	}
	e.ct.finish()
	e.pt.finish()
}

// readCurrent takes the read lock once the index is current for today:
// when the day has changed it first re-derives the day-dependent fields
// under the write lock. The caller releases the read lock.
func (e *Engine) readCurrent() {
	e.mu.RLock()
	if e.today() == e.day {
		return
	}
	e.mu.RUnlock()
	e.mu.Lock()
	if d := e.today(); d != e.day {
		e.rebuild(d)
	}
	e.mu.Unlock()
	e.mu.RLock()
}

// Size returns how many companies and persons the engine holds.
func (e *Engine) Size() (companies, persons int) {
	e.mu.RLock()
	defer e.mu.RUnlock()
	return e.ct.live, e.pt.live
}
