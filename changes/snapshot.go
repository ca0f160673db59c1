package changes

import (
	"context"
	"encoding/json"
	"fmt"
	"slices"
	"sync"

	registerdata "github.com/registerdata/registerdata-go"
	"github.com/registerdata/registerdata-go/enums"
)

// snapshot is what a Store keeps per entity: the records last fetched.
// A part is nil until a category needing it was first checked;
// Insolvencies is an empty map once checked for a company without
// proceedings. Last is the event whose check stored the snapshot, with
// what it reported, so that a redelivery of that event reports it again.
type snapshot struct {
	Company      *registerdata.Company               `json:"company,omitempty"`
	Owners       *registerdata.Owners                `json:"owners,omitempty"`
	Holdings     *registerdata.Holdings              `json:"holdings,omitempty"`
	Person       *registerdata.Person                `json:"person,omitempty"`
	Insolvencies map[string]*registerdata.Insolvency `json:"insolvencies"`
	Last         *lastReport                         `json:"last,omitempty"`
}

// lastReport is what the check of one event reported.
type lastReport struct {
	EventID string `json:"event_id"`
	Set     Set    `json:"set"`
}

// parts returns the parts the snapshot holds.
func (s *snapshot) parts() parts {
	var p parts
	if s.Company != nil {
		p |= partCompany
	}
	if s.Owners != nil {
		p |= partOwners
	}
	if s.Holdings != nil {
		p |= partHoldings
	}
	if s.Person != nil {
		p |= partPerson
	}
	if s.Insolvencies != nil {
		p |= partInsolvencies
	}
	return p
}

// parts says which records a check fetches.
type parts uint8

const (
	partCompany parts = 1 << iota
	partOwners
	partHoldings
	partPerson
	partInsolvencies
)

// partsFor returns the records the categories need (see needs); with
// none that needs anything, a company's record or a person is fetched.
func partsFor(t enums.EntityType, cats []enums.Preference) parts {
	var p parts
	for _, c := range cats {
		p |= needs(t, c)
	}
	if p == 0 {
		if t == enums.EntityTypePerson {
			return partPerson
		}
		return partCompany
	}
	return p
}

// needs returns the records category c of an entity of type t needs: for
// a company, the record for basic, representation, financials, documents
// and insolvencies (and each proceeding it lists for insolvencies), the
// owners too for ownership, the holdings for holdings; for a person, the
// person for management_positions and holdings, the holdings too for
// holdings. A person's insolvencies need nothing fetchable, nor does an
// unknown category.
func needs(t enums.EntityType, c enums.Preference) parts {
	if t == enums.EntityTypePerson {
		switch c {
		case enums.PreferenceManagementPositions:
			return partPerson
		case enums.PreferenceHoldings:
			return partPerson | partHoldings
		}
		return 0
	}
	switch c {
	case enums.PreferenceBasic, enums.PreferenceRepresentation, enums.PreferenceFinancials, enums.PreferenceDocuments:
		return partCompany
	case enums.PreferenceInsolvencies:
		return partCompany | partInsolvencies
	case enums.PreferenceOwnership:
		return partCompany | partOwners
	case enums.PreferenceHoldings:
		return partHoldings
	}
	return 0
}

// categoriesOf returns the categories a check of cats covers: those of
// cats that are categories of t, in their order, or, when none is, what
// the record fetched without categories covers (basic, representation,
// financials, documents and insolvencies for a company;
// management_positions for a person).
func categoriesOf(t enums.EntityType, cats []enums.Preference) []enums.Preference {
	var out []enums.Preference
	for _, c := range cats {
		if needs(t, c) != 0 && !slices.Contains(out, c) {
			out = append(out, c)
		}
	}
	if len(out) > 0 {
		return out
	}
	if t == enums.EntityTypePerson {
		return []enums.Preference{enums.PreferenceManagementPositions}
	}
	return []enums.Preference{enums.PreferenceBasic, enums.PreferenceRepresentation, enums.PreferenceFinancials, enums.PreferenceDocuments, enums.PreferenceInsolvencies}
}

// storeKey is the Store key of an entity's snapshot.
func storeKey(t enums.EntityType, id string) string { return "changes/" + string(t) + "/" + id }

// checker fetches, compares and stores snapshots; the Watcher and Poll
// share it.
type checker struct {
	c     *registerdata.Client
	store Store
	locks sync.Map // storeKey -> *sync.Mutex: one check per entity at a time
}

func (k *checker) lock(key string) func() {
	m, _ := k.locks.LoadOrStore(key, new(sync.Mutex))
	mu := m.(*sync.Mutex)
	mu.Lock()
	return mu.Unlock
}

// result is one check: the Set to report and the snapshot to store once
// it was reported.
type result struct {
	set      Set
	key      string
	old      snapshot
	next     snapshot
	newParts parts // the parts fetched that the stored snapshot did not hold
	dirty    bool  // the snapshot holds something the store does not: a change or a new part
}

// load reads the stored snapshot of key; found is false when there is
// none.
func (k *checker) load(ctx context.Context, key string) (s snapshot, found bool, err error) {
	raw, found, err := k.store.Get(ctx, key)
	if err != nil {
		return s, false, fmt.Errorf("changes: reading the snapshot %q from the store: %w", key, err)
	}
	if found {
		if err := json.Unmarshal(raw, &s); err != nil {
			return s, false, fmt.Errorf("changes: the stored snapshot %q is not valid (%v): delete it to start from a new baseline", key, err)
		}
	}
	return s, found, nil
}

// check compares the records of entity (t, id) the categories cats need,
// fetched now, with the stored snapshot old (found: the store held one),
// and returns the changes with the new snapshot, not yet stored.
// Set.Baseline is true when the store held no snapshot of the entity;
// Set.Baselines lists the categories of cats that needed a record the
// snapshot did not hold.
func (k *checker) check(ctx context.Context, t enums.EntityType, id string, cats []enums.Preference, old snapshot, found bool) (result, error) {
	r := result{key: storeKey(t, id), set: Set{EntityType: t, EntityID: id}, old: old}
	p := partsFor(t, cats)
	fresh, credits, err := k.fetch(ctx, t, id, p)
	r.set.Credits = credits
	if err != nil {
		return r, err
	}
	r.set.Baseline = !found
	r.newParts = p &^ old.parts()
	for _, c := range categoriesOf(t, cats) {
		if needs(t, c)&r.newParts != 0 {
			r.set.Baselines = append(r.set.Baselines, c)
		}
	}
	r.dirty = r.newParts != 0 || (p&partInsolvencies != 0 && len(fresh.Insolvencies) != len(old.Insolvencies))
	next := old
	next.Last = nil
	if p&partCompany != 0 {
		if old.Company != nil {
			r.set.Changes = append(r.set.Changes, Company(old.Company, fresh.Company)...)
		}
		next.Company = fresh.Company
	}
	if p&partOwners != 0 {
		if old.Owners != nil {
			r.set.Changes = append(r.set.Changes, Owners(old.Owners, fresh.Owners)...)
		}
		next.Owners = fresh.Owners
	}
	if p&partHoldings != 0 {
		if old.Holdings != nil {
			r.set.Changes = append(r.set.Changes, Holdings(old.Holdings, fresh.Holdings)...)
		}
		next.Holdings = fresh.Holdings
	}
	if p&partPerson != 0 {
		if old.Person != nil {
			r.set.Changes = append(r.set.Changes, Person(old.Person, fresh.Person)...)
		}
		next.Person = fresh.Person
	}
	if p&partInsolvencies != 0 {
		for id, in := range fresh.Insolvencies {
			if prev := old.Insolvencies[id]; prev != nil {
				r.set.Changes = append(r.set.Changes, insolvencyEvents(prev, in)...)
			}
		}
		next.Insolvencies = fresh.Insolvencies
	}
	if r.set.Changes == nil {
		r.set.Changes = []Change{}
	}
	r.dirty = r.dirty || len(r.set.Changes) > 0
	r.next = next
	return r, nil
}

// insolvencyEvents is Insolvency without what the company record's
// summary of the proceeding already reports (status, opening, closing).
func insolvencyEvents(before, after *registerdata.Insolvency) []Change {
	cs := Insolvency(before, after)
	out := cs[:0]
	for _, c := range cs {
		switch c.Field {
		case "insolvency.current_status", "insolvency.opened_at", "insolvency.closed_at":
			continue
		}
		out = append(out, c)
	}
	return out
}

// commit stores the snapshot of a reported check.
func (k *checker) commit(ctx context.Context, key string, next *snapshot) error {
	b, err := json.Marshal(next)
	if err != nil {
		return fmt.Errorf("changes: encoding the snapshot %q: %w", key, err)
	}
	if err := k.store.Set(context.WithoutCancel(ctx), key, b); err != nil {
		return fmt.Errorf("changes: storing the snapshot %q: %w", key, err)
	}
	return nil
}
