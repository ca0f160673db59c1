package monitoring

import (
	"crypto/rand"
	"encoding/json"
	"slices"
	"time"

	"github.com/registerdata/registerdata-go/enums"
)

// RetrySchedule is when the attempts of a delivery are made: the first
// at the check that found the changes, each later one that long after the
// previous failure (the delivery provider's published schedule). After the
// last attempt fails the delivery is given up.
var RetrySchedule = []time.Duration{
	0, 5 * time.Second, 5 * time.Minute, 30 * time.Minute,
	2 * time.Hour, 5 * time.Hour, 10 * time.Hour, 10 * time.Hour,
}

// EventType is the type of every notification.
const EventType = "monitor.change"

// Event is the JSON body of a notification.
type Event struct {
	// Type is always EventType, "monitor.change".
	Type string `json:"type"`
	// EntityType is the monitored entity's type, "company" or "person".
	EntityType enums.EntityType `json:"entity_type"`
	// EntityID is the monitored entity: a company identifier or a person
	// UUID.
	EntityID string `json:"entity_id"`
	// Categories are the distinct categories of Changes, in order of
	// first appearance.
	Categories []enums.Preference `json:"categories"`
	// DetectedAt is the check that found the changes, in UTC on the fake
	// clock.
	DetectedAt time.Time `json:"detected_at"`
	// Changes lists the changes found, one per changed value.
	Changes []Change `json:"changes"`
}

// Message is one delivery attempt handed to Hooks.Send: the same ID on
// every attempt of a delivery, the wall-clock time of sending (the
// webhook-timestamp) and the body to sign.
type Message struct {
	// ID is the webhook-id, such as "msg_..." (the same on every attempt).
	ID string
	// Timestamp is the time of sending, the webhook-timestamp.
	Timestamp time.Time
	// Body is the JSON Event to sign and send, exactly as signed.
	Body []byte
}

// Outcome is the result of one attempt: the status the endpoint answered,
// or the transport error (including a timeout) that prevented an answer.
type Outcome struct {
	// Status is the HTTP status the endpoint answered; 0 when Err is set.
	Status int
	// Err is the transport error (including a timeout) that prevented an
	// answer; nil when the endpoint answered.
	Err error
	// Body is the start of the endpoint's answer, kept for a non-2xx
	// status.
	Body []byte
}

func (o Outcome) delivered() bool { return o.Err == nil && o.Status >= 200 && o.Status <= 299 }

// Delivery states.
const (
	StatePending   = "pending"   // an attempt is due at NextAttemptAt
	StateDelivered = "delivered" // an attempt got a 2xx answer
	StateFailed    = "failed"    // every attempt of RetrySchedule failed
	StateCancelled = "cancelled" // the monitor was deleted or disabled before success
)

// Delivery is the record of one notification and its attempts.
type Delivery struct {
	// ID is the webhook-id, "msg_" and random text, the same on every
	// attempt.
	ID string `json:"id"`
	// EntityType is the monitored entity's type, "company" or "person".
	EntityType enums.EntityType `json:"entity_type"`
	// EntityID is the monitored entity: a company identifier or a person
	// UUID.
	EntityID string `json:"entity_id"`
	// Categories are the distinct categories of the notified changes.
	Categories []enums.Preference `json:"categories"`
	// State is StatePending, StateDelivered, StateFailed or
	// StateCancelled.
	State string `json:"state"`
	// Body is the notification's JSON Event, exactly the bytes sent and
	// signed.
	Body json.RawMessage `json:"body"`
	// Attempts lists the attempts made so far, oldest first; empty before
	// the first.
	Attempts []Attempt `json:"attempts"`
	// NextAttemptAt is when the next attempt is due, on the fake clock;
	// nil unless State is StatePending.
	NextAttemptAt *time.Time `json:"next_attempt_at,omitempty"`
}

// Attempt is one POST of a delivery.
type Attempt struct {
	At     time.Time `json:"at"`               // when it was due on the fake clock
	SentAt time.Time `json:"sent_at"`          // the wall-clock time it was sent: the webhook-timestamp
	Status int       `json:"status,omitempty"` // the endpoint's answer; 0 on a transport error
	Error  string    `json:"error,omitempty"`  // the transport error, when there was no answer

	ResponseBody string `json:"response_body,omitempty"` // the start of a non-2xx answer's body
}

// delivery is a Delivery with the engine's bookkeeping.
type delivery struct {
	rec  Delivery
	mon  *monitor
	next time.Time // the due time of the next attempt while pending
	seq  uint64
}

// enqueue records a notification of changes for m, detected at at, with
// its first attempt due at once. The caller holds e.mu.
func (e *Engine) enqueue(m *monitor, changes []Change, at time.Time) {
	ev := Event{
		Type:       EventType,
		EntityType: m.req.EntityType,
		EntityID:   m.req.EntityID,
		DetectedAt: at.UTC(),
		Changes:    changes,
	}
	for _, c := range changes {
		if !slices.Contains(ev.Categories, c.Category) {
			ev.Categories = append(ev.Categories, c.Category)
		}
	}
	body, err := json.Marshal(ev)
	if err != nil { // every field is plain data or a valid RawMessage
		body = encode(err.Error())
	}
	e.seq++
	e.deliveries = append(e.deliveries, &delivery{
		rec: Delivery{
			ID:         e.newID(),
			EntityType: ev.EntityType,
			EntityID:   ev.EntityID,
			Categories: ev.Categories,
			State:      StatePending,
			Body:       body,
			Attempts:   []Attempt{},
		},
		mon:  m,
		next: at.Add(RetrySchedule[0]),
		seq:  e.seq,
	})
	e.trim()
}

// DefaultDeliveryLog is how many delivery records an engine keeps unless
// SetDeliveryLog says otherwise.
const DefaultDeliveryLog = 10_000

// SetDeliveryLog bounds the delivery log to n records (n < 1: the
// default, DefaultDeliveryLog). Beyond it the oldest records are dropped,
// finished ones first; a dropped pending delivery is not attempted again.
// Dropped counts them.
func (e *Engine) SetDeliveryLog(n int) {
	e.mu.Lock()
	defer e.mu.Unlock()
	e.keep = n
	e.trim()
}

// Dropped returns how many delivery records were dropped to keep the log
// within its bound.
func (e *Engine) Dropped() int {
	e.mu.Lock()
	defer e.mu.Unlock()
	return e.dropped
}

// trim drops the oldest delivery records beyond the bound, finished ones
// before pending ones. The caller holds e.mu.
func (e *Engine) trim() {
	keep := e.keep
	if keep < 1 {
		keep = DefaultDeliveryLog
	}
	over := len(e.deliveries) - keep
	if over <= 0 {
		return
	}
	for _, finishedOnly := range []bool{true, false} {
		e.deliveries = slices.DeleteFunc(e.deliveries, func(d *delivery) bool {
			if over > 0 && (!finishedOnly || d.rec.State != StatePending) {
				over--
				e.dropped++
				return true
			}
			return false
		})
	}
}

// newID is the webhook-id of a new delivery (see Hooks.NewID).
func (e *Engine) newID() string {
	if e.hooks.NewID != nil {
		return e.hooks.NewID()
	}
	return "msg_" + rand.Text()
}

// record stores the outcome of the attempt of d due at at and schedules
// the next one. The caller holds e.mu.
func (d *delivery) record(at time.Time, m Message, o Outcome) {
	a := Attempt{At: at, SentAt: m.Timestamp, Status: o.Status}
	if !o.delivered() {
		a.ResponseBody = string(o.Body)
	}
	if o.Err != nil {
		a.Status, a.Error = 0, o.Err.Error()
	}
	d.rec.Attempts = append(d.rec.Attempts, a)
	switch n := len(d.rec.Attempts); {
	case o.delivered():
		d.rec.State = StateDelivered
	case n >= len(RetrySchedule):
		d.rec.State = StateFailed
	default:
		d.next = at.Add(RetrySchedule[n])
	}
}

// Deliveries returns a copy of every delivery record, oldest first.
func (e *Engine) Deliveries() []Delivery {
	e.mu.Lock()
	defer e.mu.Unlock()
	out := make([]Delivery, 0, len(e.deliveries))
	for _, d := range e.deliveries {
		r := d.rec
		r.Categories = slices.Clone(r.Categories)
		r.Body = slices.Clone(r.Body)
		r.Attempts = slices.Clone(r.Attempts)
		if r.State == StatePending {
			next := d.next
			r.NextAttemptAt = &next
		}
		out = append(out, r)
	}
	return out
}
