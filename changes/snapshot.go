package changes

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"sync"

	registerdata "github.com/registerdata/registerdata-go"
	"github.com/registerdata/registerdata-go/enums"
)

// snapshot is what a Store keeps per entity: the records last fetched.
// A part is nil until a category needing it was first checked.
type snapshot struct {
	Company      *registerdata.Company               `json:"company,omitempty"`
	Owners       *registerdata.Owners                `json:"owners,omitempty"`
	Holdings     *registerdata.Holdings              `json:"holdings,omitempty"`
	Person       *registerdata.Person                `json:"person,omitempty"`
	Insolvencies map[string]*registerdata.Insolvency `json:"insolvencies,omitempty"`
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

// partsFor returns the records the categories need: for a company, the
// record for basic, representation, financials, documents and
// insolvencies (and each proceeding it lists for insolvencies), the
// owners too for ownership, the holdings for holdings; for a person, the
// person for management_positions and holdings, the holdings too for
// holdings. Categories that need nothing fetchable (a person's
// insolvencies) add nothing; with none at all, a company's record or a
// person is fetched.
func partsFor(t enums.EntityType, cats []enums.Preference) parts {
	var p parts
	for _, c := range cats {
		switch t {
		case enums.EntityTypePerson:
			switch c {
			case enums.PreferenceManagementPositions:
				p |= partPerson
			case enums.PreferenceHoldings:
				p |= partPerson | partHoldings
			}
		default:
			switch c {
			case enums.PreferenceBasic, enums.PreferenceRepresentation, enums.PreferenceFinancials, enums.PreferenceDocuments:
				p |= partCompany
			case enums.PreferenceInsolvencies:
				p |= partCompany | partInsolvencies
			case enums.PreferenceOwnership:
				p |= partCompany | partOwners
			case enums.PreferenceHoldings:
				p |= partHoldings
			}
		}
	}
	if p == 0 {
		if t == enums.EntityTypePerson {
			return partPerson
		}
		return partCompany
	}
	return p
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
	snapshot []byte
	dirty    bool // the snapshot holds something the store does not: a change or a new part
}

// check fetches the parts of entity (t, id), compares them with the stored
// snapshot and returns the changes with the new snapshot, not yet stored.
// Set.Baseline is true when the store held no snapshot of the entity.
func (k *checker) check(ctx context.Context, t enums.EntityType, id string, p parts) (result, error) {
	r := result{key: storeKey(t, id), set: Set{EntityType: t, EntityID: id}}
	fresh, credits, err := k.fetch(ctx, t, id, p)
	r.set.Credits = credits
	if err != nil {
		return r, err
	}
	raw, found, err := k.store.Get(ctx, r.key)
	if err != nil {
		return r, fmt.Errorf("changes: reading the snapshot %q from the store: %w", r.key, err)
	}
	var old snapshot
	if found {
		if err := json.Unmarshal(raw, &old); err != nil {
			return r, fmt.Errorf("changes: the stored snapshot %q is not valid (%v): delete it to start from a new baseline", r.key, err)
		}
	}
	r.set.Baseline = !found
	r.dirty = !found ||
		(p&partCompany != 0 && old.Company == nil) || (p&partOwners != 0 && old.Owners == nil) ||
		(p&partHoldings != 0 && old.Holdings == nil) || (p&partPerson != 0 && old.Person == nil) ||
		(p&partInsolvencies != 0 && len(fresh.Insolvencies) != len(old.Insolvencies))
	next := old
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
	r.snapshot, err = json.Marshal(&next)
	if err != nil {
		return r, fmt.Errorf("changes: encoding the snapshot of %s %s: %w", t, id, err)
	}
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
func (k *checker) commit(ctx context.Context, r result) error {
	if err := k.store.Set(context.WithoutCancel(ctx), r.key, r.snapshot); err != nil {
		return fmt.Errorf("changes: storing the snapshot %q: %w", r.key, err)
	}
	return nil
}

// fetch gets the parts p of an entity and the credits they cost.
func (k *checker) fetch(ctx context.Context, t enums.EntityType, id string, p parts) (s snapshot, credits int64, err error) {
	var infos []*registerdata.ResponseInfo
	info := func() (registerdata.CallOption, *registerdata.ResponseInfo) {
		ri := new(registerdata.ResponseInfo)
		infos = append(infos, ri)
		return registerdata.WithResponseInfo(ri), ri
	}
	defer func() {
		// An answer from the client's cache may be the record already
		// seen: the change it hides would never be reported.
		for _, ri := range infos {
			if ri.Cached && ri.StatusCode == 0 && err == nil {
				s, err = snapshot{}, fmt.Errorf("changes: the client answered for %s from its cache (WithCache): give the Watcher and Poll a client without a cache, which fetches the current records", id)
			}
		}
	}()
	if p&partCompany != 0 {
		o, ri := info()
		s.Company, err = k.c.GetCompany(ctx, id, nil, o)
		credits += ri.Charged
		if err != nil {
			return s, credits, fmt.Errorf("changes: fetching company %s: %w", id, err)
		}
		s.Company.Sources = []registerdata.Source{} // presigned anew on every fetch
	}
	if p&partOwners != 0 {
		o, ri := info()
		s.Owners, err = k.c.GetOwners(ctx, id, nil, o)
		credits += ri.Charged
		if errors.Is(err, registerdata.ErrNotFound) {
			// An AG or SE: its owners are the best available data.
			o, ri = info()
			s.Owners, err = k.c.GetOwners(ctx, id, &registerdata.GetOwnersParams{BestAvailable: true}, o)
			credits += ri.Charged
		}
		if err != nil {
			return s, credits, fmt.Errorf("changes: fetching the owners of %s: %w", id, err)
		}
		s.Owners.Sources = []registerdata.Source{}
	}
	if p&partHoldings != 0 {
		o, ri := info()
		if t == enums.EntityTypePerson {
			s.Holdings, err = k.c.GetPersonHoldings(ctx, id, o)
		} else {
			s.Holdings, err = k.c.GetCompanyHoldings(ctx, id, o)
		}
		credits += ri.Charged
		if err != nil {
			return s, credits, fmt.Errorf("changes: fetching the holdings of %s: %w", id, err)
		}
	}
	if p&partPerson != 0 {
		o, ri := info()
		s.Person, err = k.c.GetPerson(ctx, id, o)
		credits += ri.Charged
		if err != nil {
			return s, credits, fmt.Errorf("changes: fetching person %s: %w", id, err)
		}
	}
	if p&partInsolvencies != 0 && s.Company != nil && len(s.Company.Insolvencies) > 0 {
		s.Insolvencies = make(map[string]*registerdata.Insolvency, len(s.Company.Insolvencies))
		for _, sum := range s.Company.Insolvencies {
			o, ri := info()
			in, ierr := k.c.GetInsolvency(ctx, sum.ID, o)
			credits += ri.Charged
			if ierr != nil {
				return s, credits, fmt.Errorf("changes: fetching insolvency proceeding %s of %s: %w", sum.ID, id, ierr)
			}
			s.Insolvencies[sum.ID] = in
		}
	}
	return s, credits, nil
}

// entityTypeOf guesses the type of an id: a UUID is a person, anything
// else a company.
func entityTypeOf(id string) enums.EntityType {
	if len(id) == 36 && strings.Count(id, "-") == 4 && id[8] == '-' && id[13] == '-' && id[18] == '-' && id[23] == '-' {
		return enums.EntityTypePerson
	}
	return enums.EntityTypeCompany
}
