package web

import (
	"bytes"
	"context"
	"errors"
	"io"
	"net/http"
	"strconv"

	registerdata "github.com/registerdata/registerdata-go"
)

// DossierFunc builds the KYC dossier of company companyID as one HTML
// document written to w, spending at most maxCredits credits, and
// returns what it spent. The CLI gives one built on registerdatareport;
// a program may give its own.
type DossierFunc func(ctx context.Context, companyID string, maxCredits int64, w io.Writer) (credits int64, err error)

// DefaultDossierCredits is the most a dossier opened in the workplace
// spends when Options.DossierCredits is 0.
const DefaultDossierCredits = 200

// dossierCSP is the Content-Security-Policy of a dossier: a
// self-contained document with its own inline styles and data: images,
// no script, no form, no request anywhere (sandboxed).
const dossierCSP = "default-src 'none'; style-src 'unsafe-inline'; img-src data:; frame-ancestors 'none'; base-uri 'none'; form-action 'none'; sandbox"

// dossierConfirm is what the confirmation of a dossier shows.
type dossierConfirm struct {
	ID, Name string
	Credits  int64
}

// dossier opens company id's dossier: without confirm=yes it shows what
// it costs at most and asks; with it, it builds the dossier within that
// limit, records the spend in the audit chain (who, how much) and
// serves the document.
func (s *server) dossier(w http.ResponseWriter, r *http.Request, who Principal) {
	if s.o.Dossier == nil {
		s.fail(w, r, who, "opening the dossier", refuse("This workplace opens no dossiers: start it with a dossier builder (the CLI's portfolio web does)."))
		return
	}
	id := r.PostFormValue("id")
	if id == "" {
		s.fail(w, r, who, "opening the dossier", refuse("The form names no company: open the company's page and use its form."))
		return
	}
	limit := s.dossierCredits()
	if r.PostFormValue("confirm") != "yes" {
		s.render(w, r, who, "dossier", "Confirm the dossier", dossierConfirm{ID: id, Name: s.companyName(r.Context(), id), Credits: limit})
		return
	}
	var b bytes.Buffer
	spent, err := s.o.Dossier(r.Context(), id, limit, &b)
	if err != nil && spent == 0 {
		s.log.Warn("web: building a dossier", "company", id, "err", err)
		if errors.Is(err, registerdata.ErrNotFound) {
			err = refuse("The service knows no company %q: no credits spent. Check the id on the company's page.", id)
		}
		s.fail(w, r, who, "building the dossier (no credits spent)", err)
		return
	}
	if aerr := s.p.AuditSpend(as(r, who), "dossier", id, spent); aerr != nil {
		s.log.Error("web: recording the dossier's spend", "company", id, "credits", spent, "err", aerr)
		s.fail(w, r, who, "recording the dossier's credits", aerr)
		return
	}
	if err != nil {
		s.log.Warn("web: building a dossier", "company", id, "credits", spent, "err", err)
		s.fail(w, r, who, "building the dossier ("+strconv.FormatInt(spent, 10)+" credits spent)", err)
		return
	}
	s.log.Info("web: dossier", "company", id, "credits", spent, "user", who.ID)
	hd := w.Header()
	hd.Set("Content-Security-Policy", dossierCSP)
	hd.Set("Content-Type", "text/html; charset=utf-8")
	hd.Set("Content-Disposition", `inline; filename="`+safeFileName(id)+`.html"`)
	_, _ = w.Write(b.Bytes())
}

// dossierCredits is the most one dossier may spend.
func (s *server) dossierCredits() int64 {
	if s.o.DossierCredits > 0 {
		return s.o.DossierCredits
	}
	return DefaultDossierCredits
}

// companyName is the name the portfolio's entries or its stored
// snapshot give company id ("" when none).
func (s *server) companyName(ctx context.Context, id string) string {
	if snap, err := s.p.Snapshot(ctx, id); err == nil {
		return snap.Company.Name.Name
	}
	for e, err := range s.p.EntriesOf(ctx, id) {
		if err != nil {
			return ""
		}
		if e.Name != "" {
			return e.Name
		}
	}
	return ""
}

// safeFileName keeps the letters, digits and '-' of id, for a file
// name in a header.
func safeFileName(id string) string {
	b := []byte(id)
	out := b[:0]
	for _, c := range b {
		if c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '-' {
			out = append(out, c)
		}
	}
	if len(out) == 0 {
		return "dossier"
	}
	return string(out)
}
