// Package monitoring is the monitor state machine of the bundled fake:
// monitors per API key, their billing, change detection and the signed
// webhook deliveries with retries. It knows nothing of HTTP: the fake
// connects it to its accounts, its register and the network through Hooks,
// and drives it with RunUntil as its clock advances, so every rule can be
// tested with plain function calls.
//
// The rules the service's specification leaves open are decided here:
//
//   - One monitor per entity per account: a second create for the same
//     entity answers 409 (delete it first to change its preferences).
//   - A plan without monitoring answers 403 to a create; a missing webhook
//     endpoint answers 400; an unknown entity 404; too few credits 402.
//   - Billing: the create charges the first month (25 weekly, 50 daily).
//     Each later month is charged at the monthly anniversary of the
//     creation (the same day of the month, clipped to the month's last
//     day: created on 31 January, charged on 28/29 February, 31 March, 30
//     April, ...). Disabled monitors are not charged. When the balance
//     cannot cover a monthly charge, the monitor is disabled and stays so
//     until an operator re-enables it (Enable); re-enabling charges nothing
//     by itself, billing resumes at the next anniversary.
//   - Checks: company monitors are checked every 7 days after creation
//     (every day with update_frequency daily), person monitors at each
//     monthly anniversary, and daily for new companies. Changes are
//     collected as they happen and delivered at the next due check.
package monitoring

import (
	"fmt"
	"net/http"
	"slices"
	"strings"
	"sync"
	"time"

	registerdata "github.com/registerdata/registerdata-go"
	"github.com/registerdata/registerdata-go/enums"
)

// Hooks connect an Engine to its surroundings. Every field but WallNow is
// required.
// The engine calls Charge and MonitoringPlan while holding its lock, so
// they must not call back into the Engine; the others are called without
// it.
type Hooks struct {
	// Now reads the fake clock.
	Now func() time.Time
	// Charge debits credits from account when the balance covers them and
	// reports whether it did (nothing is debited otherwise).
	Charge func(account string, credits int64) bool
	// Prices is the table monitors are billed by (creation and each
	// month); nil: registerdata.DefaultPrices.
	Prices *registerdata.Prices
	// MonitoringPlan reports whether account's plan includes monitoring.
	MonitoringPlan func(account string) bool
	// CheckEndpoint returns nil when a usable webhook endpoint is set up,
	// and otherwise an error saying what is missing or wrong.
	CheckEndpoint func() error
	// CompanyExists reports whether a company with identifier id is in
	// the register.
	CompanyExists func(id string) bool
	// PersonExists reports whether a person with UUID id is in the
	// register, that is a representative with that UUID.
	PersonExists func(id string) bool
	// Send makes one delivery attempt: it signs and POSTs m.
	Send func(m Message) Outcome
	// WallNow reads the wall clock, for the webhook-timestamp of each
	// attempt: receivers verify it against their own clock, so it is the
	// real time of sending, whatever the fake clock says (which decides
	// when checks are due and what detected_at says). Optional: nil means
	// time.Now.
	WallNow func() time.Time
	// NewID returns the webhook-id of a new delivery. Optional: nil means
	// "msg_" followed by random text.
	NewID func() string
}

// Error is a refusal with the HTTP status, error code and message the
// fake answers with.
type Error struct {
	// Status is the HTTP status of the refusal, such as 400 or 409.
	Status int
	// Code is the machine-readable error code, one of the Code constants.
	Code string
	// Message says what went wrong and how to fix it.
	Message string
}

// Error returns the message.
func (e *Error) Error() string { return e.Message }

// Error codes, beside the HTTP status of each refusal.
const (
	CodeInvalidRequest        = "invalid_request"         // 400
	CodeWebhookNotConfigured  = "webhook_not_configured"  // 400
	CodeInsufficientCredits   = "insufficient_credits"    // 402
	CodePlanWithoutMonitoring = "plan_without_monitoring" // 403
	CodeNotFound              = "not_found"               // 404
	CodeMonitorExists         = "monitor_exists"          // 409
)

func refuse(status int, code, format string, args ...any) *Error {
	return &Error{Status: status, Code: code, Message: fmt.Sprintf(format, args...)}
}

// Disable reasons, as Monitor.Reason reports them.
const (
	ReasonPlan    = "plan_without_monitoring" // the account was downgraded
	ReasonCredits = "insufficient_credits"    // a monthly charge could not be paid
)

// monitor is one monitor and its schedule.
type monitor struct {
	account  string
	req      registerdata.MonitorRequest // UpdateFrequency: daily, weekly or empty for persons
	created  time.Time
	disabled bool
	reason   string
	billed   int          // monthly charges passed since creation (paid or skipped)
	checks   int          // regular checks passed since creation
	daily    int          // person monitors: daily new-company checks passed
	due      [3]time.Time // next billing, check and daily check: see schedule
	pending  []Change     // changes detected since the last check, matching the preferences
	seq      uint64
}

// Engine holds the monitors and deliveries of one fake server.
type Engine struct {
	hooks   Hooks
	running sync.Mutex // serialises RunUntil

	mu         sync.Mutex
	monitors   []*monitor // creation order
	deliveries []*delivery
	seq        uint64
	keep       int // most delivery records kept; 0: DefaultDeliveryLog
	dropped    int // delivery records dropped to stay within keep
}

// New returns an engine using h.
func New(h Hooks) *Engine {
	if h.Prices == nil {
		h.Prices = registerdata.DefaultPrices()
	}
	return &Engine{hooks: h}
}

// prices is the table the engine bills by.
func (e *Engine) prices() *registerdata.Prices { return e.hooks.Prices }

// Create validates r and creates account's monitor of r.EntityID, charging
// its first month. It fails with an *Error.
func (e *Engine) Create(account string, r registerdata.MonitorRequest) (registerdata.Monitor, error) {
	if err := r.Validate(); err != nil {
		// The SDK's "registerdata: invalid request: " prefix is for SDK
		// users; the service's answer says only what is wrong.
		msg := strings.TrimPrefix(err.Error(), registerdata.ErrInvalidRequest.Error()+": ")
		return registerdata.Monitor{}, refuse(http.StatusBadRequest, CodeInvalidRequest, "%s", msg)
	}
	if r.EntityType == enums.EntityTypeCompany && r.UpdateFrequency == "" {
		r.UpdateFrequency = enums.UpdateFrequencyWeekly
	}
	r.Preferences = slices.Clone(r.Preferences)
	if err := e.hooks.CheckEndpoint(); err != nil {
		return registerdata.Monitor{}, refuse(http.StatusBadRequest, CodeWebhookNotConfigured,
			"the account has no usable webhook endpoint (%v): configure one in the dashboard before creating monitors", err)
	}
	exists := e.hooks.CompanyExists
	if r.EntityType == enums.EntityTypePerson {
		exists = e.hooks.PersonExists
	}
	if !exists(r.EntityID) {
		return registerdata.Monitor{}, refuse(http.StatusNotFound, CodeNotFound, "%s %q is not in the register", r.EntityType, r.EntityID)
	}
	now := e.hooks.Now()

	e.mu.Lock()
	defer e.mu.Unlock()
	if !e.hooks.MonitoringPlan(account) {
		return registerdata.Monitor{}, refuse(http.StatusForbidden, CodePlanWithoutMonitoring,
			"the account has no monitoring access (fake: WithoutMonitoring, or POST /_fake/plan {\"monitoring\": true} to give it)")
	}
	if e.find(account, r.EntityID) != nil {
		return registerdata.Monitor{}, refuse(http.StatusConflict, CodeMonitorExists,
			"this account already monitors %s %q: delete that monitor first to change its preferences", r.EntityType, r.EntityID)
	}
	cost := e.prices().Monitor(r.UpdateFrequency)
	if !e.hooks.Charge(account, cost) {
		return registerdata.Monitor{}, refuse(http.StatusPaymentRequired, CodeInsufficientCredits,
			"insufficient credits: a %s costs %d credits; top up the balance (fake: PUT /_fake/credits {\"credits\": n})", monitorKind(r), cost)
	}
	e.seq++
	m := &monitor{account: account, req: r, created: now, seq: e.seq}
	m.schedule()
	e.monitors = append(e.monitors, m)
	return m.view(), nil
}

// monitorKind names the kind of monitor r asks for, as its price differs.
func monitorKind(r registerdata.MonitorRequest) string {
	switch {
	case r.EntityType == enums.EntityTypePerson:
		return "person monitor"
	case r.UpdateFrequency == enums.UpdateFrequencyDaily:
		return "daily company monitor"
	}
	return "weekly company monitor"
}

// index returns the position in e.monitors of account's monitor of
// entityID, or -1. The caller holds e.mu.
func (e *Engine) index(account, entityID string) int {
	return slices.IndexFunc(e.monitors, func(m *monitor) bool { return m.account == account && m.req.EntityID == entityID })
}

// find returns account's monitor of entityID, or nil. The caller holds e.mu.
func (e *Engine) find(account, entityID string) *monitor {
	if i := e.index(account, entityID); i >= 0 {
		return e.monitors[i]
	}
	return nil
}

func (m *monitor) view() registerdata.Monitor {
	return registerdata.Monitor{
		EntityID:        m.req.EntityID,
		EntityType:      m.req.EntityType,
		Preferences:     slices.Clone(m.req.Preferences),
		UpdateFrequency: m.req.UpdateFrequency,
		Disabled:        m.disabled,
	}
}

// List returns account's monitors in creation order, disabled ones too.
// It never returns nil.
func (e *Engine) List(account string) []registerdata.Monitor {
	e.mu.Lock()
	defer e.mu.Unlock()
	out := []registerdata.Monitor{}
	for _, m := range e.monitors {
		if m.account == account {
			out = append(out, m.view())
		}
	}
	return out
}

// Status describes a monitor for operators: whether and why it is
// disabled, and how many changes wait for its next check.
type Status struct {
	registerdata.Monitor
	// Reason is ReasonPlan or ReasonCredits when the monitor is disabled,
	// empty otherwise.
	Reason string `json:"reason,omitempty"`
	// Pending is the number of changes waiting for the monitor's next
	// check.
	Pending int `json:"pending"`
}

// Status returns account's monitor of entityID with its operator details.
func (e *Engine) Status(account, entityID string) (Status, bool) {
	e.mu.Lock()
	defer e.mu.Unlock()
	m := e.find(account, entityID)
	if m == nil {
		return Status{}, false
	}
	return Status{Monitor: m.view(), Reason: m.reason, Pending: len(m.pending)}, true
}

// Delete removes account's monitor of entityID. Deliveries of it still
// being retried are cancelled.
func (e *Engine) Delete(account, entityID string) error {
	e.mu.Lock()
	defer e.mu.Unlock()
	if i := e.index(account, entityID); i >= 0 {
		e.monitors = slices.Delete(e.monitors, i, i+1)
		return nil
	}
	return refuse(http.StatusNotFound, CodeNotFound, "this account has no monitor of %q", entityID)
}

// Downgrade disables every monitor of account, as a plan change without
// monitoring access does. They stay listed, deliver nothing, collect no
// changes and are not charged. An upgrade does not undo this: see Enable.
func (e *Engine) Downgrade(account string) {
	e.mu.Lock()
	defer e.mu.Unlock()
	for _, m := range e.monitors {
		if m.account == account {
			m.disable(ReasonPlan)
		}
	}
}

func (m *monitor) disable(reason string) {
	if !m.disabled {
		m.disabled, m.reason = true, reason
	}
	m.pending = nil
}

// Enable is the operator's re-enabling of account's monitor of entityID
// (all of account's monitors when entityID is empty). It needs a plan
// with monitoring. It charges nothing; billing resumes at the next
// monthly anniversary, and changes are collected again from now on.
func (e *Engine) Enable(account, entityID string) error {
	e.mu.Lock()
	defer e.mu.Unlock()
	if !e.hooks.MonitoringPlan(account) {
		return refuse(http.StatusForbidden, CodePlanWithoutMonitoring,
			"the account's plan does not include monitoring: upgrade it before re-enabling monitors")
	}
	found := false
	for _, m := range e.monitors {
		if m.account == account && (entityID == "" || m.req.EntityID == entityID) {
			m.disabled, m.reason, found = false, "", true
		}
	}
	if !found && entityID != "" {
		return refuse(http.StatusNotFound, CodeNotFound, "this account has no monitor of %q", entityID)
	}
	return nil
}
