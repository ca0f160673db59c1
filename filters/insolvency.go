package filters

import (
	"time"

	"github.com/registerdata/registerdata-go/enums"
)

// ScopeInsolvency is the scope of an insolvency search (POST
// /v1/search/insolvency). Its fields have a table of their own (see
// InsolvencyFields): some names, such as city, exist in the company
// search too with a different meaning.
const ScopeInsolvency Scope = 1 << 2

// The insolvency search's own field names. city and has_open_insolvency
// are shared with the company search (City, HasOpenInsolvency).
const (
	DebtorKind           Field = "debtor_kind"
	CurrentStatus        Field = "current_status"
	ProceedingKind       Field = "proceeding_kind"
	AdministrationKind   Field = "administration_kind"
	OpenedAt             Field = "opened_at"
	ClosedAt             Field = "closed_at"
	LastEventAt          Field = "last_event_at"
	ClaimsFilingDeadline Field = "claims_filing_deadline"
	DebtorLegalForm      Field = "debtor_legal_form"
	Court                Field = "court"
	InsolvencyGrounds    Field = "insolvency_grounds"
	CompanyID            Field = "company_id"
	PersonID             Field = "person_id"
)

// insolvencyFieldTable lists the 15 insolvency filter fields of the
// service. Date fields are documented; the other kinds are derived from
// the matching result fields.
var insolvencyFieldTable = []FieldInfo{
	{Name: DebtorKind, Kind: KindEnum, Scope: ScopeInsolvency, Confirmed: true, Official: true, Doc: "kind of debtor: legal_person, natural_person"},
	{Name: CurrentStatus, Kind: KindEnum, Scope: ScopeInsolvency, Confirmed: true, Official: true, Doc: "current status of the proceeding: preliminary, opened, ..."},
	{Name: ProceedingKind, Kind: KindEnum, Scope: ScopeInsolvency, Confirmed: true, Official: true, Doc: "regular_insolvency or consumer_insolvency"},
	{Name: AdministrationKind, Kind: KindEnum, Scope: ScopeInsolvency, Confirmed: true, Official: true, Doc: "external_administration, self_administration or protective_shield"},
	{Name: HasOpenInsolvency, Kind: KindBool, Scope: ScopeInsolvency, Confirmed: true, Official: true, Doc: "the proceeding is still open"},
	{Name: OpenedAt, Kind: KindDate, Scope: ScopeInsolvency, Confirmed: true, Official: true, Doc: "date of opening"},
	{Name: ClosedAt, Kind: KindDate, Scope: ScopeInsolvency, Confirmed: true, Official: true, Doc: "date of closing"},
	{Name: LastEventAt, Kind: KindDate, Scope: ScopeInsolvency, Confirmed: true, Official: true, Doc: "publication date of the latest event"},
	{Name: ClaimsFilingDeadline, Kind: KindDate, Scope: ScopeInsolvency, Confirmed: true, Official: true, Doc: "deadline for creditors to file claims"},
	{Name: DebtorLegalForm, Kind: KindText, Scope: ScopeInsolvency, Confirmed: true, Official: true, Doc: "legal form as published by the court, such as gmbh"},
	{Name: Court, Kind: KindText, Scope: ScopeInsolvency, Confirmed: true, Official: true, Doc: "insolvency court"},
	{Name: City, Kind: KindText, Scope: ScopeInsolvency, Confirmed: true, Official: true, Doc: "city of the debtor"},
	{Name: InsolvencyGrounds, Kind: KindText, Scope: ScopeInsolvency, Confirmed: true, Official: true, Doc: "grounds such as illiquidity, over_indebtedness"},
	{Name: CompanyID, Kind: KindText, Scope: ScopeInsolvency, Confirmed: true, Official: true, Doc: "company identifier of the debtor"},
	{Name: PersonID, Kind: KindText, Scope: ScopeInsolvency, Confirmed: true, Official: true, Doc: "person identifier (UUID) of the debtor"},
}

// InsolvencyFields lists the fields of the insolvency search, in the
// order of the service's list. Fields(ScopeInsolvency) returns the same.
func InsolvencyFields() []FieldInfo { return append([]FieldInfo(nil), insolvencyFieldTable...) }

// lookupIn returns what the SDK knows of field f in a search of scope:
// the insolvency search has its own table, the others share Lookup's.
func lookupIn(scope Scope, f Field) (FieldInfo, bool) {
	if scope != ScopeInsolvency {
		return Lookup(f)
	}
	for _, fi := range insolvencyFieldTable {
		if fi.Name == f {
			return fi, true
		}
	}
	return FieldInfo{}, false
}

// InsolvencyBuilder composes the filters of an insolvency search; every
// filter added must hold (AND). Start one with Insolvency.
//
// Like CompanyBuilder it is an immutable value: methods return a new
// builder, Build may be called any number of times with the same result,
// and a builder may be shared between goroutines.
type InsolvencyBuilder struct {
	fs list
}

// Insolvency starts the filters of an insolvency search
// (registerdata.InsolvencySearchRequest).
func Insolvency() InsolvencyBuilder { return InsolvencyBuilder{} }

// Build checks the filters with Validate for an insolvency search and
// returns them ready for the request, or every problem found, joined
// with errors.Join (each one a *FilterError).
func (b InsolvencyBuilder) Build() ([]Filter, error) { return b.fs.build(ScopeInsolvency) }

func (b InsolvencyBuilder) with(f Filter) InsolvencyBuilder { return InsolvencyBuilder{b.fs.add(f)} }

// Eq keeps proceedings whose field f equals v, as sent on the wire ("value").
func (b InsolvencyBuilder) Eq(f Field, v string) InsolvencyBuilder { return b.with(eq(f, v)) }

// In keeps proceedings whose field f is one of vs ("values").
func (b InsolvencyBuilder) In(f Field, vs ...string) InsolvencyBuilder { return b.with(in(f, vs)) }

// Between keeps proceedings whose field f lies in [min, max], both ends
// included; an empty string leaves that end open.
func (b InsolvencyBuilder) Between(f Field, min, max string) InsolvencyBuilder {
	return b.with(between(f, min, max))
}

// AtLeast keeps proceedings whose field f is min or later ("min").
func (b InsolvencyBuilder) AtLeast(f Field, min string) InsolvencyBuilder {
	return b.with(between(f, min, ""))
}

// AtMost keeps proceedings whose field f is max or earlier ("max").
func (b InsolvencyBuilder) AtMost(f Field, max string) InsolvencyBuilder {
	return b.with(between(f, "", max))
}

// Keywords keeps proceedings whose text field f contains every keyword.
func (b InsolvencyBuilder) Keywords(f Field, kws ...string) InsolvencyBuilder {
	return b.with(keywords(f, kws))
}

// DebtorKind keeps proceedings against debtors of any of the kinds k.
func (b InsolvencyBuilder) DebtorKind(k ...enums.DebtorKind) InsolvencyBuilder {
	return b.with(oneOf(DebtorKind, k))
}

// CurrentStatus keeps proceedings in any of the statuses s.
func (b InsolvencyBuilder) CurrentStatus(s ...enums.InsolvencyStatus) InsolvencyBuilder {
	return b.with(oneOf(CurrentStatus, s))
}

// ProceedingKind keeps proceedings of any of the kinds k.
func (b InsolvencyBuilder) ProceedingKind(k ...enums.ProceedingKind) InsolvencyBuilder {
	return b.with(oneOf(ProceedingKind, k))
}

// AdministrationKind keeps proceedings administered in any of the ways k.
func (b InsolvencyBuilder) AdministrationKind(k ...enums.AdministrationKind) InsolvencyBuilder {
	return b.with(oneOf(AdministrationKind, k))
}

// Open keeps proceedings that are still open (true) or closed (false).
func (b InsolvencyBuilder) Open(v bool) InsolvencyBuilder { return b.with(flag(HasOpenInsolvency, v)) }

// OpenedBetween keeps proceedings opened from from to to, both days
// included; a zero time.Time leaves that end open. Proceedings never
// opened do not match.
func (b InsolvencyBuilder) OpenedBetween(from, to time.Time) InsolvencyBuilder {
	return b.with(dateRange(OpenedAt, from, to))
}

// ClosedBetween keeps proceedings closed from from to to, both days included.
func (b InsolvencyBuilder) ClosedBetween(from, to time.Time) InsolvencyBuilder {
	return b.with(dateRange(ClosedAt, from, to))
}

// LastEventBetween keeps proceedings whose latest event was published
// from from to to, both days included.
func (b InsolvencyBuilder) LastEventBetween(from, to time.Time) InsolvencyBuilder {
	return b.with(dateRange(LastEventAt, from, to))
}

// ClaimsFilingDeadlineBetween keeps proceedings whose deadline for filing
// claims lies from from to to, both days included.
func (b InsolvencyBuilder) ClaimsFilingDeadlineBetween(from, to time.Time) InsolvencyBuilder {
	return b.with(dateRange(ClaimsFilingDeadline, from, to))
}

// DebtorLegalForm keeps proceedings whose debtor has the legal form as
// published by the court (exact, case-insensitive), such as "gmbh".
func (b InsolvencyBuilder) DebtorLegalForm(form string) InsolvencyBuilder {
	return b.with(eq(DebtorLegalForm, form))
}

// Court keeps proceedings of the named insolvency court (exact,
// case-insensitive). For a partial match use Keywords(filters.Court, ...).
func (b InsolvencyBuilder) Court(name string) InsolvencyBuilder { return b.with(eq(Court, name)) }

// City keeps proceedings whose debtor lives or is registered in the named
// city (exact, case-insensitive).
func (b InsolvencyBuilder) City(name string) InsolvencyBuilder { return b.with(eq(City, name)) }

// InsolvencyGrounds keeps proceedings with the given ground among their
// grounds (exact, case-insensitive), such as "illiquidity".
func (b InsolvencyBuilder) InsolvencyGrounds(ground string) InsolvencyBuilder {
	return b.with(eq(InsolvencyGrounds, ground))
}

// CompanyID keeps the proceedings against the company with identifier id.
func (b InsolvencyBuilder) CompanyID(id string) InsolvencyBuilder { return b.with(eq(CompanyID, id)) }

// PersonID keeps the proceedings against the natural person with UUID id.
func (b InsolvencyBuilder) PersonID(id string) InsolvencyBuilder { return b.with(eq(PersonID, id)) }
