package registerdata

import (
	"context"
	"fmt"
	"net/http"
	"time"

	"github.com/registerdata/registerdata-go/enums"
)

// HistoricalOwners is the answer of GET /v1/company/{id}/owners/historical:
// the current and former owners of a company, each with the documents it
// appears in.
//
// After decoding, Owners is never nil.
type HistoricalOwners struct {
	// CompanyID is the company asked about. The service's answer carries no
	// company id; GetOwnershipHistory fills it in from the request.
	CompanyID string `json:"-"`
	// Owners are the current and former owners, each with a Status.
	Owners []HistoricalOwner `json:"owners"`

	listed bool // the answer carried the owners key
}

// HistoricalOwner is one current or former owner.
type HistoricalOwner struct {
	// ID is a company identifier for a company (usable with GetCompany), a
	// person UUID for a natural person, and "" for the other entity types
	// (foreign companies, foundations, public bodies, ...).
	ID string `json:"id"`
	// Name is the owner's name.
	Name string `json:"name"`
	// EntityType is the kind of owner.
	EntityType enums.OwnerEntityType `json:"entity_type"`
	// Status is active while the owner is still listed, removed after.
	Status enums.OwnerStatus `json:"status"`
	// FirstAppearance is when the owner first appeared. Sent as a date-time;
	// a plain date is accepted too (midnight UTC).
	FirstAppearance time.Time `json:"first_appearance"`
	// LastAppearance is when the owner last appeared; nil (absent) while
	// the owner is active.
	LastAppearance *time.Time `json:"last_appearance,omitempty"`
	// Country is the owner's country; optional, format not shown by the
	// specification ("" when absent).
	Country string `json:"country,omitempty"`
	// OwnershipHistory has one entry per document in which the owner
	// appears.
	OwnershipHistory []OwnershipHistoryEntry `json:"ownership_history"`
}

// OwnershipHistoryEntry is an owner's stake as one document shows it.
type OwnershipHistoryEntry struct {
	// DocumentID is the UUID of the document the figures were read from.
	DocumentID string `json:"document_id"`
	// DocumentDate is the date of that document. Sent as a date-time; a
	// plain date is accepted too (midnight UTC).
	DocumentDate time.Time `json:"document_date"`
	// NominalShares is the nominal value of the shares in that document
	// (currency not shown by the specification; the fake uses euros).
	NominalShares int64 `json:"nominal_shares"`
	// PercentageShares is the ownership share in that document. The
	// specification does not show its scale; the fake uses the percent
	// scale of GetOwners (5.36 means 5.36 %).
	PercentageShares float64 `json:"percentage_shares"`
}

// GetOwnershipHistory fetches the current and former owners of a
// company. It is billed at its route's price (see Prices), only when
// the answer is the history (200).
//
// The service prepares a company's history on the first requests for it
// and answers 202 ("still processing", not billed) meanwhile. The call
// then waits as the answer's Retry-After says (DefaultProcessingWait
// without one; at least a second) and asks again, until the history comes
// or ctx ends: an ending ctx returns an error wrapping ctx.Err() at once
// (errors.Is(err, context.Canceled) or context.DeadlineExceeded). The waits go
// through WithPollTimer's function when given; WithCallTimeout bounds the
// whole call, waits included. Each 202 releases its hold on the credit
// budget, adds nothing to CreditsSpent, and leaves ResponseInfo.Charged
// unchanged; ResponseInfo describes the last answer, with Attempts and
// Charged summed over every request. With NoWait the call returns at the
// first 202 with a *ProcessingError (errors.Is(err, ErrProcessing)) whose
// RetryAfter says when to ask again. A 202 is never cached.
func (c *Client) GetOwnershipHistory(ctx context.Context, id string, opts ...CallOption) (*HistoricalOwners, error) {
	if err := checkCompanyID(id); err != nil {
		return nil, err
	}
	var out HistoricalOwners
	err := c.sendProcessed(ctx, request{
		method:   http.MethodGet,
		endpoint: pathOf("/v1/company/{company_id}/owners/historical", id),
	}, &out, id, opts)
	if err != nil {
		return nil, err
	}
	out.CompanyID = id
	return &out, nil
}

// UnmarshalJSON decodes a HistoricalOwners object; an absent or null list
// becomes an empty one.
func (h *HistoricalOwners) UnmarshalJSON(b []byte) error { return h.decodeJSON(b) }

// missingIdentity: the answer has no identifier, so its list stands in
// for one; it must be present (a null list is accepted as empty).
func (h *HistoricalOwners) missingIdentity() string {
	if !h.listed {
		return "owners"
	}
	return ""
}

// parseDateTime reads an RFC 3339 date-time, one without a zone (taken as
// UTC), or a plain YYYY-MM-DD date (midnight UTC).
func parseDateTime(s string) (time.Time, error) {
	for _, layout := range []string{time.RFC3339Nano, "2006-01-02T15:04:05.999999999", "2006-01-02"} {
		if t, err := time.Parse(layout, s); err == nil {
			return t, nil
		}
	}
	return time.Time{}, fmt.Errorf("%q is neither a date-time (RFC 3339) nor a date (YYYY-MM-DD)", s)
}

// UnmarshalJSON decodes a HistoricalOwner, accepting dates where
// date-times are documented; a null ownership_history becomes empty.
func (h *HistoricalOwner) UnmarshalJSON(b []byte) error {
	*h = HistoricalOwner{}
	return decodeWhole(b, h, historicalOwnerField, (*HistoricalOwner).normalize)
}

// UnmarshalJSON decodes an OwnershipHistoryEntry, accepting a date where a
// date-time is documented.
func (e *OwnershipHistoryEntry) UnmarshalJSON(b []byte) error {
	*e = OwnershipHistoryEntry{}
	return decodeWhole(b, e, historyEntryField, nil)
}
