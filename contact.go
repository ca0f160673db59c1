package registerdata

import (
	"context"
	"fmt"
	"net/http"
	"net/url"
	"strings"
)

// ContactDetails is a company's contact data as found on its website
// (GET /v0/company/{id}/contact). Email, Phone and VATID are empty when
// the service found none.
type ContactDetails struct {
	// SourceURL is the web address where the contact data was found.
	SourceURL string `json:"source_url"`
	// Email is the contact e-mail address; optional.
	Email string `json:"email,omitempty"`
	// Phone is the contact telephone number; optional.
	Phone string `json:"phone,omitempty"`
	// VATID is the German VAT identification number
	// (Umsatzsteuer-Identifikationsnummer); optional.
	VATID string `json:"vat_id,omitempty"`
}

func (d *ContactDetails) missingIdentity() string {
	if d.SourceURL == "" {
		return "source_url"
	}
	return ""
}

// URLLookup is the company found for a website (GET /v0/search/lookup)
// with the contact data found there. Email, Phone and VATID are empty
// when the service found none.
type URLLookup struct {
	// CompanyID identifies the company the website belongs to.
	CompanyID string `json:"company_id"`
	// Email is the contact e-mail address; optional.
	Email string `json:"email,omitempty"`
	// Phone is the contact telephone number; optional.
	Phone string `json:"phone,omitempty"`
	// VATID is the German VAT identification number; optional.
	VATID string `json:"vat_id,omitempty"`
}

func (l *URLLookup) missingIdentity() string {
	if l.CompanyID == "" {
		return "company_id"
	}
	return ""
}

// GetContactDetails fetches the contact data found on a company's website.
// It is billed at its route's price (see Prices). An
// identifier that cannot be a path segment is refused before sending; a
// company that is unknown or has no contact data fails with ErrNotFound.
func (c *Client) GetContactDetails(ctx context.Context, companyID string, opts ...CallOption) (*ContactDetails, error) {
	if err := checkCompanyID(companyID); err != nil {
		return nil, err
	}
	var d ContactDetails
	err := c.do(ctx, request{
		method:   http.MethodGet,
		endpoint: pathOf("/v0/company/{company_id}/contact", companyID),
	}, &d, opts)
	if err != nil {
		return nil, err
	}
	return &d, nil
}

// maxLookupURL bounds the website address of LookupCompanyByURL.
const maxLookupURL = 2048

// LookupCompanyByURL finds the company whose website is websiteURL, such
// as "https://example.de" (the scheme may be left out). It costs
// its route's price (see Prices). An empty or malformed
// address is refused before sending; a website no company is known for
// fails with ErrNotFound.
func (c *Client) LookupCompanyByURL(ctx context.Context, websiteURL string, opts ...CallOption) (*URLLookup, error) {
	if err := checkLookupURL(websiteURL); err != nil {
		return nil, err
	}
	q := url.Values{}
	q.Set("url", websiteURL)
	var l URLLookup
	err := c.do(ctx, request{
		method:   http.MethodGet,
		endpoint: pathOf("/v0/search/lookup"),
		query:    q,
	}, &l, opts)
	if err != nil {
		return nil, err
	}
	return &l, nil
}

// checkLookupURL refuses addresses that cannot name a website: empty,
// too long, holding white space or control characters, or without a host.
func checkLookupURL(s string) error {
	switch {
	case strings.TrimSpace(s) == "":
		return fmt.Errorf("%w: the website address is empty: pass one such as https://example.de", ErrInvalidRequest)
	case len(s) > maxLookupURL:
		return fmt.Errorf("%w: the website address is %d bytes long, the limit is %d", ErrInvalidRequest, len(s), maxLookupURL)
	case strings.ContainsFunc(s, func(r rune) bool { return r <= ' ' || r == 0x7f }):
		return fmt.Errorf("%w: the website address %q contains white space or a control character", ErrInvalidRequest, s)
	}
	raw := s
	if !strings.Contains(raw, "://") {
		raw = "https://" + raw
	}
	u, err := url.Parse(raw)
	if err != nil || u.Hostname() == "" {
		return fmt.Errorf("%w: %q is not a website address: pass one such as https://example.de", ErrInvalidRequest, s)
	}
	return nil
}
