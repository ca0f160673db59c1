package fake

import (
	"bytes"
	"crypto/sha256"
	_ "embed"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"maps"
	"slices"
	"sync"
	"sync/atomic"
	"time"

	registerdata "github.com/registerdata/registerdata-go"
	"github.com/registerdata/registerdata-go/enums"
)

// The fake's ownership register.
//
// Every company has a list of shareholder-list documents, oldest first;
// its current owners are those of the latest. Curated companies named in
// data/owners.json have theirs there. Every other company (and a curated
// one not named there) has one derived document: the current
// representatives with a stake role (SHAREHOLDER, OWNER) hold equal
// shares, and in a KG the personally liable director is the general
// partner without a share, the same reading the search filters make of the
// representation. SetOwners (and PUT or PATCH /_fake/companies/{id}/owners)
// appends a document dated on the fake clock. Beneficial owners, holdings,
// the ownership history and person details are computed from these
// documents and the representation whenever they are asked for; nothing
// derived is stored.

// ownersJSON is the curated ownership register: company id -> its
// shareholder lists, oldest first.
//
//go:embed data/owners.json
var ownersJSON []byte

// shareList is one shareholder-list document of a company.
type shareList struct {
	id     string // document UUID
	date   time.Time
	owners []registerdata.Owner
}

// ownershipState holds the documents of the companies whose ownership is
// not derived: curated ones and those changed with SetOwners.
type ownershipState struct {
	once    sync.Once
	loadErr error
	loaded  atomic.Bool // lists holds the curated documents

	writing sync.Mutex // serialises changes with their notifications
	mu      sync.RWMutex
	lists   map[string][]shareList
}

// ownership returns the server's ownership register, loading the curated
// documents on first use (a server whose owners are never asked for never
// decodes them), so any feature may call it whatever the order of
// installation.
func (s *Server) ownership() (*ownershipState, error) {
	st := extState[ownershipState](s)
	st.once.Do(func() {
		st.lists, st.loadErr = s.loadCuratedOwners()
		st.loaded.Store(st.loadErr == nil)
		// An index built before the owners were loaded read the owners
		// its filters need from the representation: let it read these.
		s.reindexSearch(slices.Collect(maps.Keys(st.lists))...)
	})
	return st, st.loadErr
}

// curatedShareList is the JSON form of a document in data/owners.json.
type curatedShareList struct {
	Date   registerdata.Date    `json:"date"`
	Owners []registerdata.Owner `json:"owners"`
}

func (s *Server) loadCuratedOwners() (map[string][]shareList, error) {
	if s.cfg.noCurated {
		return map[string][]shareList{}, nil
	}
	var raw map[string][]curatedShareList
	dec := json.NewDecoder(bytes.NewReader(ownersJSON))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&raw); err != nil {
		return nil, fmt.Errorf("fake: the ownership register data/owners.json is broken: %w", err)
	}
	out := make(map[string][]shareList, len(raw))
	for id, docs := range raw {
		if _, ok := s.store.get(id); !ok {
			return nil, fmt.Errorf("fake: data/owners.json names company %s, which is not in the register", id)
		}
		for i, d := range docs {
			owners, err := s.completeOwners(id, d.Owners)
			if err != nil {
				return nil, fmt.Errorf("fake: data/owners.json, company %s, document %d: %w", id, i+1, err)
			}
			out[id] = append(out[id], shareList{id: documentUUID(id, i), date: d.Date.Time(), owners: owners})
		}
	}
	return out, nil
}

// documentUUID is the id of the n-th shareholder list of company id: a
// UUID derived from both, so it is the same on every run.
func documentUUID(id string, n int) string {
	sum := sha256.Sum256([]byte(fmt.Sprintf("shareholder-list\n%s\n%d", id, n)))
	b := sum[:16]
	b[6] = b[6]&0x0f | 0x40 // version 4 layout
	b[8] = b[8]&0x3f | 0x80 // RFC 4122 variant
	h := hex.EncodeToString(b)
	return h[0:8] + "-" + h[8:12] + "-" + h[12:16] + "-" + h[16:20] + "-" + h[20:32]
}

// shareLists returns the shareholder lists of the company c, oldest
// first: its stored ones, or the one derived from its representation.
// The caller must not modify them.
func (s *Server) shareLists(c *registerdata.Company) ([]shareList, error) {
	st, err := s.ownership()
	if err != nil {
		return nil, err
	}
	st.mu.RLock()
	lists, ok := st.lists[c.ID]
	st.mu.RUnlock()
	if ok {
		return lists, nil
	}
	return []shareList{s.derivedShareList(c)}, nil
}

// currentOwners returns the owners of company c from its latest
// shareholder list. The caller must not modify them.
func (s *Server) currentOwners(c *registerdata.Company) ([]registerdata.Owner, error) {
	lists, err := s.shareLists(c)
	if err != nil {
		return nil, err
	}
	return lists[len(lists)-1].owners, nil
}

// storedOwners returns the current owners of c when the ownership
// register holds a shareholder list for it (curated, or set with
// SetOwners); the search's owner filters read them, so they agree with
// GetOwners. Other companies' owners are derived from the representation
// by the search and by derivedShareList alike.
//
// It never loads the register: the search calls it with its index locked,
// and loading completes owners through the search. The search loads the
// register before it answers, and loading re-indexes its companies.
func (s *Server) storedOwners(c *registerdata.Company) ([]registerdata.Owner, bool) {
	st := extState[ownershipState](s)
	if !st.loaded.Load() {
		return nil, false
	}
	st.mu.RLock()
	defer st.mu.RUnlock()
	lists, ok := st.lists[c.ID]
	if !ok || len(lists) == 0 {
		return nil, false
	}
	return lists[len(lists)-1].owners, true
}

// SetOwners replaces the direct owners of company companyID in the
// ownership register, as a new shareholder list dated now on the fake
// clock. Beneficial owners, holdings (of the owners, old and new), the
// ownership history and person holdings follow; monitors of the company
// see an ownership change and monitors of each owner whose stake changed
// a holdings change.
//
// Each owner needs a name, a known type and relation type, a percentage
// share between 0 and 100 (or nil) and a nominal share of at least 0; the
// shares together may not exceed 100 %. A natural person's id, when
// given, must be a UUID. Missing natural_person or legal_person details
// are filled in from the name (and, for a company of the register, its
// address). It fails with an error wrapping ErrUnknownCompany for an
// unknown company, and with a description of the problem for invalid
// owners; either way nothing changes.
func (s *Server) SetOwners(companyID string, owners []registerdata.Owner) error {
	c, ok := s.store.get(companyID)
	if !ok {
		return fmt.Errorf("%w %q", ErrUnknownCompany, companyID)
	}
	st, err := s.ownership()
	if err != nil {
		return err
	}
	completed, err := s.completeOwners(companyID, owners)
	if err != nil {
		return fmt.Errorf("fake: owners of %s refused, nothing changed: %w", companyID, err)
	}
	st.writing.Lock()
	defer st.writing.Unlock()
	before, err := s.shareLists(c)
	if err != nil {
		return err
	}
	lists := append([]shareList{}, before...)
	lists = append(lists, shareList{id: documentUUID(companyID, len(lists)), date: s.clock.Now().UTC(), owners: completed})
	st.mu.Lock()
	st.lists[companyID] = lists
	st.mu.Unlock()
	s.reindexSearch(companyID) // the owner filters follow
	s.notifyOwners(companyID, before[len(before)-1].owners, completed)
	return nil
}

// notifyOwners tells the monitors about a change of the owners of a
// company.
func (s *Server) notifyOwners(companyID string, before, after []registerdata.Owner) {
	if m := s.monitoring(); m.engine != nil {
		m.engine.ObserveOwners(companyID, before, after)
	}
}

// isStakeRole reports whether a representative's role is a stake.
func isStakeRole(r registerdata.Representative) bool {
	role := r.Role
	if !role.IsKnown() {
		role = r.RoleDetail.Code.Normalize().Role()
	}
	return role == enums.RoleShareholder || role == enums.RoleOwner
}
