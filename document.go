package registerdata

import (
	"context"
	"fmt"
	"net/http"
	"net/url"

	"github.com/registerdata/registerdata-go/enums"
)

// Document is a cached company document (GET /v1/document/{id}): one of
// the entries of the company record's Documents, with a download address.
type Document struct {
	// ID identifies the document; it is the ID of a CompanyDocument.
	ID string `json:"id"`
	// Name is the document's title, such as "Gesellschafterliste vom 12.03.2021".
	Name string `json:"name"`
	// Date is the date of the document.
	Date Date `json:"date"`
	// Type is the kind of document.
	Type enums.DocumentType `json:"type"`
	// URL is the download address, usable for 15 minutes after the request.
	URL string `json:"url"`
}

func (d *Document) missingIdentity() string {
	if d.ID == "" {
		return "id"
	}
	return ""
}

// RealtimeDocument is a document fetched from the register at request
// time (GET /v1/document).
type RealtimeDocument struct {
	// Category is the category requested.
	Category enums.DocumentCategory `json:"category"`
	// FileDate is the date of the file; nil when the service gives none
	// or one in a form the SDK cannot read.
	FileDate *Date `json:"file_date"`
	// FileName is the name of the file; nil when the service gives none.
	FileName *string `json:"file_name"`
	// URL is the download address. The service does not state how long
	// it works; fetch it soon after the call.
	URL string `json:"url"`
}

func (d *RealtimeDocument) missingIdentity() string {
	if d.URL == "" {
		return "url"
	}
	return ""
}

// GetDocument fetches a cached document by its identifier, the ID of an
// entry of a company's Documents. Its URL works for 15 minutes after the
// call. It is billed at its route's price (see Prices). An
// identifier that cannot be a path segment is refused before sending; an
// unknown one fails with ErrNotFound.
func (c *Client) GetDocument(ctx context.Context, documentID string, opts ...CallOption) (*Document, error) {
	if err := checkPathID("document id", documentID); err != nil {
		return nil, err
	}
	var d Document
	err := c.do(ctx, request{
		method:   http.MethodGet,
		endpoint: pathOf("/v1/document/{document_id}", documentID),
	}, &d, opts)
	if err != nil {
		return nil, err
	}
	return &d, nil
}

// GetRealtimeDocument fetches a document of a company from the register
// at request time, by category (current printout, shareholder list, ...).
// It is billed at its route's price (see Prices). A category
// the SDK does not know is refused before sending, as is a company
// identifier that cannot be one; a company without such a document fails
// with ErrNotFound.
func (c *Client) GetRealtimeDocument(ctx context.Context, companyID string, category enums.DocumentCategory, opts ...CallOption) (*RealtimeDocument, error) {
	if err := checkCompanyID(companyID); err != nil {
		return nil, err
	}
	if !category.IsKnown() {
		return nil, fmt.Errorf("%w: document category %q is not one of %v", ErrInvalidRequest, category, category.Values())
	}
	q := url.Values{}
	q.Set("company_id", companyID)
	q.Set("document_category", string(category))
	var d RealtimeDocument
	err := c.do(ctx, request{
		method:   http.MethodGet,
		endpoint: pathOf("/v1/document"),
		query:    q,
	}, &d, opts)
	if err != nil {
		return nil, err
	}
	return &d, nil
}
