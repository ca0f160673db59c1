package changes

import (
	"github.com/registerdata/registerdata-go/enums"
)

// Kind says how a value changed: Added, Removed or Modified.
type Kind string

// The kinds of change.
const (
	// Added: the value or list member is new (a representative joined, a
	// document was filed, figures for a new year were published).
	Added Kind = "added"
	// Removed: the value or list member is gone, or has ended (a
	// representative whose end date is now set has left).
	Removed Kind = "removed"
	// Modified: the value is still there with another content (a new name,
	// a changed share, a proceeding in another status).
	Modified Kind = "modified"
)

// Change is one change of meaning between two snapshots of a record.
//
// Category is the monitor preference the change belongs to, the category
// under which a monitor of the service reports it. Field names what
// changed, in the record's JSON names: "name", "representation",
// "representation.authority", "owners.percentage_share",
// "indicators.revenue". Subject names the list member concerned (the
// person and role, the owner, the document, the year of the figures, the
// proceeding); it is empty for a field of the record itself. Before and
// After are display values, "" on the side where the value did not exist.
//
// Encoded as JSON (one object per change, for JSON Lines), a Change keeps
// these names in snake case: {"category", "kind", "field", "subject",
// "before", "after"}.
type Change struct {
	// Category is the monitor preference the change belongs to.
	Category enums.Preference `json:"category"`
	// Kind is Added, Removed or Modified.
	Kind Kind `json:"kind"`
	// Field is the changed field, such as "name" or
	// "representation.end_date".
	Field string `json:"field"`
	// Subject is the list member concerned, such as
	// "Erika Beispiel (Managing Director)"; "" for a field of the record.
	Subject string `json:"subject,omitempty"`
	// Before is the display value before the change; "" when there was
	// none.
	Before string `json:"before,omitempty"`
	// After is the display value after the change; "" when there is none.
	After string `json:"after,omitempty"`
}
