package web

import (
	"net/http"
	"time"

	"github.com/registerdata/registerdata-go/portfolio"
)

// period is how far back the overview and the "new" marks look.
const period = 7 * 24 * time.Hour

// overviewData is the overview: what the report shows, live.
type overviewData struct {
	Since    time.Time
	Changes  int
	Credits  int64
	NewFlags int
	Flags    int
	Queue    int
	Pending  int
	// DeadAlerts counts the alerts given up after 3 days of failures,
	// over every subscriber.
	DeadAlerts int
}

// overview shows the period's changes, new flags, the queue, pending
// approvals, the credits the period's checks cost and the dead alerts.
func (s *server) overview(w http.ResponseWriter, r *http.Request, who Principal) {
	ctx := r.Context()
	d := overviewData{Since: s.now().Add(-period)}
	var err error
	if d.Queue, err = s.p.ReviewCount(ctx); err != nil {
		s.fail(w, r, who, "reading the review queue", err)
		return
	}
	from, err := s.p.CursorAt(ctx, d.Since)
	if err != nil {
		s.fail(w, r, who, "reading the journal", err)
		return
	}
	for ev, err := range s.p.Events(ctx, from) {
		if err != nil {
			s.fail(w, r, who, "reading the journal", err)
			return
		}
		d.Changes += len(ev.Changes)
		d.Credits += ev.Credits
	}
	for f, err := range s.p.Flags(ctx) {
		if err != nil {
			s.fail(w, r, who, "reading the flags", err)
			return
		}
		d.Flags++
		if f.New(d.Since) && !f.Acknowledged {
			d.NewFlags++
		}
	}
	for _, err := range s.p.Decisions(ctx, portfolio.Pending) {
		if err != nil {
			s.fail(w, r, who, "reading the pending decisions", err)
			return
		}
		d.Pending++
	}
	for sub, err := range s.p.Subscribers(ctx) {
		if err != nil {
			s.fail(w, r, who, "reading the alert subscribers", err)
			return
		}
		d.DeadAlerts += sub.Dead
	}
	s.render(w, r, who, "overview", "Overview", d)
}
