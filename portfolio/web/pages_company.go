package web

import (
	"net/http"
	"slices"

	"github.com/registerdata/registerdata-go/portfolio"
)

// companyData is one company: what the portfolio stores of it, at no
// cost.
type companyData struct {
	ID, Name  string
	Entries   []portfolio.Entry
	Flags     []flagRow
	Events    []portfolio.Event
	Decisions []portfolio.Decision
	Register  *registerView // nil before the first check
	// Dossier is the most a dossier costs; 0 when the workplace opens
	// none.
	Dossier int64
}

// company shows one company from what the portfolio stores (no call to
// the service, no cost): the register data of its last check, its entries, open flags, journal and decisions,
// each acknowledgement in the history of its flag.
func (s *server) company(w http.ResponseWriter, r *http.Request, who Principal) {
	ctx := r.Context()
	d := companyData{ID: r.URL.Query().Get("id")}
	if d.ID == "" {
		s.fail(w, r, who, "opening the company", refuse("No company named: open a company from the flags, the journal or the queue."))
		return
	}
	refs := map[string]bool{}
	for e, err := range s.p.EntriesOf(ctx, d.ID) {
		if err != nil {
			s.fail(w, r, who, "reading the entries", err)
			return
		}
		d.Entries = append(d.Entries, e)
		refs[e.Ref] = true
		if d.Name == "" {
			d.Name = e.Name
		}
	}
	var err error
	if d.Flags, err = s.openFlags(r, d.ID); err != nil {
		s.fail(w, r, who, "reading the flags", err)
		return
	}
	for ev, err := range s.p.EventsOf(ctx, d.ID, 0) {
		if err != nil {
			s.fail(w, r, who, "reading the journal", err)
			return
		}
		d.Events = append(d.Events, ev)
		if ev.Name != "" {
			d.Name = ev.Name
		}
	}
	slices.Reverse(d.Events)
	for dc, err := range s.p.Decisions(ctx, portfolio.AllDecisions) {
		if err != nil {
			s.fail(w, r, who, "reading the decisions", err)
			return
		}
		if dc.CompanyID == d.ID || refs[dc.Ref] {
			d.Decisions = append(d.Decisions, dc)
		}
	}
	if d.Register, err = s.registerOf(ctx, d.ID); err != nil {
		s.fail(w, r, who, "reading the stored register data", err)
		return
	}
	if d.Register != nil && d.Register.Name != "" {
		d.Name = d.Register.Name
	}
	if len(d.Entries) == 0 && len(d.Events) == 0 && len(d.Decisions) == 0 && d.Register == nil {
		s.fail(w, r, who, "opening the company", refuse("The portfolio holds nothing on %q.", d.ID))
		return
	}
	if s.o.Dossier != nil {
		d.Dossier = s.dossierCredits()
	}
	s.render(w, r, who, "company", named(d.Name, d.ID), d)
}
