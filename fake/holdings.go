package fake

import (
	registerdata "github.com/registerdata/registerdata-go"
)

// holdingsOf returns the stakes the company or person entityID holds:
// for every company of the register, in register order, each current
// owner entry naming entityID. It is the exact inverse of the companies'
// owners; the percentage is on the fraction scale Holdings documents
// (the owner's percent divided by 100). End is always null: the fake
// lists current stakes only (former ones are in the ownership history of
// the held company).
//
// Derived owners come from the representation, so only companies whose
// representation names entityID, and stored lists naming it, can hold a
// stake of it: the scan of the register compares ids and nothing more.
func (s *Server) holdingsOf(entityID string) ([]registerdata.Holding, error) {
	st, err := s.ownership()
	if err != nil {
		return nil, err
	}
	companies := s.store.all()
	st.mu.RLock() // derivedShareList takes no lock of the register
	defer st.mu.RUnlock()
	named := map[string]bool{} // companies whose stored current list names entityID
	for id, lists := range st.lists {
		for _, o := range lists[len(lists)-1].owners {
			if o.ID != nil && *o.ID == entityID {
				named[id] = true
			}
		}
	}
	out := []registerdata.Holding{}
	for _, c := range companies {
		if !named[c.ID] && !representationNames(c, entityID) {
			continue
		}
		owners := s.derivedOrStored(st, c)
		for _, o := range owners {
			if o.ID == nil || *o.ID != entityID {
				continue
			}
			h := registerdata.Holding{CompanyID: c.ID, Name: c.Name.Name, RelationType: o.RelationType, NominalShare: o.NominalShare}
			if o.PercentageShare != nil {
				f := *o.PercentageShare / 100
				h.PercentageShare = &f
			}
			if o.Start != nil {
				d := *o.Start
				h.Start = &d
			}
			out = append(out, h)
		}
	}
	return out, nil
}

// derivedOrStored returns the current owners of c; the caller holds st.mu.
func (s *Server) derivedOrStored(st *ownershipState, c *registerdata.Company) []registerdata.Owner {
	if lists, ok := st.lists[c.ID]; ok {
		return lists[len(lists)-1].owners
	}
	return s.derivedShareList(c).owners
}

// representationNames reports whether an entry of c's representation
// carries the id.
func representationNames(c *registerdata.Company, id string) bool {
	for _, r := range c.Representation {
		if r.ID != nil && *r.ID == id {
			return true
		}
	}
	return false
}
