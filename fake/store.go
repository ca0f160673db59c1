package fake

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"iter"
	"maps"
	"slices"
	"sync"

	registerdata "github.com/registerdata/registerdata-go"
	"github.com/registerdata/registerdata-go/internal/searchengine"
)

// ErrUnknownCompany is returned by UpdateCompany for an id the fake does
// not hold.
var ErrUnknownCompany = errors.New("fake: unknown company id")

// store holds the register: the curated and added companies by id, and
// the generated ones (see WithGenerated) as a count. A generated company
// is not held: it is drawn again from its seed on every read, which gives
// the same record every time. Once changed, it is held like any other.
//
// Stored companies are never modified in place: a change stores a new
// deep copy. So a reader may keep a company it got under the read lock and
// use it after unlocking, as long as it does not modify it.
type store struct {
	mu        sync.RWMutex
	byID      map[string]*registerdata.Company // every company held, including changed generated ones
	ids       []string                         // curated, then added companies, in the order they were added
	pos       map[string]int                   // index in ids
	curated   int                              // ids[:curated] were loaded at startup; the generated ones follow them
	generated int                              // generated companies 0 to generated-1
	version   uint64                           // counts the changes: a record read at one version is current while it lasts
	records   *recordCache                     // encoded records, by id and version

	// writing serialises changes together with their observer calls, so
	// observers see changes one at a time, in the order they were applied.
	writing   sync.Mutex
	observers []func(before, after registerdata.Company)
}

func newStore(capacity int) *store {
	return &store{byID: make(map[string]*registerdata.Company, capacity), ids: make([]string, 0, capacity), pos: make(map[string]int, capacity),
		records: newRecordCache()}
}

// load adds companies at startup, before anyone observes the store. It
// takes ownership of them and fails on a duplicate id.
func (st *store) load(cs []registerdata.Company) error {
	st.mu.Lock()
	defer st.mu.Unlock()
	for i := range cs {
		c := &cs[i]
		if _, dup := st.byID[c.ID]; dup {
			return fmt.Errorf("fake: company %s is defined twice", c.ID)
		}
		st.byID[c.ID] = c
		st.pos[c.ID] = len(st.ids)
		st.ids = append(st.ids, c.ID)
	}
	st.version++
	st.curated = len(st.ids)
	return nil
}

// loadGenerated adds the generated companies 0 to n-1 at startup. Their
// ids never collide with curated ones (see genNumberBase).
func (st *store) loadGenerated(n int) {
	st.mu.Lock()
	defer st.mu.Unlock()
	st.generated = n
	st.version++
}

// get returns the stored company with id. The caller must not modify it.
func (st *store) get(id string) (*registerdata.Company, bool) {
	c, _, ok := st.getAt(id)
	return c, ok
}

// getAt is get that also returns the store's version the record was read
// at: while the version stays, the record of id is the same.
func (st *store) getAt(id string) (*registerdata.Company, uint64, bool) {
	st.mu.RLock()
	c, ok := st.byID[id]
	n, v := st.generated, st.version
	st.mu.RUnlock()
	if ok {
		return c, v, true
	}
	c, ok = generatedByID(id, n)
	return c, v, ok
}

// all yields every company of the register, as CompanyIDs orders them
// (the index counts from 0). Generated companies are drawn one at a time,
// so a caller that keeps only what it needs of each holds little; it
// reads the register as it was when all was called. The caller must not
// modify the companies.
func (st *store) all() iter.Seq2[int, *registerdata.Company] {
	st.mu.RLock()
	held := maps.Clone(st.byID)
	ids := slices.Clone(st.ids)
	curated, generated := st.curated, st.generated
	st.mu.RUnlock()
	return func(yield func(int, *registerdata.Company) bool) {
		k := 0
		for _, id := range ids[:curated] {
			if !yield(k, held[id]) {
				return
			}
			k++
		}
		for i := range generated {
			c := generatedCompany(i)
			if changed, ok := held[c.ID]; ok {
				c = changed
			}
			if !yield(k, c) {
				return
			}
			k++
		}
		for _, id := range ids[curated:] {
			if !yield(k, held[id]) {
				return
			}
			k++
		}
	}
}

// position returns where company id comes in the register's order (the
// order of CompanyIDs and all), and whether the register holds it.
func (st *store) position(id string) (int, bool) {
	st.mu.RLock()
	k, held := st.pos[id]
	curated, generated := st.curated, st.generated
	st.mu.RUnlock()
	switch {
	case held && k < curated:
		return k, true
	case held:
		return k + generated, true
	}
	if c, ok := generatedByID(id, generated); ok {
		return curated + genIndex(c), true
	}
	return 0, false
}

// indexSource returns the register as it is now, as what the search index
// is built from: a source of the curated companies, then the generated
// ones (those changed, by a change or a restored snapshot, as changed),
// and the companies added since startup. Its records stay those of the
// moment it was called even after a change, as stored companies are
// never modified in place; the index learns of later changes from the
// register's observers.
func (st *store) indexSource() (searchengine.Source, []registerdata.Company) {
	st.mu.RLock()
	defer st.mu.RUnlock()
	added := make([]registerdata.Company, 0, len(st.ids)-st.curated)
	for _, id := range st.ids[st.curated:] {
		added = append(added, *st.byID[id]) // shallow: the index does not modify it
	}
	curated := make([]*registerdata.Company, st.curated)
	for i, id := range st.ids[:st.curated] {
		curated[i] = st.byID[id]
	}
	changed := map[string]*registerdata.Company{}
	for id, c := range st.byID {
		if _, listed := st.pos[id]; !listed {
			changed[id] = c
		}
	}
	current := func(c *registerdata.Company) *registerdata.Company {
		if h, ok := changed[c.ID]; ok {
			return h
		}
		return c
	}
	src := searchengine.Source{
		Len: st.curated + st.generated,
		At: func(i int) *registerdata.Company {
			if i < len(curated) {
				return curated[i]
			}
			return current(generatedCompany(i - len(curated)))
		},
		Into: func(i int, buf *registerdata.Company) *registerdata.Company {
			if i < len(curated) {
				return curated[i] // buf keeps only generated records
			}
			return current(generatedCompanyInto(i-len(curated), buf))
		},
	}
	return src, added
}

// loadChanged holds generated companies as changed at startup, before
// anyone observes the store (a restored snapshot's): base serves them,
// so the search indexes them with the rest.
func (st *store) loadChanged(cs []registerdata.Company) error {
	st.mu.Lock()
	defer st.mu.Unlock()
	for i := range cs {
		c := &cs[i]
		if _, ok := generatedByID(c.ID, st.generated); !ok {
			return fmt.Errorf("fake: the snapshot changes company %s, which is not a generated one", c.ID)
		}
		if err := prepare(c); err != nil {
			return fmt.Errorf("fake: the snapshot's changed company: %w", err)
		}
		st.byID[c.ID] = c
		st.version++
	}
	return nil
}

// observe registers fn to be called after every change; see
// Server.UpdateCompany for the guarantees.
func (st *store) observe(fn func(before, after registerdata.Company)) {
	st.writing.Lock()
	defer st.writing.Unlock()
	st.observers = append(st.observers, fn)
}

// update replaces the company id with the result of change, which gets a
// deep copy and returns the company to store or an error that leaves the
// store unchanged.
func (st *store) update(id string, change func(registerdata.Company) (registerdata.Company, error)) error {
	st.writing.Lock()
	defer st.writing.Unlock()
	before, ok := st.get(id)
	if !ok {
		return fmt.Errorf("%w %q", ErrUnknownCompany, id)
	}
	work, err := cloneCompany(*before)
	if err != nil {
		return err
	}
	after, err := change(work)
	if err != nil {
		return err
	}
	if after.ID != id {
		return fmt.Errorf("fake: a change must not alter the id (%q became %q): add a new company instead", id, after.ID)
	}
	if err := prepare(&after); err != nil {
		return err
	}
	// Store a copy: change may have kept pointers into what it returned.
	if after, err = cloneCompany(after); err != nil {
		return err
	}
	st.mu.Lock()
	st.byID[id] = &after
	st.version++
	st.mu.Unlock()
	st.notify(*before, after)
	return nil
}

// add stores a new company after preparing it.
func (st *store) add(c registerdata.Company) error {
	st.writing.Lock()
	defer st.writing.Unlock()
	c, err := cloneCompany(c)
	if err != nil {
		return err
	}
	if err := prepare(&c); err != nil {
		return err
	}
	if _, dup := st.get(c.ID); dup {
		return fmt.Errorf("fake: company %s exists already: change it with UpdateCompany", c.ID)
	}
	st.mu.Lock()
	st.byID[c.ID] = &c
	st.pos[c.ID] = len(st.ids)
	st.ids = append(st.ids, c.ID)
	st.version++
	st.mu.Unlock()
	st.notify(registerdata.Company{}, c)
	return nil
}

// notify calls every observer; the caller holds st.writing.
func (st *store) notify(before, after registerdata.Company) {
	for _, fn := range st.observers {
		fn(before, after)
	}
}

// prepare completes c and checks that it is a record the service could
// send.
func prepare(c *registerdata.Company) error {
	completeCompany(c)
	if err := validateCompany(c); err != nil {
		return fmt.Errorf("fake: company %q is not valid: %w", c.ID, err)
	}
	return nil
}

// cloneCompany returns a deep copy of c, through its JSON form, so the
// copy shares no slice or pointer with c.
func cloneCompany(c registerdata.Company) (registerdata.Company, error) {
	b, err := json.Marshal(c)
	if err != nil {
		return registerdata.Company{}, fmt.Errorf("fake: company %q cannot be encoded: %w", c.ID, err)
	}
	var cp registerdata.Company
	if err := json.Unmarshal(b, &cp); err != nil { // Company's decoder makes every array non-nil
		return registerdata.Company{}, fmt.Errorf("fake: company %q cannot be decoded: %w", c.ID, err)
	}
	return cp, nil
}

// strictCompany is Company without its UnmarshalJSON method. Company's
// own decoder is lenient (it runs json.Unmarshal inside, where a
// decoder's DisallowUnknownFields does not reach), so strict decoding
// goes through this type; no nested type has a lenient decoder.
type strictCompany registerdata.Company

// decodeCompanyStrict decodes one CompanyV1 object and fails on any field
// Company does not have, at any depth, and on trailing data. Arrays come
// out non-nil after completeCompany.
func decodeCompanyStrict(b []byte) (registerdata.Company, error) {
	var c registerdata.Company
	dec := json.NewDecoder(bytes.NewReader(b))
	dec.DisallowUnknownFields()
	if err := dec.Decode((*strictCompany)(&c)); err != nil {
		return registerdata.Company{}, fmt.Errorf("fake: decoding the company: %w", err)
	}
	if err := noTrailingData(dec, b); err != nil {
		return registerdata.Company{}, fmt.Errorf("fake: decoding the company: %w", err)
	}
	return c, nil
}

// UpdateCompany changes the company id in the fake's register: fn gets a
// deep copy of the record to modify, and the result replaces the stored
// one if it is still valid (same id, known enum values, valid dates and
// required fields set; labels and role left empty are filled from the role
// code). It returns an error wrapping ErrUnknownCompany for an unknown id
// and an error describing the problem for an invalid result; either way
// the register is unchanged.
//
// Observers of the register (the search index, monitors) see every
// change synchronously, before UpdateCompany returns, one change at a
// time and in the order the changes were applied. fn and observers must
// not call UpdateCompany or AddCompany themselves.
func (s *Server) UpdateCompany(id string, fn func(*registerdata.Company)) error {
	return s.store.update(id, func(c registerdata.Company) (registerdata.Company, error) {
		fn(&c)
		return c, nil
	})
}

// AddCompany adds c to the register, completed and checked as in
// UpdateCompany. It fails if the id exists already. Observers see the
// addition with a zero before.
func (s *Server) AddCompany(c registerdata.Company) error {
	return s.store.add(c)
}

// Company returns a deep copy of the stored company id, without sources
// (they are issued per lookup), and whether it exists.
func (s *Server) Company(id string) (registerdata.Company, bool) {
	c, ok := s.store.get(id)
	if !ok {
		return registerdata.Company{}, false
	}
	cp, err := cloneCompany(*c)
	return cp, err == nil
}

// CompanyIDs returns the ids of every company of the register, curated
// ones first, then generated ones, then added ones, in a stable order.
func (s *Server) CompanyIDs() []string {
	st := s.store
	st.mu.RLock()
	defer st.mu.RUnlock()
	out := make([]string, 0, len(st.ids)+st.generated)
	out = append(out, st.ids[:st.curated]...)
	for i := range st.generated {
		out = append(out, generatedID(i))
	}
	return append(out, st.ids[st.curated:]...)
}
