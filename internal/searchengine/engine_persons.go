package searchengine

import "slices"

// The engine's persons: which company documents each person document
// appears in, and the person documents derived from them.

// companiesOf returns the company documents person id appears in.
func (e *Engine) companiesOf(id string) []uint32 {
	pd, ok := e.pt.lookup(id)
	if !ok || int(pd) >= len(e.pco) || e.pco[pd] == 0 {
		return nil
	}
	return append([]uint32{e.pco[pd] - 1}, e.pmore[pd]...)
}

// setCompanies records that person document pd appears in the company
// documents cs (none: the person is gone).
func (e *Engine) setCompanies(pd uint32, cs []uint32) {
	if int(pd) >= len(e.pco) {
		e.pco = append(e.pco, make([]uint32, int(pd)+1-len(e.pco))...)
	}
	delete(e.pmore, pd)
	e.putCompanies(pd, cs)
}

// putCompanies is setCompanies for a person document that has no
// companies recorded (a bulk load's), within pco.
func (e *Engine) putCompanies(pd uint32, cs []uint32) {
	if len(cs) == 0 {
		e.pco[pd] = 0
		return
	}
	e.pco[pd] = cs[0] + 1
	if len(cs) > 1 {
		e.pmore[pd] = slices.Clone(cs[1:])
	}
}

// personFacts derives person id from the companies cs they appear in;
// false if they appear in none.
func (e *Engine) personFacts(id string, cs []uint32) (personFacts, bool) {
	var acc personAcc
	for _, d := range cs {
		c := e.record(d)
		for i := range c.Representation {
			if personIDOf(&c.Representation[i]) == id {
				acc.add(d, e.ct.ids, &c.Representation[i], e.day)
			}
		}
	}
	if acc.count == 0 {
		return personFacts{}, false
	}
	return acc.facts(id), true
}

// indexPerson re-derives the person id from the companies cs they appear
// in, or drops them.
func (e *Engine) indexPerson(id string, cs []uint32) {
	f, ok := e.personFacts(id, cs)
	if !ok {
		if pd, held := e.pt.lookup(id); held {
			e.setCompanies(pd, nil)
			e.pt.remove(id)
		}
		return
	}
	e.setCompanies(e.pt.put(id, personRow(e.pt, &f)), cs)
}

// HasPerson reports whether a natural person with the UUID id represents
// (or represented) a company of the register.
func (e *Engine) HasPerson(id string) bool {
	e.mu.RLock()
	defer e.mu.RUnlock()
	_, ok := e.pt.lookup(id)
	return ok
}

// CompaniesOf returns the ids of the companies whose representation names
// the natural person id, in no particular order.
func (e *Engine) CompaniesOf(id string) []string {
	e.mu.RLock()
	defer e.mu.RUnlock()
	ds := e.companiesOf(id)
	out := make([]string, len(ds))
	for i, d := range ds {
		out[i] = e.ct.ids[d]
	}
	return out
}
