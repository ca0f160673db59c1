package web

import (
	"net/http"
	"slices"
	"strings"

	registerdata "github.com/registerdata/registerdata-go"
	"github.com/registerdata/registerdata-go/portfolio"
)

// lookupRoute is the paid call that checks a typed company id.
const lookupRoute = "GET /v1/company/{company_id}"

// queue lists the entries awaiting a person, with what the customer
// wrote and why each waits.
func (s *server) queue(w http.ResponseWriter, r *http.Request, who Principal) {
	var rs []portfolio.Review
	for rv, err := range s.p.Reviews(r.Context()) {
		if err != nil {
			s.fail(w, r, who, "reading the review queue", err)
			return
		}
		rs = append(rs, rv)
	}
	s.render(w, r, who, "queue", "Review queue", rs)
}

// queued finds the queue's entry ref; ok is false when it is not in the
// queue.
func (s *server) queued(r *http.Request, ref string) (portfolio.Review, bool, error) {
	for rv, err := range s.p.Reviews(r.Context()) {
		if err != nil {
			return portfolio.Review{}, false, err
		}
		if rv.Ref == ref {
			return rv, true, nil
		}
	}
	return portfolio.Review{}, false, nil
}

// itemData is one queue entry with the decision form.
type itemData struct {
	Review portfolio.Review
	Price  int64
}

// queueItem shows one entry: what the customer wrote, the candidates,
// and the form to decide (a candidate, a typed id, no register entry).
func (s *server) queueItem(w http.ResponseWriter, r *http.Request, who Principal) {
	rv, ok, err := s.queued(r, r.URL.Query().Get("ref"))
	if err != nil {
		s.fail(w, r, who, "reading the review queue", err)
		return
	}
	if !ok {
		s.fail(w, r, who, "finding the entry", refuse("The review queue holds no entry %q: it may have been decided already.", r.URL.Query().Get("ref")))
		return
	}
	s.render(w, r, who, "item", "Decide "+rv.Ref, itemData{Review: rv, Price: s.prices.Of(lookupRoute, false)})
}

// confirmData is the confirmation a paid lookup asks for.
type confirmData struct {
	Ref, CompanyID, Note string
	Price                int64
}

// resolve takes the decision of the form: choice is a candidate's id,
// "typed" (with typed_id; a paid lookup, shown with its price and
// confirmed first) or "none" ("no register entry", with a note).
func (s *server) resolve(w http.ResponseWriter, r *http.Request, who Principal) {
	ref := r.PostFormValue("ref")
	note := strings.TrimSpace(r.PostFormValue("note"))
	rv, ok, err := s.queued(r, ref)
	if err != nil {
		s.fail(w, r, who, "reading the review queue", err)
		return
	}
	if !ok {
		s.fail(w, r, who, "deciding", refuse("The review queue holds no entry %q: it may have been decided already.", ref))
		return
	}
	choice := r.PostFormValue("choice")
	var id string
	switch choice {
	case "":
		s.fail(w, r, who, "deciding", refuse("Pick a candidate, type a company id, or choose “no register entry”."))
		return
	case "none":
	case "typed":
		id = strings.TrimSpace(r.PostFormValue("typed_id"))
		if id == "" {
			s.fail(w, r, who, "deciding", refuse("Type the company id (such as DE-HRB-F1103-267645), or pick a candidate."))
			return
		}
	default:
		id = choice
	}
	paid := id != "" && !slices.ContainsFunc(rv.Candidates, func(c registerdata.MatchCandidate) bool { return c.CompanyID == id })
	if paid && r.PostFormValue("confirm") != "yes" {
		s.render(w, r, who, "confirm", "Confirm the lookup", confirmData{Ref: ref, CompanyID: id, Note: note, Price: s.prices.Of(lookupRoute, false)})
		return
	}
	if err := s.p.Resolve(as(r, who), ref, id, note); err != nil {
		s.fail(w, r, who, "deciding", err)
		return
	}
	done(w, r, "/queue", "resolved")
}
