package webhook

import (
	"bytes"
	"encoding/json"
	"fmt"
	"net/http"
	"time"

	"github.com/registerdata/registerdata-go/enums"
)

// EventTypeMonitorChange is the type of a monitor notification: a monitored
// entity changed in a category among the monitor's preferences.
const EventTypeMonitorChange = "monitor.change"

// Event is a verified webhook delivery. The JSON tags give the body the
// service sends:
//
//	{"type": "monitor.change", "entity_type": "company", "entity_id": "...",
//	 "categories": ["basic"], "detected_at": "2025-01-02T03:04:05Z",
//	 "changes": [{"category": "basic", "path": "name.name", "before": ..., "after": ...}]}
//
// so encoding an Event with encoding/json produces such a body. Decoding is
// lenient: unknown fields are ignored and unknown type, entity type and
// category values are kept as sent.
type Event struct {
	// ID is the webhook-id header: identical across retries of one
	// delivery, so it is the key to de-duplicate on.
	ID string `json:"-"`
	// Timestamp is the webhook-timestamp header: when this attempt was sent.
	Timestamp time.Time `json:"-"`
	// Type is the event type, EventTypeMonitorChange for every event the
	// service sends today.
	Type string `json:"type"`
	// EntityType says whether EntityID is a company or a person.
	EntityType enums.EntityType `json:"entity_type"`
	// EntityID is the id of the monitored entity.
	EntityID string `json:"entity_id"`
	// Categories are the data categories that changed (the spec's
	// preference names: basic, representation, financials, ...).
	Categories []string `json:"categories"`
	// DetectedAt is when the service detected the change; zero when absent.
	DetectedAt time.Time `json:"detected_at,omitzero"`
	// Changes lists the individual changes, when the body carries them.
	Changes []Change `json:"changes,omitempty"`
	// Raw is the request body exactly as received and verified. It shares
	// memory with the body passed to Parse.
	Raw json.RawMessage `json:"-"`
}

// Change is one changed value of the monitored entity.
type Change struct {
	// Category is the data category of the change, such as "basic".
	Category string `json:"category"`
	// Path locates the value in the entity record as a slash-separated
	// path from the record's root, as deliveries carry it: "/status",
	// "/name", "/representation/{person id or name}/{role code}",
	// "/insolvencies/{id}"; a person's changes in a company are under
	// "/companies/{company id}/...".
	Path string `json:"path"`
	// Before is the JSON text of the value before the change, such as
	// "Alt GmbH" with its quotes; JSON null (nil when the key was absent)
	// when the value was added.
	Before json.RawMessage `json:"before,omitempty"`
	// After is the JSON value after the change, like Before; JSON null
	// (or nil when the key was absent) when the value was removed.
	After json.RawMessage `json:"after,omitempty"`
}

// Parse verifies the delivery like Verify and then decodes body into an
// Event. A verification failure returns Verify's error; a body that is not
// a JSON object of the expected shape returns an error wrapping
// ErrInvalidPayload.
func (v *Verifier) Parse(h http.Header, body []byte) (*Event, error) {
	id, ts, err := v.verify(h, body)
	if err != nil {
		return nil, err
	}
	ev, err := decodeEvent(body)
	if err != nil {
		return nil, err
	}
	ev.ID, ev.Timestamp = id, ts
	return ev, nil
}

// decodeEvent decodes a verified body.
func decodeEvent(body []byte) (*Event, error) {
	trimmed := bytes.TrimLeft(body, " \t\r\n")
	if len(trimmed) == 0 || trimmed[0] != '{' {
		return nil, fmt.Errorf("%w: the body is not a JSON object (starts with %q)", ErrInvalidPayload, trimmed[:min(len(trimmed), 16)])
	}
	ev := new(Event)
	if err := json.Unmarshal(body, ev); err != nil {
		return nil, fmt.Errorf("%w: %v", ErrInvalidPayload, err)
	}
	if ev.Categories == nil {
		ev.Categories = []string{}
	}
	ev.Raw = body
	return ev, nil
}
