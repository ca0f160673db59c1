package monitoring

import (
	"fmt"
	"slices"
	"time"

	registerdata "github.com/registerdata/registerdata-go"
)

// State is the whole state of an Engine, for saving and restoring a fake
// (its snapshots): every monitor with its schedule and pending changes,
// and every delivery with its attempts and retry schedule.
type State struct {
	// Seq numbers monitors and deliveries, so work due at one instant runs
	// in creation order.
	Seq uint64 `json:"seq"`
	// Dropped counts the delivery records dropped from the bounded log.
	Dropped int `json:"dropped"`
	// Monitors are the monitors in creation order.
	Monitors []MonitorState `json:"monitors"`
	// Deliveries are the delivery records, oldest first.
	Deliveries []DeliveryState `json:"deliveries"`
}

// MonitorState is one monitor of a State.
type MonitorState struct {
	// Account is the account (its API key) the monitor belongs to.
	Account string `json:"account"`
	// Request is what the monitor was created with.
	Request registerdata.MonitorRequest `json:"request"`
	// Created is when the monitor was created; its schedule counts from it.
	Created time.Time `json:"created"`
	// Disabled is set while the monitor delivers nothing.
	Disabled bool `json:"disabled,omitempty"`
	// Reason is ReasonPlan or ReasonCredits while Disabled, empty
	// otherwise.
	Reason string `json:"reason,omitempty"`
	Billed int    `json:"billed"` // monthly charges passed since creation
	Checks int    `json:"checks"` // regular checks passed
	Daily  int    `json:"daily"`  // daily new-company checks passed (persons)
	// Pending are the changes waiting for the monitor's next check.
	Pending []PendingChange `json:"pending"`
	// Seq is the monitor's place in creation order (see State.Seq).
	Seq uint64 `json:"seq"`
}

// PendingChange is a change waiting for a monitor's next check.
type PendingChange struct {
	Change
	// Daily marks a change a person monitor reports at its daily check.
	Daily bool `json:"daily,omitempty"`
}

// DeliveryState is one delivery of a State.
type DeliveryState struct {
	Delivery
	// Monitor is the index in State.Monitors of the delivery's monitor,
	// or -1 when the monitor was deleted (a pending attempt is then
	// cancelled when it falls due).
	Monitor int `json:"monitor"`
	// Next is when the next attempt is due while pending.
	Next time.Time `json:"next"`
	// Seq is the delivery's place in creation order (see State.Seq).
	Seq uint64 `json:"seq"`
}

// Export returns a deep copy of the engine's state.
func (e *Engine) Export() State {
	e.mu.Lock()
	defer e.mu.Unlock()
	st := State{Seq: e.seq, Dropped: e.dropped, Monitors: make([]MonitorState, len(e.monitors)), Deliveries: make([]DeliveryState, len(e.deliveries))}
	index := make(map[*monitor]int, len(e.monitors))
	for i, m := range e.monitors {
		index[m] = i
		ms := MonitorState{Account: m.account, Request: m.req, Created: m.created, Disabled: m.disabled, Reason: m.reason,
			Billed: m.billed, Checks: m.checks, Daily: m.daily, Seq: m.seq, Pending: make([]PendingChange, len(m.pending))}
		ms.Request.Preferences = slices.Clone(m.req.Preferences)
		for j, c := range m.pending {
			ms.Pending[j] = PendingChange{Change: c, Daily: c.daily}
		}
		st.Monitors[i] = ms
	}
	for i, d := range e.deliveries {
		mi, ok := index[d.mon]
		if !ok {
			mi = -1
		}
		rec := d.rec
		rec.Categories, rec.Body, rec.Attempts = slices.Clone(rec.Categories), slices.Clone(rec.Body), slices.Clone(rec.Attempts)
		st.Deliveries[i] = DeliveryState{Delivery: rec, Monitor: mi, Next: d.next, Seq: d.seq}
	}
	return st
}

// Import replaces the engine's monitors and deliveries with st. It fails,
// changing nothing, when a delivery names a monitor st does not have.
func (e *Engine) Import(st State) error {
	monitors := make([]*monitor, len(st.Monitors))
	for i, ms := range st.Monitors {
		m := &monitor{account: ms.Account, req: ms.Request, created: ms.Created, disabled: ms.Disabled, reason: ms.Reason,
			billed: ms.Billed, checks: ms.Checks, daily: ms.Daily, seq: ms.Seq}
		m.req.Preferences = slices.Clone(ms.Request.Preferences)
		for _, p := range ms.Pending {
			c := p.Change
			c.daily = p.Daily
			m.pending = append(m.pending, c)
		}
		m.schedule()
		monitors[i] = m
	}
	deliveries := make([]*delivery, len(st.Deliveries))
	for i, ds := range st.Deliveries {
		var mon *monitor
		switch {
		case ds.Monitor == -1:
			mon = &monitor{} // deleted: never in the list, so a due attempt is cancelled
		case ds.Monitor >= 0 && ds.Monitor < len(monitors):
			mon = monitors[ds.Monitor]
		default:
			return fmt.Errorf("delivery %s names monitor %d, but there are %d", ds.ID, ds.Monitor, len(monitors))
		}
		rec := ds.Delivery
		rec.NextAttemptAt = nil
		if rec.Attempts == nil {
			rec.Attempts = []Attempt{}
		}
		deliveries[i] = &delivery{rec: rec, mon: mon, next: ds.Next, seq: ds.Seq}
	}
	e.mu.Lock()
	defer e.mu.Unlock()
	e.monitors, e.deliveries, e.seq, e.dropped = monitors, deliveries, st.Seq, st.Dropped
	return nil
}
