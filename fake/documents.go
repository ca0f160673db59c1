package fake

import (
	"crypto/hmac"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"net/http"
	"net/url"
	"strconv"
	"time"

	registerdata "github.com/registerdata/registerdata-go"
)

// documentsPath is where the fake serves source documents.
const documentsPath = "/_fake/documents/"

// DocumentURLValidity is how long a presigned source address works after
// the lookup that issued it, on the fake clock (the specification's 30
// minutes).
const DocumentURLValidity = 30 * time.Minute

// registerExtract names the source every company has: the current
// register printout. Its other sources are its documents.
const registerExtract = "register-extract"

// sourcesFor issues presigned source addresses for c: the register
// printout and one per document, each valid for DocumentURLValidity from
// now.
func (s *Server) sourcesFor(c *registerdata.Company) []registerdata.Source {
	expires := s.clock.Now().Add(DocumentURLValidity).Unix()
	out := make([]registerdata.Source, 0, 1+len(c.Documents))
	out = append(out, registerdata.Source{DocumentURL: s.presign(c.ID, registerExtract, expires)})
	for _, d := range c.Documents {
		out = append(out, registerdata.Source{DocumentURL: s.presign(c.ID, d.ID, expires)})
	}
	return out
}

// presign returns the address of document doc of company id, signed with
// the server's key and expiring at the Unix time expires.
func (s *Server) presign(id, doc string, expires int64) string {
	path := documentsPath + url.PathEscape(id) + "/" + url.PathEscape(doc)
	q := url.Values{}
	q.Set("expires", strconv.FormatInt(expires, 10))
	q.Set("signature", s.sign(id, doc, expires))
	return s.URL + path + "?" + q.Encode()
}

// checkPresigned checks the expires and signature parameters of a
// presigned address of doc (what it signs) for company id, and answers
// 403 when they do not match or the address has expired on the fake
// clock. what names the address in messages ("document", "file"), from
// the answer that gives such addresses, and expired ends the message of
// an expired one. It reports whether the address is good.
func (s *Server) checkPresigned(w http.ResponseWriter, r *http.Request, id, doc, what, from, expired string) bool {
	q := r.URL.Query()
	expires, err := strconv.ParseInt(q.Get("expires"), 10, 64)
	if err != nil {
		writeErrorf(w, http.StatusForbidden, CodeForbidden, "the %s address has no valid expires parameter: use the address from %s unchanged", what, from)
		return false
	}
	if !hmac.Equal([]byte(s.sign(id, doc, expires)), []byte(q.Get("signature"))) {
		writeErrorf(w, http.StatusForbidden, CodeForbidden, "the %s address signature does not match: use the address from %s unchanged", what, from)
		return false
	}
	if s.clock.Now().Unix() >= expires {
		writeErrorf(w, http.StatusForbidden, CodeForbidden, "the %s address expired at %s%s",
			what, time.Unix(expires, 0).UTC().Format(time.RFC3339), expired)
		return false
	}
	return true
}

func (s *Server) sign(id, doc string, expires int64) string {
	m := hmac.New(sha256.New, s.signingKey)
	fmt.Fprintf(m, "%s\n%s\n%d", id, doc, expires)
	return hex.EncodeToString(m.Sum(nil))
}

// serveDocument answers a presigned document address: 200 with a small
// text document while the signature matches and the address has not
// expired on the fake clock, 403 otherwise. It needs no API key: the
// signature is the credential.
func (s *Server) serveDocument(w http.ResponseWriter, r *http.Request) {
	id, doc := r.PathValue("id"), r.PathValue("doc")
	if !s.checkPresigned(w, r, id, doc, "document", "a company lookup",
		fmt.Sprintf(" (it is valid for %v): look the company up again for a fresh one", DocumentURLValidity)) {
		return
	}
	w.Header().Set("Content-Type", "text/plain; charset=utf-8")
	fmt.Fprintf(w, "Fake register document %q of company %s.\nIssued by the registerdata fake; not a real register record.\n", doc, id)
}
