package registerdata

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"slices"

	"github.com/registerdata/registerdata-go/enums"
)

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

// Validate reports what is wrong with r before it is sent, as an error
// wrapping ErrInvalidRequest, or nil. It enforces the rules of
// POST /v1/monitor: an entity id that can stand in a URL path (it is the
// key of DeleteMonitor), a known entity type, at least one preference,
// every preference valid for the entity type and none repeated, and
// UpdateFrequency only on company monitors, only daily (weekly is the
// default and is sent as an omitted field). The bundled fake applies the
// same rules, so the two cannot drift apart.
func (r MonitorRequest) Validate() error {
	if err := checkPathID("monitor entity id", r.EntityID); err != nil {
		return err
	}
	if !r.EntityType.IsKnown() {
		return fmt.Errorf("%w: entity type %q is unknown: use %q or %q", ErrInvalidRequest, r.EntityType, enums.EntityTypeCompany, enums.EntityTypePerson)
	}
	valid := enums.PreferencesFor(r.EntityType)
	if len(r.Preferences) == 0 {
		return fmt.Errorf("%w: a %s monitor needs at least one preference, out of %v", ErrInvalidRequest, r.EntityType, valid)
	}
	seen := make(map[enums.Preference]bool, len(r.Preferences))
	for _, p := range r.Preferences {
		if !p.ValidFor(r.EntityType) {
			return fmt.Errorf("%w: preference %q does not apply to a %s monitor: use some of %v", ErrInvalidRequest, p, r.EntityType, valid)
		}
		if seen[p] {
			return fmt.Errorf("%w: preference %q is listed twice", ErrInvalidRequest, p)
		}
		seen[p] = true
	}
	switch {
	case r.UpdateFrequency == "":
	case r.EntityType == enums.EntityTypePerson:
		return fmt.Errorf("%w: update_frequency %q is for company monitors only: a person is checked monthly (new companies daily); leave it empty", ErrInvalidRequest, r.UpdateFrequency)
	case r.UpdateFrequency != enums.UpdateFrequencyDaily && r.UpdateFrequency != enums.UpdateFrequencyWeekly:
		return fmt.Errorf("%w: update_frequency %q is unknown: use %q, or leave it empty for weekly checks", ErrInvalidRequest, r.UpdateFrequency, enums.UpdateFrequencyDaily)
	}
	return nil
}

// wire returns r as it is sent: weekly, the default, becomes an omitted
// update_frequency.
func (r MonitorRequest) wire() MonitorRequest {
	if r.UpdateFrequency == enums.UpdateFrequencyWeekly {
		r.UpdateFrequency = ""
	}
	return r
}

// CreateMonitor asks the service to watch a company or a person and
// deliver a webhook when it changes in a category of r.Preferences. It
// is billed at the price of "POST /v1/monitor" in the client's Prices
// (VariantDaily for a daily monitor), and the monitor is charged
// VariantMonthly (VariantMonthlyDaily) every month it stays active.
//
// The request is checked with Validate first; an invalid one fails with
// an error wrapping ErrInvalidRequest and nothing is sent. The service
// answers 400 when no webhook endpoint is configured in the dashboard,
// 403 (ErrForbidden) to an account without monitoring access (the error
// then says so, that monitoring is early access and where to ask for it;
// nothing is billed or counted), 404 (ErrNotFound) for
// an unknown entity and 409 (ErrConflict) when the account already
// monitors the entity.
//
// When an attempt was sent but its answer lost and the retry answers 409,
// the first attempt most likely created the monitor: CreateMonitor then
// looks the monitor up (ListMonitors, free) and returns it as the result
// when it matches r, since it exists and was billed.
func (c *Client) CreateMonitor(ctx context.Context, r MonitorRequest, opts ...CallOption) (*Monitor, error) {
	if err := r.Validate(); err != nil {
		return nil, err
	}
	cfg := newCallConfig(opts)
	var m Monitor
	st, err := c.send(ctx, request{
		method:   http.MethodPost,
		endpoint: pathOf("/v1/monitor"),
		body:     r.wire(),
		variant:  monitorVariant(r.UpdateFrequency),
	}, &m, &cfg)
	if err == nil {
		return &m, nil
	}
	if st.lostAnswer && errors.Is(err, ErrConflict) {
		if found := c.findMonitor(ctx, r); found != nil {
			return found, nil
		}
	}
	return nil, err
}

// findMonitor returns the account's monitor that r would have created, or
// nil when there is none or the list cannot be read.
func (c *Client) findMonitor(ctx context.Context, r MonitorRequest) *Monitor {
	ms, err := c.ListMonitors(ctx)
	if err != nil {
		return nil
	}
	want := r.wire()
	for i := range ms {
		m := &ms[i]
		got := m.UpdateFrequency
		if got == enums.UpdateFrequencyWeekly {
			got = ""
		}
		if m.EntityID == r.EntityID && m.EntityType == r.EntityType && got == want.UpdateFrequency && samePreferences(m.Preferences, r.Preferences) {
			return m
		}
	}
	return nil
}

// samePreferences reports whether a and b hold the same preferences in
// any order (neither repeats one: Validate refuses that).
func samePreferences(a, b []enums.Preference) bool {
	if len(a) != len(b) {
		return false
	}
	for _, p := range a {
		if !slices.Contains(b, p) {
			return false
		}
	}
	return true
}

// ListMonitors returns every monitor of the account, disabled ones
// included (Monitor.Disabled). It is free.
func (c *Client) ListMonitors(ctx context.Context, opts ...CallOption) ([]Monitor, error) {
	var l MonitorList
	if err := c.do(ctx, request{method: http.MethodGet, endpoint: pathOf("/v1/monitor")}, &l, opts); err != nil {
		return nil, err
	}
	nonNil(&l.Items)
	return l.Items, nil
}

// DeleteMonitor removes the account's monitor of entityID, active or
// disabled. It is free. An id that cannot be a path segment is refused
// before sending (ErrInvalidRequest); an entity without a monitor fails
// with ErrNotFound.
func (c *Client) DeleteMonitor(ctx context.Context, entityID string, opts ...CallOption) error {
	if err := checkPathID("monitor entity id", entityID); err != nil {
		return err
	}
	return c.do(ctx, request{method: http.MethodDelete, endpoint: pathOf("/v1/monitor/{entity_id}", entityID)}, nil, opts)
}
