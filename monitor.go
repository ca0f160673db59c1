package registerdata

import "github.com/registerdata/registerdata-go/enums"

// MonitorRequest asks the service to watch one company or person.
type MonitorRequest struct {
	// EntityID is the entity to watch: a company identifier such as
	// "DE-HRB-F1103-267645", or a person UUID; ids that cannot be a path
	// segment are refused before sending. (The service does not
	// document the name of this body field; the SDK sends "entity_id".)
	EntityID string `json:"entity_id"`
	// EntityType is "company" or "person".
	EntityType enums.EntityType `json:"entity_type"`
	// Preferences are the data categories to watch, such as "basic" or
	// "representation": at least one, each once and valid for EntityType
	// (see enums.PreferencesFor); Validate refuses others before sending.
	Preferences []enums.Preference `json:"preferences"`
	// UpdateFrequency is for company monitors only: "daily" checks every
	// day (and costs more); empty or "weekly" is sent omitted, which means
	// the default weekly checks. Validate refuses it on a person monitor
	// (the service would answer 400).
	UpdateFrequency enums.UpdateFrequency `json:"update_frequency,omitempty"`
}

// Monitor is a monitor of the caller's account.
type Monitor struct {
	// EntityID is the watched entity: a company identifier or a person
	// UUID. Always set: an answer without it is an error.
	EntityID string `json:"entity_id"`
	// EntityType is "company" or "person".
	EntityType enums.EntityType `json:"entity_type"`
	// Preferences are the data categories watched, such as "basic".
	// Unknown values are kept as sent.
	Preferences []enums.Preference `json:"preferences"`
	// UpdateFrequency is "daily" or "weekly" for a company monitor, empty
	// for a person monitor.
	UpdateFrequency enums.UpdateFrequency `json:"update_frequency,omitempty"`
	// Disabled is true after the account was downgraded to a plan without
	// monitoring: the monitor stays listed but delivers nothing, and an
	// upgrade does not re-enable it (the operator does, on request).
	Disabled bool `json:"disabled"`
}

// MonitorList is the wire envelope of GET /v1/monitor.
type MonitorList struct {
	// Items are the caller's monitors, enabled and disabled; [] when there
	// are none. An answer without the array is an error. (The service does
	// not document the envelope; the SDK reads "items".)
	Items []Monitor `json:"items"`
}

func (m *Monitor) missingIdentity() string {
	if m.EntityID == "" {
		return "entity_id"
	}
	return ""
}

func (l *MonitorList) listKey() (string, bool) { return "items", l.Items == nil }
