package registerdata

import (
	"context"
	"fmt"
	"net/http"
	"net/url"

	"github.com/registerdata/registerdata-go/enums"
)

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
// costs 25 credits for a weekly monitor and 50 for a daily one (see
// MonitorCost), and the monitor is charged that much again every month it
// stays active.
//
// The request is checked with Validate first; an invalid one fails with
// an error wrapping ErrInvalidRequest and nothing is sent. The service
// answers 400 when no webhook endpoint is configured in the dashboard,
// 404 (ErrNotFound) for an unknown entity and 409 (ErrInvalidRequest)
// when the account already monitors the entity.
func (c *Client) CreateMonitor(ctx context.Context, r MonitorRequest) (*Monitor, error) {
	if err := r.Validate(); err != nil {
		return nil, err
	}
	var m Monitor
	err := c.do(ctx, request{
		method: http.MethodPost,
		path:   "/v1/monitor",
		body:   r.wire(),
		cost:   MonitorCost(r.UpdateFrequency),
	}, &m)
	if err != nil {
		return nil, err
	}
	return &m, nil
}

// ListMonitors returns every monitor of the account, disabled ones
// included (Monitor.Disabled). It is free.
func (c *Client) ListMonitors(ctx context.Context) ([]Monitor, error) {
	var l MonitorList
	if err := c.do(ctx, request{method: http.MethodGet, path: "/v1/monitor"}, &l); err != nil {
		return nil, err
	}
	nonNil(&l.Items)
	return l.Items, nil
}

// DeleteMonitor removes the account's monitor of entityID, active or
// disabled. It is free. An id that cannot be a path segment is refused
// before sending (ErrInvalidRequest); an entity without a monitor fails
// with ErrNotFound.
func (c *Client) DeleteMonitor(ctx context.Context, entityID string) error {
	if err := checkPathID("monitor entity id", entityID); err != nil {
		return err
	}
	return c.do(ctx, request{method: http.MethodDelete, path: "/v1/monitor/" + url.PathEscape(entityID)}, nil)
}
