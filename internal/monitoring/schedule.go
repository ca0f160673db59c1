package monitoring

import (
	"slices"
	"time"

	registerdata "github.com/registerdata/registerdata-go"
	"github.com/registerdata/registerdata-go/enums"
)

// Check periods of company monitors.
const (
	day  = 24 * time.Hour
	week = 7 * day
)

// Observe records the changes between two versions of a company (a zero
// before: the company is new; a zero after: it was removed) as pending
// changes of every enabled monitor they concern and whose preferences
// include their category. Disabled monitors collect nothing.
func (e *Engine) Observe(before, after registerdata.Company) {
	own := companyChanges(before, after)
	id := after.ID
	if id == "" {
		id = before.ID
	}
	e.mu.Lock()
	defer e.mu.Unlock()
	for _, m := range e.monitors {
		if m.disabled {
			continue
		}
		changes := own
		if m.req.EntityType != enums.EntityTypeCompany || m.req.EntityID != id {
			changes = involvementChanges(m.req.EntityType, m.req.EntityID, before, after)
		}
		for _, c := range changes {
			if slices.Contains(m.req.Preferences, c.Category) {
				m.addPending(c)
			}
		}
	}
}

// addPending adds c to m's pending changes, merged with an earlier change
// of the same path: the check reports the value before the first and
// after the last, and nothing when they are equal again.
func (m *monitor) addPending(c Change) {
	for i, p := range m.pending {
		if p.Category == c.Category && p.Path == c.Path {
			p.After, p.daily = c.After, p.daily || c.daily
			if string(p.Before) == string(p.After) {
				m.pending = slices.Delete(m.pending, i, i+1)
			} else {
				m.pending[i] = p
			}
			return
		}
	}
	m.pending = append(m.pending, c)
}

// addMonths returns t moved n calendar months forward, keeping its day of
// the month and clipping it to the last day of a shorter month.
func addMonths(t time.Time, n int) time.Time {
	y, mo, d := t.Date()
	if last := time.Date(y, mo+time.Month(n)+1, 0, 0, 0, 0, 0, t.Location()).Day(); d > last {
		d = last
	}
	hh, mm, ss := t.Clock()
	return time.Date(y, mo+time.Month(n), d, hh, mm, ss, t.Nanosecond(), t.Location())
}

// The kinds of timed work, in the order they run when due at one instant.
type kind int

const (
	kindBill    kind = iota // a monthly charge
	kindCheck               // a regular check: every change pending
	kindDaily               // a person's daily check: new companies only
	kindAttempt             // a delivery attempt
)

type task struct {
	at   time.Time
	kind kind
	seq  uint64
	m    *monitor
	d    *delivery
}

func (t task) before(u task) bool {
	if !t.at.Equal(u.at) {
		return t.at.Before(u.at)
	}
	if t.kind != u.kind {
		return t.kind < u.kind
	}
	return t.seq < u.seq
}

// schedule computes when m's next billing, check and daily check are
// due from the counts passed so far, each from the creation time so that
// no rounding accumulates. It runs after every count changes.
func (m *monitor) schedule() {
	m.due[kindBill] = addMonths(m.created, m.billed+1)
	switch {
	case m.req.EntityType == enums.EntityTypePerson:
		m.due[kindCheck] = addMonths(m.created, m.checks+1)
	case m.req.UpdateFrequency == enums.UpdateFrequencyDaily:
		m.due[kindCheck] = m.created.Add(time.Duration(m.checks+1) * day)
	default:
		m.due[kindCheck] = m.created.Add(time.Duration(m.checks+1) * week)
	}
	m.due[kindDaily] = m.created.Add(time.Duration(m.daily+1) * day)
}

// RunUntil does, in time order, every piece of timed work due at or
// before until: monthly charges, due checks (which turn pending changes
// into deliveries) and delivery attempts. Attempts are made with the lock
// released, so an endpoint may call the fake while it is being notified.
// RunUntil returns once every due attempt has been made; concurrent calls
// run one after the other.
func (e *Engine) RunUntil(until time.Time) {
	e.running.Lock()
	defer e.running.Unlock()
	for {
		e.mu.Lock()
		t, ok := e.nextTask(until)
		if !ok {
			e.mu.Unlock()
			return
		}
		d, msg := e.run(t)
		e.mu.Unlock()
		if d == nil {
			continue
		}
		o := e.hooks.Send(msg)
		e.mu.Lock()
		d.record(t.at, msg, o)
		e.mu.Unlock()
	}
}

// nextTask returns the earliest work due at or before until. The caller
// holds e.mu.
func (e *Engine) nextTask(until time.Time) (task, bool) {
	var best task
	found := false
	consider := func(t task) {
		if !t.at.After(until) && (!found || t.before(best)) {
			best, found = t, true
		}
	}
	for _, m := range e.monitors {
		consider(task{at: m.due[kindBill], kind: kindBill, seq: m.seq, m: m})
		consider(task{at: m.due[kindCheck], kind: kindCheck, seq: m.seq, m: m})
		if m.req.EntityType == enums.EntityTypePerson {
			consider(task{at: m.due[kindDaily], kind: kindDaily, seq: m.seq, m: m})
		}
	}
	for _, d := range e.deliveries {
		if d.rec.State == StatePending {
			consider(task{at: d.next, kind: kindAttempt, seq: d.seq, d: d})
		}
	}
	return best, found
}

// run does t, except the sending of a delivery attempt, which it returns
// for the caller to make without the lock. The caller holds e.mu.
func (e *Engine) run(t task) (*delivery, Message) {
	m := t.m
	if m != nil {
		defer m.schedule()
	}
	switch t.kind {
	case kindBill:
		m.billed++
		if !m.disabled && !e.hooks.Charge(m.account, e.prices().MonitorMonthly(m.req.UpdateFrequency)) {
			m.disable(ReasonCredits)
		}
	case kindCheck:
		m.checks++
		if !m.disabled && len(m.pending) > 0 {
			e.enqueue(m, m.pending, t.at)
			m.pending = nil
		}
	case kindDaily:
		m.daily++
		var fresh, rest []Change
		for _, c := range m.pending {
			if c.daily {
				fresh = append(fresh, c)
			} else {
				rest = append(rest, c)
			}
		}
		if !m.disabled && len(fresh) > 0 {
			e.enqueue(m, fresh, t.at)
			m.pending = rest
		}
	case kindAttempt:
		d := t.d
		if !slices.Contains(e.monitors, d.mon) || d.mon.disabled {
			d.rec.State = StateCancelled
			return nil, Message{}
		}
		return d, Message{ID: d.rec.ID, Timestamp: e.wallNow(), Body: d.rec.Body}
	}
	return nil, Message{}
}

// wallNow is the wall-clock time of sending (see Hooks.WallNow).
func (e *Engine) wallNow() time.Time {
	if e.hooks.WallNow != nil {
		return e.hooks.WallNow()
	}
	return time.Now()
}
