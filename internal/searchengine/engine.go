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
	// Into, when set, is what a bulk load reads company i with instead
	// of At: it returns the same record as At, either written into buf,
	// whose memory it may reuse, or one the source keeps. buf is the zero
	// Company or holds what an earlier call wrote into it, and the engine
	// keeps nothing of it once it has indexed it.
	Into func(i int, buf *registerdata.Company) *registerdata.Company
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
	// The companies each person appears in, by person document: the
	// first company document + 1 (0 for none) in pco, the others in pmore.
	pco   []uint32
	pmore map[uint32][]uint32
	ct    *table[registerdata.CompanySearchResult]
	pt    *table[registerdata.PersonSearchResult]
	// ownerList returns the owners of a company held by an ownership
	// register, when it holds them; see SetOwnerRegister.
	ownerList func(*registerdata.Company) ([]registerdata.Owner, bool)
	// latestYear returns the latest year of a company's financials held
	// by a financials register; see SetFinancialsRegister.
	latestYear func(*registerdata.Company) (registerdata.FinancialIndicators, bool)
	// buildGuard, when set, runs around every full build; see
	// SetBuildGuard.
	buildGuard func() (end func())
}

// SetBuildGuard makes every full build of the index (a load, and the
// re-derivation on a new day) call begin first, once the earlier index
// is dropped, and the function it returns once done: a register that
// knows the build's size can bound its memory meanwhile. Call it before
// loading.
func (e *Engine) SetBuildGuard(begin func() (end func())) {
	e.mu.Lock()
	defer e.mu.Unlock()
	e.buildGuard = begin
}

// SetFinancialsRegister makes the extended financial indicators read the
// latest year fn returns for a company when it returns true, instead of
// deriving it from the record's indicator summaries. Call it before
// loading; fn must be safe for concurrent use.
func (e *Engine) SetFinancialsRegister(fn func(*registerdata.Company) (registerdata.FinancialIndicators, bool)) {
	e.mu.Lock()
	defer e.mu.Unlock()
	e.latestYear = fn
}

// SetOwnerRegister makes the owner fields (number_of_owners,
// has_sole_owner, is_family_owned, youngest_owner_age,
// has_representative_owner) read the owners fn returns for a company
// when it returns true, instead of deriving them from the representation.
// Call it before loading; fn must be safe for concurrent use. Call
// Reindex when the owners fn reports for a company change.
func (e *Engine) SetOwnerRegister(fn func(*registerdata.Company) ([]registerdata.Owner, bool)) {
	e.mu.Lock()
	defer e.mu.Unlock()
	e.ownerList = fn
}

// Reindex recomputes the filter fields of company id, for a change the
// engine cannot see in the record itself (its owners in the owner
// register). An unknown id is ignored.
func (e *Engine) Reindex(id string) {
	e.mu.Lock()
	defer e.mu.Unlock()
	if d, ok := e.ct.lookup(id); ok {
		rec := *e.record(d)
		e.update(rec, rec)
	}
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
	if after.ID != "" && after.ID != before.ID {
		if d, ok := e.ct.lookup(after.ID); ok { // after replaces another company than before
			e.update(*e.record(d), registerdata.Company{})
		}
	}
	e.update(before, after)
}

// update is Update under the write lock.
func (e *Engine) update(before, after registerdata.Company) {
	touched := map[string][]uint32{} // person -> their companies
	for _, c := range [...]*registerdata.Company{&before, &after} {
		for i := range c.Representation {
			if id := personIDOf(&c.Representation[i]); id != "" {
				touched[id] = e.companiesOf(id)
			}
		}
	}
	if before.ID != "" {
		if d, ok := e.ct.lookup(before.ID); ok {
			for id, cs := range touched {
				touched[id] = slices.DeleteFunc(cs, func(c uint32) bool { return c == d })
			}
		}
		e.ct.remove(before.ID)
		e.own[before.ID] = nil
	}
	if after.ID != "" {
		e.ct.remove(after.ID)
		e.own[after.ID] = &after
		d := e.putCompany(&after, -1)
		for i := range after.Representation {
			if id := personIDOf(&after.Representation[i]); id != "" && !slices.Contains(touched[id], d) {
				touched[id] = append(touched[id], d)
			}
		}
	}
	for id, cs := range touched {
		e.indexPerson(id, cs)
	}
}

// putCompany indexes c, whose record is src.At(si), or in own for -1,
// and returns its document.
func (e *Engine) putCompany(c *registerdata.Company, si int32) uint32 {
	return e.putCompanyRow(c, e.companyRow(c, e.day), si)
}

// putCompanyRow is putCompany with c's row computed.
func (e *Engine) putCompanyRow(c *registerdata.Company, r row, si int32) uint32 {
	d := e.ct.put(c.ID, r)
	if int(d) >= len(e.csrc) {
		e.csrc = append(e.csrc, make([]int32, int(d)+1-len(e.csrc))...)
	}
	e.csrc[d] = si
	return d
}

// record returns the record of company document d.
func (e *Engine) record(d uint32) *registerdata.Company {
	if si := e.csrc[d]; si >= 0 {
		return e.src.At(int(si))
	}
	return e.own[e.ct.ids[d]]
}

// personFactsPool recycles the facts of the persons a bulk load
// indexes, with their text cache (see factsPool).
var personFactsPool = sync.Pool{New: func() any { return &personFacts{oneValue: oneValue{tc: new(textCache)}} }}

// personGuess is how many persons a bulk load of n companies makes
// room for before it knows: registers have about two people per company
// (the fake's generated one 2.12). A guess too low costs a copy of every
// person array as it grows past it, and its spare room once finished; a
// guess up to an eighth too high is kept as spare room.
func personGuess(n int) int { return n * 9 / 4 }

// rebuild indexes everything anew for day, reading every record once.
func (e *Engine) rebuild(day registerdata.Date) {
	e.day = day
	e.ct = newTable[registerdata.CompanySearchResult](filters.ScopeCompany, filters.InsolvencyOpenedAt)
	e.pt = newTable[registerdata.PersonSearchResult](filters.ScopePerson)
	if e.buildGuard != nil { // the earlier index is dropped: the guard sees what the build adds
		defer e.buildGuard()()
	}
	e.ct.result = func(d uint32) registerdata.CompanySearchResult { return companyResult(e.record(d)) }
	e.pt.result = func(d uint32) registerdata.PersonSearchResult {
		id := e.pt.ids[d]
		f, _ := e.personFacts(id, e.companiesOf(id))
		return personResult(&f)
	}
	e.ct.loading, e.pt.loading = true, true
	e.csrc, e.pco, e.pmore = e.csrc[:0], e.pco[:0], map[uint32][]uint32{}
	n := e.src.Len + len(e.own)
	e.pt.columnsLater = true
	runJobs([]func(){
		func() { e.ct.grow(n) },
		func() { e.pt.grow(personGuess(n)) },
	})
	// The persons are numbered as they are first seen (the table is
	// empty): person document pd accumulates in people.at(pd).
	var people personAccs
	add := func(c *registerdata.Company, r row, si int32) {
		d := e.putCompanyRow(c, r, si)
		for i := range c.Representation {
			r := &c.Representation[i]
			id := personIDOf(r)
			if id == "" {
				continue
			}
			pd, fresh := e.pt.reserve(id)
			if fresh {
				people.push()
			}
			people.at(int(pd)).add(d, e.ct.ids, r, day)
		}
	}
	prepare := func(c *registerdata.Company) row { return e.companyRow(c, day) }
	eachRecord(e.src, prepare, func(i int, c *registerdata.Company, r row) {
		if _, replaced := e.own[c.ID]; !replaced && c.ID != "" {
			add(c, r, int32(i))
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
		c := e.own[id]
		add(c, e.companyRow(c, day), -1)
	}
	// The companies are all in: their table finishes while the persons
	// are indexed.
	companiesDone := make(chan struct{})
	go func() {
		defer close(companiesDone)
		e.ct.finish()
	}()
	e.pt.sizeColumns()
	e.pco = slices.Grow(e.pco, people.len())[:people.len()]
	inOrder(people.len(), func(i int) row {
		f := personFactsPool.Get().(*personFacts)
		tc := f.tc
		*f = people.at(i).facts(e.pt.ids[i])
		f.tc = tc
		r := personRow(e.pt, f)
		*f = personFacts{oneValue: oneValue{tc: tc}} // keeps nothing of the person
		personFactsPool.Put(f)
		return r
	}, func(i int, r row) {
		e.pt.setReserved(uint32(i), r)
		e.putCompanies(uint32(i), people.at(i).companyDocs())
		people.done(i)
	})
	e.pt.finish()
	<-companiesDone
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
