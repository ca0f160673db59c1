package registerdata

import (
	"context"
	"encoding/json"
	"iter"
	"net/http"
	"time"

	"github.com/registerdata/registerdata-go/enums"
	"github.com/registerdata/registerdata-go/filters"
)

// Insolvency is an insolvency proceeding with every published event, as
// GET /v1/insolvency/{insolvency_id} returns it. Its ID is the ID of an
// InsolvencySummary of the debtor's company record, or of an
// InsolvencySearchResult. Dates are civil dates; the service's older
// variants send date-times, which decode to their calendar date.
type Insolvency struct {
	// ID identifies the proceeding (a UUID).
	ID string `json:"id"`
	// CaseNumber is the court's case number, such as "36d IN 3382/25".
	CaseNumber string `json:"case_number"`
	// Court is the insolvency court.
	Court string `json:"court"`
	// CurrentStatus is the status of the proceeding now.
	CurrentStatus enums.InsolvencyStatus `json:"current_status"`
	// DebtorName is the debtor's name as the court published it.
	DebtorName string `json:"debtor_name"`
	// CompanyID is the company identifier of the debtor when the debtor
	// is a registered company; nil otherwise.
	CompanyID *string `json:"company_id"`
	// InsolvencyGrounds are the grounds of the proceeding, such as
	// illiquidity or over-indebtedness. Never nil after decoding.
	InsolvencyGrounds []string `json:"insolvency_grounds"`
	// Events are every published event of the proceeding, in date order.
	// Never nil after decoding.
	Events []InsolvencyEvent `json:"events"`
	// DebtorKind says whether the debtor is a legal or a natural person;
	// nil when unknown.
	DebtorKind *enums.DebtorKind `json:"debtor_kind"`
	// DebtorLegalForm is the legal form as the court published it (free
	// text, not enums.LegalForm); nil when unknown.
	DebtorLegalForm *string `json:"debtor_legal_form"`
	// ProceedingKind is regular or consumer insolvency; nil when unknown.
	ProceedingKind *enums.ProceedingKind `json:"proceeding_kind"`
	// AdministrationKind says who administers the estate; nil when unknown.
	AdministrationKind *enums.AdministrationKind `json:"administration_kind"`
	// AdministratorName is the insolvency administrator; nil when none is known.
	AdministratorName *string `json:"administrator_name"`
	// AdministratorAddress is the administrator's address; nil when unknown.
	AdministratorAddress *string `json:"administrator_address"`
	// OpenedAt is the date of opening; nil while the proceeding was not opened.
	OpenedAt *Date `json:"opened_at"`
	// ClosedAt is the date of closing; nil while it is open.
	ClosedAt *Date `json:"closed_at"`
	// ClaimsFilingDeadline is the deadline for creditors to file claims.
	ClaimsFilingDeadline *Date `json:"claims_filing_deadline"`
	// FirstEventAt is the publication date of the earliest known event.
	FirstEventAt *Date `json:"first_event_at"`
	// LastEventAt is the publication date of the latest known event.
	LastEventAt *Date `json:"last_event_at"`
	// DistributionAvailable is the amount available for distribution, in
	// euros (not cents); nil when not published.
	DistributionAvailable *float64 `json:"distribution_available"`
	// DistributionClaimsTotal is the total of registered claims in the
	// distribution, in euros; nil when not published.
	DistributionClaimsTotal *float64 `json:"distribution_claims_total"`
}

// InsolvencyEvent is one published event of a proceeding.
type InsolvencyEvent struct {
	// ID identifies the event (a UUID).
	ID string `json:"id"`
	// EventType is the lifecycle step the event records.
	EventType enums.InsolvencyEventType `json:"event_type"`
	// ReportType is the category of the court publication.
	ReportType enums.InsolvencyReportType `json:"report_type"`
	// PublishedAt is the publication date.
	PublishedAt Date `json:"published_at"`
	// Summary briefly summarises the publication.
	Summary string `json:"summary"`
	// Details are the fields parsed out of the publication.
	Details InsolvencyEventDetails `json:"details"`
	// DecisionDate is the date of the court decision, if published.
	DecisionDate *Date `json:"decision_date"`
	// EffectiveAt is when the decision takes effect, if published.
	EffectiveAt *time.Time `json:"effective_at"`
}

// InsolvencyEventDetails are the fields parsed out of a publication,
// filled only where it provides them. Dates and amounts are the
// publication's text: the service types them as plain strings.
type InsolvencyEventDetails struct {
	// InsolvencyGrounds are the grounds the publication names. Never nil
	// after decoding.
	InsolvencyGrounds []string `json:"insolvency_grounds"`
	// Meetings are creditor meetings or hearings announced. Never nil
	// after decoding.
	Meetings []InsolvencyMeeting `json:"meetings"`
	// AdministratorName is the administrator the publication names.
	AdministratorName *string `json:"administrator_name"`
	// AdministratorAddress is the administrator's address.
	AdministratorAddress *string `json:"administrator_address"`
	// ClaimsFilingDeadline is the deadline for filing claims, as published.
	ClaimsFilingDeadline *string `json:"claims_filing_deadline"`
	// ClosedAt is the closing date, as published.
	ClosedAt *string `json:"closed_at"`
	// DischargeGranted reports a decision on the discharge of residual debt.
	DischargeGranted *bool `json:"discharge_granted"`
	// DistributionAvailable is the amount available for distribution, as
	// published (a string, unlike Insolvency.DistributionAvailable).
	DistributionAvailable *string `json:"distribution_available"`
	// DistributionClaimsTotal is the total of claims, as published.
	DistributionClaimsTotal *string `json:"distribution_claims_total"`
}

// InsolvencyMeeting is a creditor meeting or hearing announced in a
// publication.
type InsolvencyMeeting struct {
	// Kind is the kind of meeting; the service does not list its values.
	Kind string `json:"kind"`
	// At is the time of the meeting as published; nil when not given.
	At *string `json:"at"`
	// Location is where it takes place; nil when not given.
	Location *string `json:"location"`
}

// Open reports whether the proceeding is still running, by its current
// status (see enums.InsolvencyStatus.IsOpen).
func (p *Insolvency) Open() bool { return p.CurrentStatus.IsOpen() }

func (p *Insolvency) missingIdentity() string {
	if p.ID == "" {
		return "id"
	}
	return ""
}

// UnmarshalJSON decodes a proceeding. Its dates are accepted as
// "YYYY-MM-DD" or as date-times (the older form), and its lists are never
// nil afterwards.
func (p *Insolvency) UnmarshalJSON(b []byte) error {
	return decodeWhole(b, p, insolvencyRecordField, (*Insolvency).normalize)
}

// fillLists makes the proceeding's nil lists empty ones.
func (p *Insolvency) fillLists() {
	nonNil(&p.InsolvencyGrounds)
	nonNil(&p.Events)
}

// UnmarshalJSON decodes an event, accepting its dates as "YYYY-MM-DD" or
// as date-times; its lists are never nil afterwards.
func (e *InsolvencyEvent) UnmarshalJSON(b []byte) error {
	return decodeWhole(b, e, insolvencyEventField, (*InsolvencyEvent).fillLists)
}

// fillLists makes the event's nil lists empty ones.
func (e *InsolvencyEvent) fillLists() {
	nonNil(&e.Details.InsolvencyGrounds)
	nonNil(&e.Details.Meetings)
}

// UnmarshalJSON decodes a summary, accepting opened_at and closed_at as
// "YYYY-MM-DD" or as date-times (the older form of the company record).
func (s *InsolvencySummary) UnmarshalJSON(b []byte) error {
	type plain InsolvencySummary
	var w struct {
		plain
		OpenedAt *lenientDate `json:"opened_at"`
		ClosedAt *lenientDate `json:"closed_at"`
	}
	if isJSONNull(b) {
		return nil
	}
	w.plain, w.OpenedAt, w.ClosedAt = plain(*s), (*lenientDate)(s.OpenedAt), (*lenientDate)(s.ClosedAt)
	if err := json.Unmarshal(b, &w); err != nil {
		return err
	}
	*s = InsolvencySummary(w.plain)
	s.OpenedAt, s.ClosedAt = (*Date)(w.OpenedAt), (*Date)(w.ClosedAt)
	return nil
}

// GetInsolvency fetches one insolvency proceeding with its full event
// history (GET /v1/insolvency/{insolvency_id}). id is the ID of an
// InsolvencySummary of a company record or of an InsolvencySearchResult.
// It is billed at its route's price (see Prices). An id that cannot be a path
// segment is refused before sending; an unknown one fails with
// ErrNotFound.
func (c *Client) GetInsolvency(ctx context.Context, id string, opts ...CallOption) (*Insolvency, error) {
	if err := checkPathID("insolvency id", id); err != nil {
		return nil, err
	}
	var out Insolvency
	err := c.do(ctx, request{method: http.MethodGet, endpoint: pathOf("/v1/insolvency/{insolvency_id}", id)}, &out, opts)
	if err != nil {
		return nil, err
	}
	return &out, nil
}

// Validate reports what is wrong with r before it is sent, as an error
// wrapping ErrInvalidRequest, or nil: the filters must pass
// filters.Validate for an insolvency search (fields the SDK does not know
// pass unchecked), and page and per_page must not be negative.
func (r InsolvencySearchRequest) Validate() error {
	return checkSearch(filters.ScopeInsolvency, r.Filters, r.Pagination)
}

// SearchInsolvencies returns one page of the insolvency proceedings
// matching every part of req. It is billed at its route's price (see Prices). A
// request that fails Validate is refused before sending. Results is never
// nil.
func (c *Client) SearchInsolvencies(ctx context.Context, req InsolvencySearchRequest, opts ...CallOption) (*InsolvencySearchResponse, error) {
	if err := req.Validate(); err != nil {
		return nil, err
	}
	var out InsolvencySearchResponse
	if err := c.do(ctx, request{method: http.MethodPost, endpoint: pathOf("/v1/search/insolvency"), body: req}, &out, opts); err != nil {
		return nil, err
	}
	nonNil(&out.Results)
	return &out, nil
}

// SearchInsolvenciesSeq walks the results of an insolvency search page by
// page, as SearchCompaniesSeq does; every page is billed at the route's price (see Prices)
// credits.
func (c *Client) SearchInsolvenciesSeq(ctx context.Context, req InsolvencySearchRequest, opts ...CallOption) iter.Seq2[InsolvencySearchResult, error] {
	return walkPages(ctx, req.Pagination, opts, func(ctx context.Context, p PageRequest) ([]InsolvencySearchResult, Pagination, error) {
		req.Pagination = p
		res, err := c.SearchInsolvencies(ctx, req, opts...)
		if err != nil {
			return nil, Pagination{}, err
		}
		return res.Results, res.Pagination, nil
	})
}
