package searchengine

import (
	"slices"
	"sync"
	"time"

	registerdata "github.com/registerdata/registerdata-go"
	"github.com/registerdata/registerdata-go/filters"
)

// Source is a register the engine indexes without keeping its records:
// Len companies, company i returned by At(i). The engine calls At again
// whenever it needs a record (for a page of results, to re-derive a
// person, on a new day), so a source can build its records on demand. At
// must return the same record for the same i every time and be safe for
// concurrent use; the engine never modifies what it returns.
type Source struct {
	// Len is the number of companies, numbered 0 to Len-1.
	Len int
	// At returns company i.
	At func(i int) *registerdata.Company
}

// Engine indexes a register of companies and answers company and person
// searches over it. It is safe for concurrent use: searches run at once,
// under a read lock; a change waits for the searches under way and holds
// the next ones back while it applies.
type Engine struct {
	mu    sync.RWMutex
	today func() registerdata.Date
	day   registerdata.Date // the day the derived fields were computed for
	src   Source
	own   map[string]*registerdata.Company // records given to Load and Update (nil: removed), over src's
	csrc  []int32                          // company document -> its index in src, or -1: in own
	// people maps a person UUID to the ids of the companies they appear
	// in, sorted.
	people map[string][]string
	ct     *table[registerdata.CompanySearchResult]
	pt     *table[registerdata.PersonSearchResult]
}

// New returns an empty engine. today gives the current day, on which
// ages and current positions are computed; nil means the UTC date of the
// wall clock.
func New(today func() registerdata.Date) *Engine {
	if today == nil {
		today = func() registerdata.Date { return registerdata.DateOf(time.Now().UTC()) }
	}
	e := &Engine{today: today, own: map[string]*registerdata.Company{}}
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
		if cs[i].ID != "" {
			e.own[cs[i].ID] = &cs[i]
		}
	}
	e.rebuild(e.today())
}

// LoadSource indexes the register src in one pass, replacing any earlier
// source; companies given to Load or Update keep precedence over src's
// records with the same id. The engine keeps no record of src: it asks
// src again when it needs one.
func (e *Engine) LoadSource(src Source) {
	e.mu.Lock()
	defer e.mu.Unlock()
	e.src = src
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
		e.ct.remove(before.ID)
		e.own[before.ID] = nil
		for id := range touched {
			e.unlink(id, before.ID)
		}
	}
	if after.ID != "" {
		e.ct.remove(after.ID)
		e.own[after.ID] = &after
		e.putCompany(&after, -1)
		for i := range after.Representation {
			if id := personIDOf(&after.Representation[i]); id != "" {
				e.link(id, after.ID)
			}
		}
	}
	for id := range touched {
		e.indexPerson(id)
	}
}

// link records that person id appears in company cid.
func (e *Engine) link(id, cid string) {
	cs := e.people[id]
	if i, found := slices.BinarySearch(cs, cid); !found {
		e.people[id] = slices.Insert(cs, i, cid)
	}
}

// unlink forgets that person id appears in company cid.
func (e *Engine) unlink(id, cid string) {
	cs := e.people[id]
	if i, found := slices.BinarySearch(cs, cid); found {
		cs = slices.Delete(cs, i, i+1)
	}
	if len(cs) == 0 {
		delete(e.people, id)
		return
	}
	e.people[id] = cs
}

// putCompany indexes c, whose record is src.At(si), or in own for -1.
func (e *Engine) putCompany(c *registerdata.Company, si int32) {
	d := e.ct.put(c.ID, companyRow(e.ct, c, e.day))
	if int(d) >= len(e.csrc) {
		e.csrc = append(e.csrc, make([]int32, int(d)+1-len(e.csrc))...)
	}
	e.csrc[d] = si
}

// record returns the record of company document d.
func (e *Engine) record(d uint32) *registerdata.Company {
	if si := e.csrc[d]; si >= 0 {
		return e.src.At(int(si))
	}
	return e.own[e.ct.ids[d]]
}

// companyByID returns the indexed record of company id, or nil.
func (e *Engine) companyByID(id string) *registerdata.Company {
	d, ok := e.ct.byID[id]
	if !ok {
		return nil
	}
	return e.record(d)
}

// personFacts derives person id from the companies they appear in.
func (e *Engine) personFacts(id string) (personFacts, bool) {
	var acc personAcc
	for _, cid := range e.people[id] {
		c := e.companyByID(cid)
		if c == nil {
			continue
		}
		for i := range c.Representation {
			if personIDOf(&c.Representation[i]) == id {
				acc.add(c.ID, &c.Representation[i], e.day)
			}
		}
	}
	if acc.count == 0 {
		return personFacts{}, false
	}
	return acc.facts(id), true
}

// indexPerson re-derives the person id from its entries, or drops it.
func (e *Engine) indexPerson(id string) {
	f, ok := e.personFacts(id)
	if !ok {
		e.pt.remove(id)
		return
	}
	e.pt.put(id, personRow(e.pt, &f))
}

// rebuild indexes everything anew for day, reading every record once.
func (e *Engine) rebuild(day registerdata.Date) {
	e.day = day
	e.ct = newTable[registerdata.CompanySearchResult](filters.ScopeCompany, filters.InsolvencyOpenedAt)
	e.pt = newTable[registerdata.PersonSearchResult](filters.ScopePerson)
	e.ct.result = func(d uint32) registerdata.CompanySearchResult { return companyResult(e.record(d)) }
	e.pt.result = func(d uint32) registerdata.PersonSearchResult {
		f, _ := e.personFacts(e.pt.ids[d])
		return personResult(&f)
	}
	e.ct.loading, e.pt.loading = true, true
	e.csrc = e.csrc[:0]
	e.people = map[string][]string{}
	accs := map[string]*personAcc{}
	add := func(c *registerdata.Company, si int32) {
		e.putCompany(c, si)
		for i := range c.Representation {
			r := &c.Representation[i]
			id := personIDOf(r)
			if id == "" {
				continue
			}
			acc := accs[id]
			if acc == nil {
				acc = &personAcc{}
				accs[id] = acc
			}
			acc.add(c.ID, r, day)
			e.link(id, c.ID)
		}
	}
	eachRecord(e.src, func(i int, c *registerdata.Company) {
		if _, replaced := e.own[c.ID]; !replaced && c.ID != "" {
			add(c, int32(i))
		}
	})
	ids := make([]string, 0, len(e.own))
	for id, c := range e.own {
		if c != nil {
			ids = append(ids, id)
		}
	}
	slices.Sort(ids)
	for _, id := range ids {
		add(e.own[id], -1)
	}
	pids := make([]string, 0, len(accs))
	for id := range accs {
		pids = append(pids, id)
	}
	slices.Sort(pids)
	for _, id := range pids {
		f := accs[id].facts(id)
		e.pt.put(id, personRow(e.pt, &f))
		delete(accs, id)
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

// HasPerson reports whether a natural person with the UUID id represents
// (or represented) a company of the register.
func (e *Engine) HasPerson(id string) bool {
	e.mu.RLock()
	defer e.mu.RUnlock()
	_, ok := e.pt.byID[id]
	return ok
}
