package portfolio

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"unicode/utf8"

	registerdata "github.com/registerdata/registerdata-go"
)

// Bounds of a Row: a row beyond them fails with an error saying which.
const (
	// MaxRefLength is the longest Ref, in bytes.
	MaxRefLength = 256
	// MaxTags is the most tags a row may carry.
	MaxTags = 32
	// MaxTagLength is the longest tag, in bytes.
	MaxTagLength = 128
	// maxQueryField is the longest field of a MatchQuery, in bytes.
	maxQueryField = 512
)

// ErrInvalidRow is wrapped by the error of an ImportResult whose row
// cannot be imported as given (no Ref, neither company id nor query,
// fields too long or not UTF-8). Nothing was stored or billed for it.
var ErrInvalidRow = errors.New("portfolio: invalid row")

// Row is one customer or supplier to import.
type Row struct {
	// Ref is the customer's own key for the counterparty, unique in the
	// portfolio: a row with a Ref already imported replaces it when its
	// data differs and is Unchanged otherwise.
	Ref string `json:"ref"`
	// CompanyID is the register id when the customer knows it, such as
	// "DE-HRB-F1103-267645"; empty to match Query.
	CompanyID string `json:"company_id,omitempty"`
	// Query describes the company to match (MatchCompaniesSeq) when
	// CompanyID is empty.
	Query registerdata.MatchQuery `json:"query,omitzero"`
	// Tags are the customer's labels for the row ("supplier", "tier-1").
	Tags []string `json:"tags,omitempty"`
}

// validate reports what is wrong with r, as an error wrapping
// ErrInvalidRow, or nil.
func (r *Row) validate() error {
	bad := func(format string, args ...any) error {
		return fmt.Errorf("%w: %s", ErrInvalidRow, fmt.Sprintf(format, args...))
	}
	switch {
	case strings.TrimSpace(r.Ref) == "":
		return bad("the row has no Ref: give every row the customer's own key")
	case len(r.Ref) > MaxRefLength:
		return bad("the Ref is %d bytes long: at most %d", len(r.Ref), MaxRefLength)
	case !utf8.ValidString(r.Ref) || strings.ContainsRune(r.Ref, 0):
		return bad("the Ref %q is not valid UTF-8 text", r.Ref)
	case len(r.Tags) > MaxTags:
		return bad("row %q has %d tags: at most %d", r.Ref, len(r.Tags), MaxTags)
	}
	for _, t := range r.Tags {
		if len(t) > MaxTagLength || !utf8.ValidString(t) {
			return bad("row %q has a tag that is not UTF-8 text of at most %d bytes", r.Ref, MaxTagLength)
		}
	}
	if r.CompanyID != "" {
		if len(r.CompanyID) > 64 || !utf8.ValidString(r.CompanyID) || strings.ContainsAny(r.CompanyID, "/?#% \t\r\n\x00") {
			return bad("row %q: the company id %q is not a register id such as DE-HRB-F1103-267645", r.Ref, clip(r.CompanyID))
		}
		return nil
	}
	q := r.Query
	fields := []string{q.Name, q.City, q.PostalCode, q.Street, q.Register, q.VATID, q.LEI, q.Website}
	empty := true
	for _, f := range fields {
		if len(f) > maxQueryField || !utf8.ValidString(f) {
			return bad("row %q: a query field is not UTF-8 text of at most %d bytes", r.Ref, maxQueryField)
		}
		if strings.TrimSpace(f) != "" {
			empty = false
		}
	}
	if empty {
		return bad("row %q has neither a company id nor a query naming the company", r.Ref)
	}
	return nil
}

// fingerprint identifies the data of r that decides its company: the
// same fingerprint needs no new match.
// It hashes the JSON of the company id and the query; a row without a
// query has its JSON written without reflection, byte for byte as
// json.Marshal writes it.
func (r *Row) fingerprint() string {
	var b []byte
	if r.Query == (registerdata.MatchQuery{}) {
		b = make([]byte, 0, 16+len(r.CompanyID))
		b = append(appendJSONString(append(b, `{"id":`...), r.CompanyID), `,"q":{}}`...)
	} else {
		b, _ = json.Marshal(struct {
			ID string                  `json:"id"`
			Q  registerdata.MatchQuery `json:"q"`
		}{r.CompanyID, r.Query})
	}
	sum := sha256.Sum256(b)
	return hex.EncodeToString(sum[:16])
}

// clip shortens s for an error message.
func clip(s string) string {
	if len(s) > 80 {
		return s[:80] + "…"
	}
	return s
}
