package registerdata

import (
	"context"
	"fmt"
	"log/slog"
	"net/http"
	"strings"
	"time"
	"unicode"

	"github.com/registerdata/registerdata-go/enums"
)

// SandboxCredentialName selects the service's built-in Transparenzregister
// test client and test authentication instead of stored credentials; its
// extracts are of the fixed test EKRN SandboxEKRN and carry no company.
const SandboxCredentialName = "sandbox"

// DefaultCredentialName is the name credentials are stored and used under
// when none is given.
const DefaultCredentialName = "default"

// SandboxEKRN is the fixed test EKRN of sandbox extracts.
const SandboxEKRN = "DE727032388716"

// TransparencyCredentials is a Transparenzregister login to store with
// SetTransparencyCredentials. The password is sent once and never
// returned; printing or logging the value redacts it.
type TransparencyCredentials struct {
	// Username is the Transparenzregister login, usually an e-mail address.
	Username string `json:"username"`
	// Password is the login's password. As a Secret it never shows when
	// the credentials (or a struct or slice holding them) are printed,
	// logged or encoded; only the request that stores it spells it out.
	Password Secret `json:"password"`
	// Name labels the credential set, so one account can store several;
	// empty means DefaultCredentialName. SandboxCredentialName is reserved.
	Name string `json:"name,omitempty"`
}

// String shows the username and name, never the password.
func (c TransparencyCredentials) String() string {
	return fmt.Sprintf("registerdata.TransparencyCredentials{Username: %q, Password: %s, Name: %q}", c.Username, redacted, c.Name)
}

// GoString is String, so %#v redacts the password too.
func (c TransparencyCredentials) GoString() string { return c.String() }

// Format prints String for every verb, so no verb walks the fields.
func (c TransparencyCredentials) Format(f fmt.State, _ rune) { _, _ = f.Write([]byte(c.String())) }

// LogValue makes slog log the username and name, never the password.
func (c TransparencyCredentials) LogValue() slog.Value {
	return slog.GroupValue(slog.String("username", c.Username), slog.String("password", redacted), slog.String("name", c.Name))
}

// credentialsBody is the wire form of TransparencyCredentials: the one
// place the password is spelled out.
type credentialsBody struct {
	Username string `json:"username"`
	Password string `json:"password"`
	Name     string `json:"name,omitempty"`
}

// secrets names what an error answer to this request must not quote.
func (b credentialsBody) secrets() []string { return []string{b.Password} }

// TransparencyExtractRequest asks for a Transparenzregister extract.
type TransparencyExtractRequest struct {
	// CompanyID is the company to extract; it must resolve to exactly one
	// entity of the Transparenzregister. Leave it empty in sandbox mode.
	CompanyID string
	// CredentialName selects the stored credentials (sent as the
	// X-Credential-Name header): empty means DefaultCredentialName;
	// SandboxCredentialName selects the test environment.
	CredentialName string
}

// TransparencyExtract is a Transparenzregister extract: what
// RequestTransparencyExtract reports at creation (ID, CompanyID, EKRN,
// Status processing, SubmittedAt) and, once GetTransparencyExtract shows
// it completed, its documents and parsed report.
type TransparencyExtract struct {
	// ID identifies the extract, such as "tre_1024"; poll it with
	// GetTransparencyExtract.
	ID string `json:"id"`
	// Status is processing, then completed or failed.
	Status enums.ExtractStatus `json:"status"`
	// CompanyID is the company extracted; nil for sandbox extracts.
	CompanyID *string `json:"company_id"`
	// EKRN is the Transparenzregister entity number the extract was
	// requested with; nil when not known yet.
	EKRN *string `json:"ekrn"`
	// ReferenceNumber is printed on the extract; nil until known.
	ReferenceNumber *string `json:"reference_number"`
	// SubmittedAt is when submission started; zero when the answer left it out.
	SubmittedAt time.Time `json:"submitted_at"`
	// CompletedAt is when processing finished; nil while processing.
	CompletedAt *time.Time `json:"completed_at"`
	// Documents are the download addresses of the extract's documents.
	// Never nil after decoding.
	Documents []TransparencyDocument `json:"documents"`
	// Report is the parsed extract, reduced to beneficial ownership; nil
	// until completed.
	Report *TransparencyReport `json:"report"`
}

// TransparencyDocument is one downloadable document of an extract.
type TransparencyDocument struct {
	// DocumentID identifies the document (a UUID).
	DocumentID string `json:"document_id"`
	// Filename is the suggested file name.
	Filename string `json:"filename"`
	// Format is the file format, such as "pdf", "xml" or "json".
	Format string `json:"format"`
	// URL is the download address.
	URL string `json:"url"`
}

// TransparencyReport is the parsed extract, reduced to the fields
// relevant for beneficial ownership. Every field is optional.
type TransparencyReport struct {
	// CreatedAt is the creation date of the extract.
	CreatedAt *Date `json:"created_at"`
	// NoticeType is the kind of Transparenzregister notice.
	NoticeType *string `json:"notice_type"`
	// FictionalUBOReason is given when no natural person could be
	// identified as beneficial owner and the legal representatives are
	// named instead.
	FictionalUBOReason *string `json:"fictional_ubo_reason"`
	// Groups are the groups of beneficial owners. Never nil after decoding.
	Groups []TransparencyGroup `json:"groups"`
	// UBOs are the beneficial owners as registered. Never nil after decoding.
	UBOs []TransparencyUBO `json:"ubos"`
	// StatusFlags are the entry's status: deleted, discrepancy, corrections.
	StatusFlags *TransparencyStatusFlags `json:"status_flags"`
	// Validity is the period the entry is valid for.
	Validity *TransparencyValidity `json:"validity"`
}

// TransparencyGroup is a group of beneficial owners.
type TransparencyGroup struct {
	// Position orders the groups.
	Position int `json:"position"`
	// Description describes the group.
	Description *string `json:"description"`
	// InterestType is the kind of interest the group holds.
	InterestType *string `json:"interest_type"`
}

// TransparencyUBO is one beneficial owner as the Transparenzregister
// records it.
type TransparencyUBO struct {
	// Position orders the entries.
	Position int `json:"position"`
	// NaturalPerson identifies the person.
	NaturalPerson *TransparencyUBONaturalPerson `json:"natural_person"`
	// Interest is the kind and extent of the person's interest.
	Interest *TransparencyUBOInterest `json:"interest"`
}

// TransparencyUBONaturalPerson identifies a beneficial owner. Every field
// is optional.
type TransparencyUBONaturalPerson struct {
	// Title is an academic or other title.
	Title *string `json:"title"`
	// FirstName is the first name.
	FirstName *string `json:"first_name"`
	// LastName is the last name.
	LastName *string `json:"last_name"`
	// FullName is the whole name.
	FullName *string `json:"full_name"`
	// DateOfBirth is the date of birth.
	DateOfBirth *Date `json:"date_of_birth"`
	// City is the place of residence.
	City *string `json:"city"`
	// Country is the country of residence (format not published).
	Country *string `json:"country"`
	// Nationalities are ISO 3166-1 alpha-2 codes, where known. Never nil
	// after decoding.
	Nationalities []string `json:"nationalities"`
}

// TransparencyUBOInterest is the kind and extent of a beneficial owner's
// interest.
type TransparencyUBOInterest struct {
	// Type is the kind of interest (values not published).
	Type *string `json:"type"`
	// Scope is the extent of the interest (values not published).
	Scope *string `json:"scope"`
	// Percentage is the share; the service does not publish its scale (the
	// fake writes percent, 5.36 meaning 5.36 %, like GetBeneficialOwners).
	Percentage *float64 `json:"percentage"`
}

// TransparencyStatusFlags are the status of a Transparenzregister entry.
type TransparencyStatusFlags struct {
	// Deleted reports a deleted entry.
	Deleted bool `json:"deleted"`
	// DeletionDate is when it was deleted.
	DeletionDate *Date `json:"deletion_date"`
	// DiscrepancyNote reports a discrepancy between the entry and what an
	// obliged entity found (Unstimmigkeitsmeldung).
	DiscrepancyNote *string `json:"discrepancy_note"`
	// CorrectedByReference is the reference of the entry correcting this one.
	CorrectedByReference *string `json:"corrected_by_reference"`
	// CorrectedReferences are the references this entry corrects. Never
	// nil after decoding.
	CorrectedReferences []string `json:"corrected_references"`
}

// TransparencyValidity is the period an entry is valid for.
type TransparencyValidity struct {
	// From is the start of validity.
	From *TransparencyValidityPoint `json:"from"`
	// Until is the end of validity.
	Until *TransparencyValidityPoint `json:"until"`
}

// TransparencyValidityPoint is one end of a validity period.
type TransparencyValidityPoint struct {
	// Date is the date; nil when not given.
	Date *Date `json:"date"`
	// Note qualifies the date.
	Note *string `json:"note"`
}

func (e *TransparencyExtract) missingIdentity() string {
	if e.ID == "" {
		return "id"
	}
	return ""
}

// fillLists makes the extract's nil lists, and its report's, empty ones.
func (e *TransparencyExtract) fillLists() {
	nonNil(&e.Documents)
	if r := e.Report; r != nil {
		nonNil(&r.Groups)
		nonNil(&r.UBOs)
		for i := range r.UBOs {
			if np := r.UBOs[i].NaturalPerson; np != nil {
				nonNil(&np.Nationalities)
			}
		}
		if f := r.StatusFlags; f != nil {
			nonNil(&f.CorrectedReferences)
		}
	}
}

// SetTransparencyCredentials stores a Transparenzregister login under
// creds.Name (DefaultCredentialName when empty) for later extracts; the
// service checks it against the Transparenzregister first and answers 201
// (any 2xx is taken as stored). Storing again under the same name
// replaces the login; extracts already requested with the old one are not
// affected. It costs nothing. Empty username or password, the reserved
// name SandboxCredentialName and a name that cannot be sent as a header
// value are refused before sending. The password never appears in an
// error.
//
// The error answers, each an *APIError matching its status's sentinel,
// with a message saying what it means for this call:
//   - 401 (ErrUnauthorized): on this call, the Transparenzregister rejected
//     the username or password (a wrong API key would fail every call);
//   - 402 (ErrInsufficientCredits): Transparenzregister access needs a paid
//     API plan;
//   - 403 (ErrForbidden): Transparenzregister access is not enabled for the
//     account (one copy of the documentation answers this instead of 402);
//   - 409 (ErrConflict): the account stores the most credential sets it
//     may; store under a name it has (replacing that login) instead.
func (c *Client) SetTransparencyCredentials(ctx context.Context, creds TransparencyCredentials, opts ...CallOption) error {
	switch {
	case strings.TrimSpace(creds.Username) == "":
		return fmt.Errorf("%w: Transparenzregister credentials: the username is empty", ErrInvalidRequest)
	case creds.Password == "":
		return fmt.Errorf("%w: Transparenzregister credentials for %q: the password is empty", ErrInvalidRequest, creds.Username)
	case creds.Name == SandboxCredentialName:
		return fmt.Errorf("%w: Transparenzregister credentials: the name %q is reserved for the test environment; choose another name or leave it empty for %q",
			ErrInvalidRequest, SandboxCredentialName, DefaultCredentialName)
	}
	if creds.Name != "" {
		if err := checkCredentialName(creds.Name); err != nil {
			return err
		}
	}
	body := credentialsBody{Username: creds.Username, Password: creds.Password.Reveal(), Name: creds.Name}
	return c.do(ctx, request{method: http.MethodPost, endpoint: pathOf("/v1/transparenzregister/credentials"), body: body}, nil, opts)
}

// checkCredentialName refuses a name that cannot travel as a header value.
func checkCredentialName(name string) error {
	if strings.TrimSpace(name) == "" || len(name) > maxIDLength || strings.ContainsFunc(name, func(r rune) bool { return unicode.IsControl(r) || r > unicode.MaxASCII }) {
		return fmt.Errorf("%w: credential name %q: want printable ASCII text of at most %d bytes", ErrInvalidRequest, name, maxIDLength)
	}
	return nil
}

// extractBody is the body of POST /v1/transparenzregister/extracts.
type extractBody struct {
	CompanyID string `json:"company_id,omitempty"`
}

// RequestTransparencyExtract starts a Transparenzregister extract of
// req.CompanyID with the credentials named req.CredentialName (sent as
// X-Credential-Name, DefaultCredentialName when empty), or of the test
// EKRN in sandbox mode. The extract comes back processing: poll it with
// GetTransparencyExtract or WaitTransparencyExtract. A production extract
// is billed at its route's price (see Prices); a sandbox extract (CredentialName
// SandboxCredentialName, no CompanyID) is billed at VariantSandbox (0 in DefaultPrices), and
// comes back with a nil CompanyID and the EKRN SandboxEKRN.
//
// The error answers, each an *APIError matching its status's sentinel,
// with a message saying what it means for this call:
//   - 402 (ErrInsufficientCredits): Transparenzregister extracts need a paid
//     API plan, or the credits do not cover the extract;
//   - 403 (ErrForbidden): the Transparenzregister rejected authentication
//     with the selected credentials (the EiS account not unlocked, its
//     identification incomplete, or locked), or access is not enabled;
//   - 404 (ErrNotFound): the company is unknown, no credentials are stored
//     under the name, or the Transparenzregister has no match;
//   - 409 (ErrConflict): several Transparenzregister entities match the
//     company;
//   - 429 (ErrQuotaExhausted, not ErrRateLimited): the production extract
//     quota of the rolling 30-day window is used up. It is sent once and
//     never retried: retrying soon does not help.
func (c *Client) RequestTransparencyExtract(ctx context.Context, req TransparencyExtractRequest, opts ...CallOption) (*TransparencyExtract, error) {
	name := req.CredentialName
	if name == "" {
		name = DefaultCredentialName
	}
	if err := checkCredentialName(name); err != nil {
		return nil, err
	}
	if name == SandboxCredentialName {
		if req.CompanyID != "" {
			return nil, fmt.Errorf("%w: a sandbox extract is always of the test EKRN %s: leave CompanyID empty", ErrInvalidRequest, SandboxEKRN)
		}
	} else if err := checkCompanyID(req.CompanyID); err != nil {
		return nil, fmt.Errorf("%w (a production extract needs the company; use CredentialName %q to test without one)", err, SandboxCredentialName)
	}
	var out TransparencyExtract
	err := c.do(ctx, request{
		method: http.MethodPost, endpoint: pathOf("/v1/transparenzregister/extracts"),
		header: http.Header{"X-Credential-Name": {name}},
		body:   extractBody{CompanyID: req.CompanyID}, variant: extractVariant(name),
	}, &out, opts)
	if err != nil {
		return nil, err
	}
	return &out, nil
}

// GetTransparencyExtract returns the extract id as it stands: processing,
// or completed with its documents and report, or failed. The service
// answers 202 while the extract is processing and 200 once it is
// completed or failed, both with the extract. It costs nothing.
func (c *Client) GetTransparencyExtract(ctx context.Context, id string, opts ...CallOption) (*TransparencyExtract, error) {
	if err := checkPathID("extract id", id); err != nil {
		return nil, err
	}
	var out TransparencyExtract
	err := c.do(ctx, request{method: http.MethodGet, endpoint: pathOf("/v1/transparenzregister/extracts/{extract_id}", id)}, &out, opts)
	if err != nil {
		return nil, err
	}
	return &out, nil
}
