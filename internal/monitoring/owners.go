package monitoring

import (
	"slices"

	registerdata "github.com/registerdata/registerdata-go"
	"github.com/registerdata/registerdata-go/enums"
)

// ObserveOwners records a change of the direct owners of company X (the
// ownership register, apart from the company record) as pending changes
// of the enabled monitors it concerns:
//
//   - monitors of X: ownership, one change per owner added, removed or
//     altered, path /owners/{key};
//   - monitors of an owner Y (company or person) whose own entry changed:
//     holdings, path /companies/{X}/owners/{key}.
//
// The key of an owner is its id, or its name when the id is null.
func (e *Engine) ObserveOwners(companyID string, before, after []registerdata.Owner) {
	own := appendKeyedAs(nil, enums.PreferenceOwnership, "/owners/", before, after, ownerKey)
	e.mu.Lock()
	defer e.mu.Unlock()
	for _, m := range e.monitors {
		if m.disabled {
			continue
		}
		var changes []Change
		switch {
		case m.req.EntityType == enums.EntityTypeCompany && m.req.EntityID == companyID:
			changes = own
		default:
			mine := func(o registerdata.Owner) bool { return o.ID != nil && *o.ID == m.req.EntityID }
			b, a := filter(before, mine), filter(after, mine)
			if len(b) == 0 && len(a) == 0 {
				continue
			}
			changes = appendKeyedAs(nil, enums.PreferenceHoldings, "/companies/"+companyID+"/owners/", b, a, ownerKey)
		}
		for _, c := range changes {
			if slices.Contains(m.req.Preferences, c.Category) {
				m.addPending(c)
			}
		}
	}
}

func ownerKey(o registerdata.Owner) string {
	if o.ID != nil && *o.ID != "" {
		return *o.ID
	}
	return o.Name
}
