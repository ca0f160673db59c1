package web

import (
	"net/http"
	"strconv"
	"strings"

	"github.com/registerdata/registerdata-go/portfolio"
)

// approvals lists the decisions waiting for a second person, each with
// the forms to approve or reject it (not for one's own).
func (s *server) approvals(w http.ResponseWriter, r *http.Request, who Principal) {
	var ds []portfolio.Decision
	for d, err := range s.p.Decisions(r.Context(), portfolio.Pending) {
		if err != nil {
			s.fail(w, r, who, "reading the pending decisions", err)
			return
		}
		ds = append(ds, d)
	}
	s.render(w, r, who, "approvals", "Pending approvals", ds)
}

// approve approves decision id with a note; the portfolio refuses one's
// own (portfolio.ErrSelfApproval).
func (s *server) approve(w http.ResponseWriter, r *http.Request, who Principal) {
	s.review(w, r, who, true)
}

// reject rejects decision id with a note (the reason).
func (s *server) reject(w http.ResponseWriter, r *http.Request, who Principal) {
	s.review(w, r, who, false)
}

func (s *server) review(w http.ResponseWriter, r *http.Request, who Principal, approve bool) {
	id, err := strconv.ParseInt(r.PostFormValue("id"), 10, 64)
	if err != nil || id <= 0 {
		s.fail(w, r, who, "reviewing", refuse("The form names no decision: open the pending approvals and use their form."))
		return
	}
	note := strings.TrimSpace(r.PostFormValue("note"))
	what, key := "approving", "approved"
	if approve {
		err = s.p.Approve(as(r, who), id, note)
	} else {
		what, key = "rejecting", "rejected"
		err = s.p.Reject(as(r, who), id, note)
	}
	if err != nil {
		s.fail(w, r, who, what, err)
		return
	}
	done(w, r, "/approvals", key)
}
