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
func (s *Server) holdingsOf(entityID string) ([]registerdata.Holding, error) {
	st, err := s.ownership()
	if err != nil {
		return nil, err
	}
	out := []registerdata.Holding{}
	for _, c := range s.store.all() {
		st.mu.RLock()
		lists, explicit := st.lists[c.ID]
		st.mu.RUnlock()
		var owners []registerdata.Owner
		switch {
		case explicit:
			owners = lists[len(lists)-1].owners
		case representationNames(c, entityID):
			owners = s.derivedShareList(c).owners
		default:
			continue
		}
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
