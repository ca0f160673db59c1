package registerdata

import (
	"time"

	"github.com/registerdata/registerdata-go/enums"
)

// The single-pass decoders of GetInsolvency's and SearchInsolvencies'
// answers (see company_decode_read.go for the helpers). Dates are read
// leniently, as "YYYY-MM-DD" or as date-times (the older form).

// Known enum values of the insolvency records, so that decoding a known
// value does not allocate.
var (
	knownInsolvencyEventTypes  = enums.InsolvencyEventType("").Values()
	knownInsolvencyReportTypes = enums.InsolvencyReportType("").Values()
	knownDebtorKinds           = enums.DebtorKind("").Values()
)

// decodeJSON decodes a search page. The page is left as read (a missing
// results list stays nil, for the envelope check); the results' lists are
// never nil.
func (r *InsolvencySearchResponse) decodeJSON(b []byte) error {
	return decodeWhole(b, r, insolvencySearchResponseField, func(r *InsolvencySearchResponse) {
		for i := range r.Results {
			nonNil(&r.Results[i].InsolvencyGrounds)
		}
	})
}

func insolvencySearchResponseField(d *decoder, x *InsolvencySearchResponse, key []byte) (bool, error) {
	switch string(key) {
	case "results":
		return true, decodeSlice(d, &x.Results, insolvencySearchResultField)
	case "pagination":
		return true, decodeObject(d, &x.Pagination, paginationField)
	}
	return false, nil
}

func paginationField(d *decoder, x *Pagination, key []byte) (bool, error) {
	switch string(key) {
	case "page":
		return true, readInt(d, &x.Page)
	case "per_page":
		return true, readInt(d, &x.PerPage)
	case "total_pages":
		return true, readInt(d, &x.TotalPages)
	case "total_results":
		return true, readInt(d, &x.TotalResults)
	}
	return false, nil
}

func insolvencySearchResultField(d *decoder, x *InsolvencySearchResult, key []byte) (bool, error) {
	switch string(key) {
	case "id":
		return true, readString(d, &x.ID)
	case "case_number":
		return true, readString(d, &x.CaseNumber)
	case "court":
		return true, readString(d, &x.Court)
	case "debtor_name":
		return true, readString(d, &x.DebtorName)
	case "current_status":
		return true, readString(d, &x.CurrentStatus, knownInsolvencyStatuses...)
	case "has_open_insolvency":
		return true, readBool(d, &x.HasOpenInsolvency)
	case "administration_kind":
		return true, readPtr(d, &x.AdministrationKind, readEnum(knownAdministrationKinds), nil)
	case "administrator_name":
		return true, readStringPtr(d, &x.AdministratorName)
	case "city":
		return true, readStringPtr(d, &x.City)
	case "closed_at":
		return true, readLenientDatePtr(d, &x.ClosedAt)
	case "company_id":
		return true, readStringPtr(d, &x.CompanyID)
	case "debtor_kind":
		return true, readPtr(d, &x.DebtorKind, readEnum(knownDebtorKinds), nil)
	case "debtor_legal_form":
		return true, readStringPtr(d, &x.DebtorLegalForm)
	case "insolvency_grounds":
		return true, readStrings(d, &x.InsolvencyGrounds)
	case "last_event_at":
		return true, readLenientDatePtr(d, &x.LastEventAt)
	case "opened_at":
		return true, readLenientDatePtr(d, &x.OpenedAt)
	case "person_id":
		return true, readStringPtr(d, &x.PersonID)
	case "proceeding_kind":
		return true, readPtr(d, &x.ProceedingKind, readEnum(knownProceedingKinds), nil)
	}
	return false, nil
}

// normalize makes the proceeding's lists, and its events', never nil.
func (p *Insolvency) normalize() {
	p.fillLists()
	for i := range p.Events {
		p.Events[i].fillLists() // also a null event ([null])
	}
}

func insolvencyRecordField(d *decoder, x *Insolvency, key []byte) (bool, error) {
	switch string(key) {
	case "id":
		return true, readString(d, &x.ID)
	case "case_number":
		return true, readString(d, &x.CaseNumber)
	case "court":
		return true, readString(d, &x.Court)
	case "current_status":
		return true, readString(d, &x.CurrentStatus, knownInsolvencyStatuses...)
	case "debtor_name":
		return true, readString(d, &x.DebtorName)
	case "company_id":
		return true, readStringPtr(d, &x.CompanyID)
	case "insolvency_grounds":
		return true, readStrings(d, &x.InsolvencyGrounds)
	case "events":
		return true, decodeSlice(d, &x.Events, insolvencyEventField)
	case "debtor_kind":
		return true, readPtr(d, &x.DebtorKind, readEnum(knownDebtorKinds), nil)
	case "debtor_legal_form":
		return true, readStringPtr(d, &x.DebtorLegalForm)
	case "proceeding_kind":
		return true, readPtr(d, &x.ProceedingKind, readEnum(knownProceedingKinds), nil)
	case "administration_kind":
		return true, readPtr(d, &x.AdministrationKind, readEnum(knownAdministrationKinds), nil)
	case "administrator_name":
		return true, readStringPtr(d, &x.AdministratorName)
	case "administrator_address":
		return true, readStringPtr(d, &x.AdministratorAddress)
	case "opened_at":
		return true, readLenientDatePtr(d, &x.OpenedAt)
	case "closed_at":
		return true, readLenientDatePtr(d, &x.ClosedAt)
	case "claims_filing_deadline":
		return true, readLenientDatePtr(d, &x.ClaimsFilingDeadline)
	case "first_event_at":
		return true, readLenientDatePtr(d, &x.FirstEventAt)
	case "last_event_at":
		return true, readLenientDatePtr(d, &x.LastEventAt)
	case "distribution_available":
		return true, readPtr(d, &x.DistributionAvailable, readFloat64, nil)
	case "distribution_claims_total":
		return true, readPtr(d, &x.DistributionClaimsTotal, readFloat64, nil)
	}
	return false, nil
}

func insolvencyEventField(d *decoder, x *InsolvencyEvent, key []byte) (bool, error) {
	switch string(key) {
	case "id":
		return true, readString(d, &x.ID)
	case "event_type":
		return true, readString(d, &x.EventType, knownInsolvencyEventTypes...)
	case "report_type":
		return true, readString(d, &x.ReportType, knownInsolvencyReportTypes...)
	case "published_at":
		return true, readLenientDate(d, &x.PublishedAt)
	case "summary":
		return true, readString(d, &x.Summary)
	case "details":
		return true, decodeObject(d, &x.Details, eventDetailsField)
	case "decision_date":
		return true, readLenientDatePtr(d, &x.DecisionDate)
	case "effective_at":
		return true, readPtr(d, &x.EffectiveAt, readTime, nil)
	}
	return false, nil
}

func eventDetailsField(d *decoder, x *InsolvencyEventDetails, key []byte) (bool, error) {
	switch string(key) {
	case "insolvency_grounds":
		return true, readStrings(d, &x.InsolvencyGrounds)
	case "meetings":
		return true, decodeSlice(d, &x.Meetings, meetingField)
	case "administrator_name":
		return true, readStringPtr(d, &x.AdministratorName)
	case "administrator_address":
		return true, readStringPtr(d, &x.AdministratorAddress)
	case "claims_filing_deadline":
		return true, readStringPtr(d, &x.ClaimsFilingDeadline)
	case "closed_at":
		return true, readStringPtr(d, &x.ClosedAt)
	case "discharge_granted":
		return true, readPtr(d, &x.DischargeGranted, readBool, nil)
	case "distribution_available":
		return true, readStringPtr(d, &x.DistributionAvailable)
	case "distribution_claims_total":
		return true, readStringPtr(d, &x.DistributionClaimsTotal)
	}
	return false, nil
}

func meetingField(d *decoder, x *InsolvencyMeeting, key []byte) (bool, error) {
	switch string(key) {
	case "kind":
		return true, readString(d, &x.Kind)
	case "at":
		return true, readStringPtr(d, &x.At)
	case "location":
		return true, readStringPtr(d, &x.Location)
	}
	return false, nil
}

// readLenientDate reads a date or date-time into a Date; null leaves it
// unchanged.
func readLenientDate(d *decoder, p *Date) error {
	raw, err := d.RawValue()
	if err != nil {
		return err
	}
	return (*lenientDate)(p).UnmarshalJSON(raw)
}

// readTime reads an RFC 3339 date-time as encoding/json reads a
// time.Time; null leaves it unchanged.
func readTime(d *decoder, p *time.Time) error {
	raw, err := d.RawValue()
	if err != nil {
		return err
	}
	return p.UnmarshalJSON(raw)
}

// readInt reads an integer into an int; null leaves it unchanged.
func readInt(d *decoder, p *int) error {
	if d.Null() {
		return nil
	}
	v, err := d.Int64()
	*p = int(v)
	return err
}

// readStrings reads an array of strings as encoding/json does: null sets
// *s to nil, a null element leaves that element as it was.
func readStrings(d *decoder, s *[]string) error { return readEnums(d, s) }
