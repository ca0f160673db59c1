package registerdata

import "github.com/registerdata/registerdata-go/enums"

// MonitorRequest asks the service to watch one company or person.
type MonitorRequest struct {
	EntityID        string                `json:"entity_id"`                  // company id or person UUID
	EntityType      enums.EntityType      `json:"entity_type"`                // company or person
	Preferences     []enums.Preference    `json:"preferences"`                // at least one, all valid for EntityType
	UpdateFrequency enums.UpdateFrequency `json:"update_frequency,omitempty"` // company only: daily; empty or weekly is sent omitted (weekly checks)
}

// Monitor is a monitor of the caller's account.
type Monitor struct {
	EntityID        string                `json:"entity_id"`
	EntityType      enums.EntityType      `json:"entity_type"`
	Preferences     []enums.Preference    `json:"preferences"`
	UpdateFrequency enums.UpdateFrequency `json:"update_frequency,omitempty"` // daily or weekly for companies; empty for persons
	Disabled        bool                  `json:"disabled"`                   // true after a downgrade to a plan without monitoring: delivers nothing
}

// MonitorList is the wire envelope of GET /v1/monitor.
type MonitorList struct {
	Items []Monitor `json:"items"`
}

func (m *Monitor) missingIdentity() string {
	if m.EntityID == "" {
		return "entity_id"
	}
	return ""
}

func (l *MonitorList) listKey() (string, bool) { return "items", l.Items == nil }
