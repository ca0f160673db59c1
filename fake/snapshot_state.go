package fake

import (
	"fmt"
	"maps"
	"slices"
	"time"

	registerdata "github.com/registerdata/registerdata-go"
	"github.com/registerdata/registerdata-go/enums"
	"golang.org/x/time/rate"
)

// export returns every account's state.
func (a *accounts) export() map[string]snapAccount {
	a.mu.Lock()
	defer a.mu.Unlock()
	out := make(map[string]snapAccount, len(a.byKey))
	for k, acc := range a.byKey {
		out[k] = snapAccount{Credits: acc.credits, Monitoring: acc.monitoring, Transparency: acc.transparency, Created: acc.usage.created, Paid: acc.usage.paid,
			Start: acc.usage.start, Used: acc.usage.used, Overage: acc.usage.overage}
	}
	return out
}

// restore replaces every account with the snapshot's.
func (a *accounts) restore(in map[string]snapAccount) {
	a.mu.Lock()
	defer a.mu.Unlock()
	a.byKey = make(map[string]*account, len(in))
	for k, sa := range in {
		acc := &account{credits: sa.Credits, monitoring: sa.Monitoring, transparency: sa.Transparency,
			usage: usage{created: sa.Created, paid: sa.Paid, start: sa.Start, used: sa.Used, overage: sa.Overage}}
		if a.limit != rate.Inf {
			acc.limiter = rate.NewLimiter(a.limit, a.burst)
		}
		a.byKey[k] = acc
	}
}

func (st *insolvencyState) export() snapInsolvency {
	st.mu.Lock()
	defer st.mu.Unlock()
	out := snapInsolvency{Persons: map[string]snapPersonCase{}, Frozen: maps.Clone(st.frozen), Added: map[string][]registerdata.InsolvencyEvent{}, Seq: st.seq}
	for id, pc := range st.persons {
		out.Persons[id] = snapPersonCase{Name: pc.debtor.name, Kind: string(pc.debtor.kind), Person: pc.debtor.personID, City: pc.debtor.city, Summary: pc.sum}
	}
	for id, evs := range st.added {
		out.Added[id] = slices.Clone(evs)
	}
	return out
}

func (st *insolvencyState) restore(in snapInsolvency) {
	st.mu.Lock()
	defer st.mu.Unlock()
	st.persons = make(map[string]*personCase, len(in.Persons))
	for id, pc := range in.Persons {
		st.persons[id] = &personCase{debtor: debtor{name: pc.Name, kind: enums.DebtorKind(pc.Kind), personID: pc.Person, city: pc.City}, sum: pc.Summary}
	}
	st.frozen = orEmpty(in.Frozen)
	st.added = orEmpty(in.Added)
	st.seq = in.Seq
	st.company = nil // rebuilt from the register on first use
}

func orEmpty[K comparable, V any](m map[K]V) map[K]V {
	if m == nil {
		return map[K]V{}
	}
	return m
}

func (st *transparencyState) export() snapTransparency {
	st.mu.Lock()
	defer st.mu.Unlock()
	out := snapTransparency{Logins: map[string]map[string][]byte{}, Extracts: map[string]snapExtract{}, Outcomes: maps.Clone(st.marks), Seq: st.seq}
	for key, names := range st.creds {
		out.Logins[key] = map[string][]byte{}
		for name, l := range names {
			out.Logins[key][name] = slices.Clone(l.hash[:])
			if l.locked {
				if out.Locked == nil {
					out.Locked = map[string][]string{}
				}
				out.Locked[key] = append(out.Locked[key], name)
			}
		}
		slices.Sort(out.Locked[key])
	}
	for id, ex := range st.extracts {
		se := snapExtract{Key: ex.key, CompanyID: ex.companyID, EKRN: ex.ekrn, Submitted: ex.submitted, View: ex.view}
		if ex.login != nil {
			se.Login, se.LoginLocked = slices.Clone(ex.login.hash[:]), ex.login.locked
		}
		out.Extracts[id] = se
	}
	return out
}

func (st *transparencyState) restore(in snapTransparency) error {
	st.mu.Lock()
	defer st.mu.Unlock()
	st.creds = map[string]map[string]*login{}
	for key, names := range in.Logins {
		st.creds[key] = map[string]*login{}
		for name, h := range names {
			if len(h) != 32 {
				return fmt.Errorf("fake: the snapshot's Transparenzregister login %q is damaged", name)
			}
			st.creds[key][name] = &login{hash: [32]byte(h), locked: slices.Contains(in.Locked[key], name)}
		}
	}
	st.extracts = map[string]*extract{}
	for id, ex := range in.Extracts {
		e := &extract{key: ex.Key, companyID: ex.CompanyID, ekrn: ex.EKRN, submitted: ex.Submitted, view: ex.View}
		if len(ex.Login) == 32 {
			e.login = st.sameLogin(ex.Key, [32]byte(ex.Login), ex.LoginLocked)
		}
		st.extracts[id] = e
	}
	st.marks = orEmpty(in.Outcomes)
	st.seq = in.Seq
	return nil
}

// sameLogin is the stored login of key with hash and locked, so that an
// extract restored from a snapshot shares it as it did when taken (a lock
// reaches it), or a login of its own when none is stored any more. The
// caller holds st.mu.
func (st *transparencyState) sameLogin(key string, hash [32]byte, locked bool) *login {
	for _, l := range st.creds[key] {
		if l.hash == hash && l.locked == locked {
			return l
		}
	}
	return &login{hash: hash, locked: locked}
}

// restore sets the clock to a snapshot's time.
func (c *Clock) restore(sc snapClock) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.manual || sc.Manual {
		now := sc.Now
		if !sc.Manual {
			now = time.Now().Add(sc.Offset)
		}
		c.manual, c.now = true, now
		return
	}
	c.offset = sc.Offset
}

// restoreSnapshot replaces the state of a server whose extensions are
// installed with the snapshot's; newServer has loaded its register.
func (s *Server) restoreSnapshot(snap *snapshot) error {
	for _, c := range snap.Register.Added {
		if err := s.store.add(c); err != nil {
			return fmt.Errorf("fake: restoring the snapshot: %w", err)
		}
	}
	own, err := s.ownership()
	if err != nil {
		return err
	}
	own.mu.Lock()
	own.lists = make(map[string][]shareList, len(snap.Register.Owners))
	for id, lists := range snap.Register.Owners {
		if _, ok := s.store.get(id); !ok {
			own.mu.Unlock()
			return fmt.Errorf("fake: restoring the snapshot: owners of company %s, which is not in the register", id)
		}
		for _, l := range lists {
			if err := checkOwnerList(id, l.Owners); err != nil {
				own.mu.Unlock()
				return fmt.Errorf("fake: restoring the snapshot: the owners of %s: %w", id, err)
			}
			own.lists[id] = append(own.lists[id], shareList{id: l.ID, date: l.Date, owners: l.Owners})
		}
	}
	own.mu.Unlock()
	s.reindexSearch(slices.Collect(maps.Keys(snap.Register.Owners))...)
	for id, f := range snap.Register.Financials {
		if err := s.checkFinancials(id, &f); err != nil {
			return fmt.Errorf("fake: restoring the snapshot: the financials of %s: %w", id, err)
		}
	}
	for id, p := range snap.Register.Proceedings {
		if p.ID != id {
			return fmt.Errorf("fake: restoring the snapshot: proceeding %s is saved under id %s", p.ID, id)
		}
		if err := s.checkProceedingFields(&p); err != nil {
			return fmt.Errorf("fake: restoring the snapshot: proceeding %s: %w", id, err)
		}
	}
	s.insolvencies().restore(snap.Insolvency)
	if err := s.transparency().restore(snap.Transparency); err != nil {
		return err
	}
	s.accounts.restore(snap.Accounts)
	m := s.monitoring()
	m.mu.Lock()
	if m.endpoint == "" {
		m.endpoint = snap.Webhook
	}
	m.mu.Unlock()
	if err := m.engine.Import(snap.Monitoring); err != nil {
		return fmt.Errorf("fake: restoring the snapshot: %w", err)
	}
	s.faults.mu.Lock()
	s.faults.pending = nil
	for _, f := range snap.Faults {
		s.faults.pending = append(s.faults.pending, f.fault())
	}
	s.faults.least, s.faults.most = snap.Latency[0], snap.Latency[1]
	s.faults.mu.Unlock()
	if err := s.random.restore(snap.Random); err != nil {
		return fmt.Errorf("fake: the snapshot's random state is damaged: %w", err)
	}
	if len(snap.SigningKey) > 0 {
		s.signingKey = slices.Clone(snap.SigningKey)
	}
	s.requests.Store(snap.Requests)
	return nil
}
