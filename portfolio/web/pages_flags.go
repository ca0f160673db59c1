package web

import (
	"cmp"
	"net/http"
	"slices"
	"strings"
	"time"

	"github.com/registerdata/registerdata-go/portfolio"
	"github.com/registerdata/registerdata-go/redflags"
)

// flagRow is one open flag as the flags page shows it.
type flagRow struct {
	portfolio.OpenFlag
	Severity redflags.Severity
	IsNew    bool
}

// openFlags are the open flags, high severity first, then the newest.
func (s *server) openFlags(r *http.Request, company string) ([]flagRow, error) {
	since := s.now().Add(-period)
	var out []flagRow
	for f, err := range s.p.Flags(r.Context()) {
		if err != nil {
			return nil, err
		}
		if company != "" && f.CompanyID != company {
			continue
		}
		out = append(out, flagRow{OpenFlag: f, Severity: redflags.SeverityOf(f.Flag.Code), IsNew: f.New(since) && !f.Acknowledged})
	}
	slices.SortStableFunc(out, func(a, b flagRow) int {
		return cmp.Or(cmp.Compare(a.Severity.Rank(), b.Severity.Rank()), b.Since.Compare(a.Since))
	})
	return out, nil
}

// flags lists the open flags by severity, new ones marked, each with
// the form to acknowledge it with a note.
func (s *server) flags(w http.ResponseWriter, r *http.Request, who Principal) {
	fs, err := s.openFlags(r, "")
	if err != nil {
		s.fail(w, r, who, "reading the flags", err)
		return
	}
	s.render(w, r, who, "flags", "Flags", struct {
		Flags []flagRow
		Since time.Time
	}{fs, s.now().Add(-period)})
}

// acknowledge acknowledges the flag code of company_id with a note.
func (s *server) acknowledge(w http.ResponseWriter, r *http.Request, who Principal) {
	id, code := r.PostFormValue("company_id"), r.PostFormValue("code")
	if id == "" || code == "" {
		s.fail(w, r, who, "acknowledging", refuse("The form names no flag: open the flags page and use its form."))
		return
	}
	if err := s.p.Acknowledge(as(r, who), id, code, strings.TrimSpace(r.PostFormValue("note"))); err != nil {
		s.fail(w, r, who, "acknowledging", err)
		return
	}
	back := "/flags"
	if r.PostFormValue("back") == "company" {
		back = "/company?id=" + id
		http.Redirect(w, r, back, http.StatusSeeOther)
		return
	}
	done(w, r, back, "acknowledged")
}
