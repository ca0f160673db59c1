package monitoring

import (
	"slices"

	"github.com/registerdata/registerdata-go/enums"
)

// Record adds c as a pending change of every enabled monitor of the
// entity (entityType, entityID) whose preferences include c.Category,
// for changes that are not a difference between two company records
// (those come through Observe), such as a new event of an insolvency
// proceeding. daily makes a person monitor report it at its next daily
// check rather than the monthly one; company monitors report at their
// regular check either way.
func (e *Engine) Record(entityType enums.EntityType, entityID string, c Change, daily bool) {
	c.daily = daily && entityType == enums.EntityTypePerson
	e.mu.Lock()
	defer e.mu.Unlock()
	for _, m := range e.monitors {
		if m.disabled || m.req.EntityType != entityType || m.req.EntityID != entityID {
			continue
		}
		if slices.Contains(m.req.Preferences, c.Category) {
			m.addPending(c)
		}
	}
}
