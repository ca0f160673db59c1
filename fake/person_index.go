package fake

import (
	"cmp"
	"slices"

	registerdata "github.com/registerdata/registerdata-go"
)

// companiesNaming returns, in register order, the companies whose
// representation names the natural person id, found through the search
// index rather than by reading the whole register (whose generated
// companies would each be drawn again). The caller must not modify them.
func (s *Server) companiesNaming(id string) []*registerdata.Company {
	type placed struct {
		at int
		c  *registerdata.Company
	}
	var found []placed
	for _, cid := range s.searchIndex().CompaniesOf(id) {
		at, ok := s.store.position(cid)
		c, held := s.store.get(cid)
		if ok && held {
			found = append(found, placed{at, c})
		}
	}
	slices.SortFunc(found, func(a, b placed) int { return cmp.Compare(a.at, b.at) })
	out := make([]*registerdata.Company, len(found))
	for i, p := range found {
		out[i] = p.c
	}
	return out
}

// inRegisterOrder returns ids (of companies the register holds) sorted in
// register order.
func (s *Server) inRegisterOrder(ids []string) []string {
	type placed struct {
		at int
		id string
	}
	found := make([]placed, 0, len(ids))
	for _, id := range ids {
		if at, ok := s.store.position(id); ok {
			found = append(found, placed{at, id})
		}
	}
	slices.SortFunc(found, func(a, b placed) int { return cmp.Compare(a.at, b.at) })
	out := make([]string, len(found))
	for i, p := range found {
		out[i] = p.id
	}
	return out
}
