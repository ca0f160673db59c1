package fake

import (
	"encoding/json"
	"time"

	"github.com/registerdata/registerdata-go/enums"
	"github.com/registerdata/registerdata-go/internal/monitoring"
)

// Delivery states, as Delivery.State says them.
const (
	DeliveryPending   = monitoring.StatePending   // an attempt is due at NextAttemptAt
	DeliveryDelivered = monitoring.StateDelivered // an attempt got a 2xx answer
	DeliveryFailed    = monitoring.StateFailed    // every attempt of the retry schedule failed
	DeliveryCancelled = monitoring.StateCancelled // the monitor was deleted or disabled before success
)

// Delivery is the fake's record of one webhook notification and of every
// attempt to deliver it, as GET /_fake/deliveries lists them.
type Delivery struct {
	// ID is the webhook-id, the same on every attempt.
	ID string `json:"id"`
	// EntityType and EntityID name the monitored entity.
	EntityType enums.EntityType `json:"entity_type"`
	// EntityID is the company id or person UUID of the monitor.
	EntityID string `json:"entity_id"`
	// Categories are the distinct categories of the changes reported.
	Categories []enums.Preference `json:"categories"`
	// State is DeliveryPending, DeliveryDelivered, DeliveryFailed or
	// DeliveryCancelled.
	State string `json:"state"`
	// Body is exactly the bytes sent and signed: an Event.
	Body json.RawMessage `json:"body"`
	// Attempts are the POSTs made so far, oldest first.
	Attempts []DeliveryAttempt `json:"attempts"`
	// NextAttemptAt is when the next attempt is due on the fake clock,
	// while the delivery is pending.
	NextAttemptAt *time.Time `json:"next_attempt_at,omitempty"`
}

// DeliveryAttempt is one POST of a Delivery, and why it failed if it did.
type DeliveryAttempt struct {
	// At is when the attempt was due on the fake clock.
	At time.Time `json:"at"`
	// SentAt is the webhook-timestamp the attempt was signed with: the
	// wall-clock time of sending, not the fake clock.
	SentAt time.Time `json:"sent_at"`
	// Status is the endpoint's answer; 0 when no answer came.
	Status int `json:"status,omitempty"`
	// Error is the transport error (refused, reset, timed out) when no
	// answer came.
	Error string `json:"error,omitempty"`
	// ResponseBody is the start (up to 512 bytes) of the endpoint's answer
	// when it was not 2xx: usually the receiver's reason for refusing.
	ResponseBody string `json:"response_body,omitempty"`
}

// Event is the JSON body of a notification the fake sends.
type Event struct {
	// Type is always "monitor.change".
	Type string `json:"type"`
	// EntityType is the kind of entity that changed.
	EntityType enums.EntityType `json:"entity_type"`
	// EntityID is the company id or person UUID that changed.
	EntityID string `json:"entity_id"`
	// Categories are the distinct categories of Changes, in order of
	// first appearance.
	Categories []enums.Preference `json:"categories"`
	// DetectedAt is when the check on the fake clock found the changes.
	DetectedAt time.Time `json:"detected_at"`
	// Changes lists each changed value.
	Changes []Change `json:"changes"`
}

// Change is one entry of Event.Changes.
type Change struct {
	// Category is the monitor preference the change belongs to.
	Category enums.Preference `json:"category"`
	// Path locates the changed value in the record, such as "name.name".
	Path string `json:"path"`
	// Before is the value before the change (JSON null when it was added).
	Before json.RawMessage `json:"before"`
	// After is the value after the change (JSON null when it was removed).
	After json.RawMessage `json:"after"`
}

func deliveriesOf(ds []monitoring.Delivery) []Delivery {
	out := make([]Delivery, len(ds))
	for i, d := range ds {
		attempts := make([]DeliveryAttempt, len(d.Attempts))
		for j, a := range d.Attempts {
			attempts[j] = DeliveryAttempt(a)
		}
		out[i] = Delivery{ID: d.ID, EntityType: d.EntityType, EntityID: d.EntityID, Categories: d.Categories,
			State: d.State, Body: d.Body, Attempts: attempts, NextAttemptAt: d.NextAttemptAt}
	}
	return out
}
