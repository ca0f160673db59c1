package changes

import (
	"strings"

	registerdata "github.com/registerdata/registerdata-go"
	"github.com/registerdata/registerdata-go/enums"
)

// representation compares the representatives, matched by id (else name)
// and role code.
func representation(d *differ, before, after []registerdata.Representative) {
	pair(before, after, representativeKey, sameRepresentative, func(b, a *registerdata.Representative) {
		switch {
		case b == nil:
			d.change(Change{Category: representativeCategory(a), Kind: Added, Field: "representation", Subject: representativeSubject(a), After: representativeSpan(a)})
		case a == nil:
			d.change(Change{Category: representativeCategory(b), Kind: Removed, Field: "representation", Subject: representativeSubject(b), Before: representativeSpan(b)})
		default:
			representativeChanges(d, b, a)
		}
	})
}

func representativeChanges(d *differ, b, a *registerdata.Representative) {
	if sameRepresentative(b, a) {
		return
	}
	cat, subj := representativeCategory(a), representativeSubject(a)
	switch {
	case b.EndDate == nil && a.EndDate != nil:
		d.change(Change{Category: cat, Kind: Removed, Field: "representation", Subject: subj, Before: since(b.StartDate), After: "until " + a.EndDate.String()})
	case b.EndDate != nil && a.EndDate == nil:
		d.change(Change{Category: cat, Kind: Added, Field: "representation", Subject: subj, Before: "until " + b.EndDate.String(), After: since(a.StartDate)})
	default:
		d.add(cat, "representation.end_date", subj, showDatePtr(b.EndDate), showDatePtr(a.EndDate))
	}
	d.modified(cat, "representation.name", subj, b.Name, a.Name)
	d.modified(cat, "representation.type", subj, string(b.Type), string(a.Type))
	d.modified(cat, "representation.role", subj, string(b.Role), string(a.Role))
	if b.RoleDetail != a.RoleDetail {
		d.modified(cat, "representation.role_detail", subj, showRoleDetail(b.RoleDetail), showRoleDetail(a.RoleDetail))
	}
	d.add(cat, "representation.start_date", subj, showDate(b.StartDate), showDate(a.StartDate))
	d.add(cat, "representation.authority", subj, showStr(b.Authority), showStr(a.Authority))
	d.add(cat, "representation.legal_person", subj, showLegalPerson(b.LegalPerson), showLegalPerson(a.LegalPerson))
	d.add(cat, "representation.natural_person", subj, showNaturalPerson(b.NaturalPerson), showNaturalPerson(a.NaturalPerson))
}

// representativeSpan is "since S", "since S until E" or "until E".
func representativeSpan(r *registerdata.Representative) string {
	if r.EndDate != nil {
		return join(" ", since(r.StartDate), "until "+r.EndDate.String())
	}
	return since(r.StartDate)
}

// repKey identifies a representative: id, else name, and role code.
type repKey struct {
	id, name string
	code     enums.RoleCode
}

func representativeKey(r *registerdata.Representative) repKey {
	if r.ID != nil && *r.ID != "" {
		return repKey{id: *r.ID, code: r.RoleDetail.Code}
	}
	return repKey{name: r.Name, code: r.RoleDetail.Code}
}

// representativeCategory is ownership for a stake (SHAREHOLDER, OWNER),
// representation for every other role.
func representativeCategory(r *registerdata.Representative) enums.Preference {
	role := r.Role
	if !role.IsKnown() {
		role = r.RoleDetail.Code.Normalize().Role()
	}
	if role == enums.RoleShareholder || role == enums.RoleOwner {
		return enums.PreferenceOwnership
	}
	return enums.PreferenceRepresentation
}

// representativeSubject is "Name (role)", the role as its English label
// when the service sent one.
func representativeSubject(r *registerdata.Representative) string {
	role := r.RoleDetail.LabelEN
	if role == "" {
		role = words(string(r.RoleDetail.Code))
	}
	if role == "" {
		role = words(string(r.Role))
	}
	if role == "" {
		return r.Name
	}
	return r.Name + " (" + role + ")"
}

func sameRepresentative(a, b *registerdata.Representative) bool {
	return sameStrPtr(a.ID, b.ID) && a.Name == b.Name && a.Type == b.Type && a.Role == b.Role &&
		a.RoleDetail == b.RoleDetail && a.StartDate == b.StartDate && sameDatePtr(a.EndDate, b.EndDate) &&
		sameStrPtr(a.Authority, b.Authority) &&
		sameLegalPerson(a.LegalPerson, b.LegalPerson) && sameNaturalPerson(a.NaturalPerson, b.NaturalPerson)
}

func sameLegalPerson(a, b *registerdata.LegalPerson) bool {
	if a == nil || b == nil {
		return a == b
	}
	return a.Name == b.Name && sameStrPtr(a.City, b.City) && a.Country == b.Country
}

func sameNaturalPerson(a, b *registerdata.NaturalPerson) bool {
	if a == nil || b == nil {
		return a == b
	}
	return sameStrPtr(a.City, b.City) && sameStrPtr(a.FirstName, b.FirstName) && sameStrPtr(a.LastName, b.LastName) && sameDatePtr(a.DateOfBirth, b.DateOfBirth)
}

func showRoleDetail(r registerdata.RoleDetail) string {
	return join(", ", string(r.Code), r.LabelEN, r.LabelENShort, r.LabelDE, r.LabelDEShort)
}

func showLegalPerson(p *registerdata.LegalPerson) string {
	if p == nil {
		return ""
	}
	return join(", ", p.Name, showStr(p.City), p.Country, "legal person")
}

func showNaturalPerson(p *registerdata.NaturalPerson) string {
	if p == nil {
		return ""
	}
	return join(", ", join(" ", showStr(p.FirstName), showStr(p.LastName)), showStr(p.City), labelled("born", showDatePtr(p.DateOfBirth)), "natural person")
}

// indicators compares the financial figures per date.
func indicators(d *differ, before, after []registerdata.IndicatorSummary) {
	const cat = enums.PreferenceFinancials
	key := func(i *registerdata.IndicatorSummary) registerdata.Date { return i.Date }
	pair(before, after, key, sameIndicators, func(b, a *registerdata.IndicatorSummary) {
		switch {
		case b == nil:
			d.change(Change{Category: cat, Kind: Added, Field: "indicators", Subject: a.Date.String(), After: showIndicatorsBrief(a)})
		case a == nil:
			d.change(Change{Category: cat, Kind: Removed, Field: "indicators", Subject: b.Date.String(), Before: showIndicatorsBrief(b)})
		default:
			subj := a.Date.String()
			d.add(cat, "indicators.report_id", subj, b.ReportID, a.ReportID)
			for _, f := range indicatorFigures {
				fb, fa := f.get(b), f.get(a)
				if !sameInt64Ptr(fb, fa) {
					d.add(cat, "indicators."+f.name, subj, f.show(fb), f.show(fa))
				}
			}
		}
	})
}

type indicatorFigure struct {
	name  string
	count bool // a head count, not cents
	get   func(*registerdata.IndicatorSummary) *int64
}

func (f indicatorFigure) show(v *int64) string {
	switch {
	case v == nil:
		return ""
	case f.count:
		return showFloat(float64(*v))
	}
	return showCents(*v)
}

var indicatorFigures = []indicatorFigure{
	{"balance_sheet_total", false, func(i *registerdata.IndicatorSummary) *int64 { return i.BalanceSheetTotal }},
	{"net_income", false, func(i *registerdata.IndicatorSummary) *int64 { return i.NetIncome }},
	{"revenue", false, func(i *registerdata.IndicatorSummary) *int64 { return i.Revenue }},
	{"cash", false, func(i *registerdata.IndicatorSummary) *int64 { return i.Cash }},
	{"employees", true, func(i *registerdata.IndicatorSummary) *int64 { return i.Employees }},
	{"equity", false, func(i *registerdata.IndicatorSummary) *int64 { return i.Equity }},
	{"real_estate", false, func(i *registerdata.IndicatorSummary) *int64 { return i.RealEstate }},
	{"materials", false, func(i *registerdata.IndicatorSummary) *int64 { return i.Materials }},
	{"pension_provisions", false, func(i *registerdata.IndicatorSummary) *int64 { return i.PensionProvisions }},
	{"salaries", false, func(i *registerdata.IndicatorSummary) *int64 { return i.Salaries }},
	{"taxes", false, func(i *registerdata.IndicatorSummary) *int64 { return i.Taxes }},
	{"liabilities", false, func(i *registerdata.IndicatorSummary) *int64 { return i.Liabilities }},
	{"capital_reserves", false, func(i *registerdata.IndicatorSummary) *int64 { return i.CapitalReserves }},
}

func sameIndicators(a, b *registerdata.IndicatorSummary) bool {
	if a.Date != b.Date || a.ReportID != b.ReportID {
		return false
	}
	for _, f := range indicatorFigures {
		if !sameInt64Ptr(f.get(a), f.get(b)) {
			return false
		}
	}
	return true
}

// showIndicatorsBrief names the headline figures of a year.
func showIndicatorsBrief(i *registerdata.IndicatorSummary) string {
	var parts []string
	for _, f := range indicatorFigures[:5] {
		if v := f.get(i); v != nil {
			parts = append(parts, words(f.name)+" "+f.show(v))
		}
	}
	if len(parts) == 0 {
		return "report " + i.ReportID
	}
	return join(", ", parts...)
}

// documents compares the documents by id.
func documents(d *differ, before, after []registerdata.CompanyDocument) {
	const cat = enums.PreferenceDocuments
	key := func(x *registerdata.CompanyDocument) string { return x.ID }
	same := func(x, y *registerdata.CompanyDocument) bool { return *x == *y }
	pair(before, after, key, same, func(b, a *registerdata.CompanyDocument) {
		switch {
		case b == nil:
			d.change(Change{Category: cat, Kind: Added, Field: "documents", Subject: documentSubject(a), After: "id " + a.ID})
		case a == nil:
			d.change(Change{Category: cat, Kind: Removed, Field: "documents", Subject: documentSubject(b), Before: "id " + b.ID})
		case *b != *a:
			subj := documentSubject(a)
			d.modified(cat, "documents.type", subj, string(b.Type), string(a.Type))
			d.add(cat, "documents.date", subj, showDate(b.Date), showDate(a.Date))
			d.modified(cat, "documents.latest", subj, latestWord(b.Latest), latestWord(a.Latest))
		}
	})
}

func latestWord(latest bool) string {
	if latest {
		return "latest"
	}
	return "not latest"
}

func documentSubject(x *registerdata.CompanyDocument) string {
	s := strings.ReplaceAll(string(x.Type), "_", " ")
	if s == "" {
		s = "document"
	}
	return join(" of ", s, showDate(x.Date))
}

// insolvencies compares the insolvency summaries per proceeding.
func insolvencies(d *differ, before, after []registerdata.InsolvencySummary) {
	const cat = enums.PreferenceInsolvencies
	key := func(x *registerdata.InsolvencySummary) string { return x.ID }
	pair(before, after, key, sameInsolvency, func(b, a *registerdata.InsolvencySummary) {
		switch {
		case b == nil:
			d.change(Change{Category: cat, Kind: Added, Field: "insolvencies", Subject: insolvencySubject(a), After: insolvencyBrief(a)})
		case a == nil:
			d.change(Change{Category: cat, Kind: Removed, Field: "insolvencies", Subject: insolvencySubject(b), Before: insolvencyBrief(b)})
		case !sameInsolvency(b, a):
			subj := insolvencySubject(a)
			d.modified(cat, "insolvencies.current_status", subj, string(b.CurrentStatus), string(a.CurrentStatus))
			d.modified(cat, "insolvencies.court", subj, b.Court, a.Court)
			d.modified(cat, "insolvencies.case_number", subj, b.CaseNumber, a.CaseNumber)
			d.add(cat, "insolvencies.proceeding_kind", subj, showEnumPtr(b.ProceedingKind), showEnumPtr(a.ProceedingKind))
			d.add(cat, "insolvencies.administration_kind", subj, showEnumPtr(b.AdministrationKind), showEnumPtr(a.AdministrationKind))
			d.add(cat, "insolvencies.opened_at", subj, showDatePtr(b.OpenedAt), showDatePtr(a.OpenedAt))
			d.add(cat, "insolvencies.closed_at", subj, showDatePtr(b.ClosedAt), showDatePtr(a.ClosedAt))
		}
	})
}

func showEnumPtr[T ~string](p *T) string {
	if p == nil {
		return ""
	}
	return string(*p)
}

// insolvencyBrief is a proceeding's status and opening date.
func insolvencyBrief(x *registerdata.InsolvencySummary) string {
	return join(", ", labelled("status", string(x.CurrentStatus)), labelled("opened", showDatePtr(x.OpenedAt)))
}

func insolvencySubject(x *registerdata.InsolvencySummary) string {
	s := "insolvency proceeding"
	if x.CaseNumber != "" {
		s += " " + x.CaseNumber
	}
	if x.Court != "" {
		s += " at " + x.Court
	}
	if x.CaseNumber == "" && x.Court == "" {
		s += " " + x.ID
	}
	return s
}

func sameInsolvency(a, b *registerdata.InsolvencySummary) bool {
	return a.ID == b.ID && a.CurrentStatus == b.CurrentStatus && a.Court == b.Court && a.CaseNumber == b.CaseNumber &&
		samePtr(a.ProceedingKind, b.ProceedingKind) && samePtr(a.AdministrationKind, b.AdministrationKind) &&
		sameDatePtr(a.OpenedAt, b.OpenedAt) && sameDatePtr(a.ClosedAt, b.ClosedAt)
}
