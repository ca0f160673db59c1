package fake

import (
	"hash/fnv"
	"slices"
	"strconv"
	"strings"

	registerdata "github.com/registerdata/registerdata-go"
	"github.com/registerdata/registerdata-go/enums"
)

// buildProceeding assembles a proceeding: the debtor, the summary sum (its
// current state), the events derived from base (the summary before any
// event was added) and the added events.
func buildProceeding(d debtor, sum, base registerdata.InsolvencySummary, added []registerdata.InsolvencyEvent) proceeding {
	h := fnv.New32a()
	h.Write([]byte(sum.ID))
	seed := h.Sum32()

	p := registerdata.Insolvency{
		ID: sum.ID, CaseNumber: sum.CaseNumber, Court: sum.Court, CurrentStatus: sum.CurrentStatus,
		DebtorName: d.name, CompanyID: d.companyID, DebtorKind: ptrTo(d.kind), DebtorLegalForm: d.legalForm,
		ProceedingKind: sum.ProceedingKind, AdministrationKind: sum.AdministrationKind,
		OpenedAt: sum.OpenedAt, ClosedAt: sum.ClosedAt,
		InsolvencyGrounds: []string{"illiquidity"},
	}
	if d.kind == enums.DebtorKindLegalPerson && seed%2 == 0 {
		p.InsolvencyGrounds = append(p.InsolvencyGrounds, "over_indebtedness")
	}
	if sum.OpenedAt != nil {
		name := administrators[seed%uint32(len(administrators))]
		addr := "Kanzleistraße " + strconv.Itoa(int(seed%90)+1) + ", " + courtCity(sum.Court)
		p.AdministratorName, p.AdministratorAddress = &name, &addr
		deadline := registerdata.DateOf(sum.OpenedAt.Time().AddDate(0, 0, 42))
		p.ClaimsFilingDeadline = &deadline
	}
	if sum.CurrentStatus == enums.InsolvencyStatusLifted || sum.CurrentStatus == enums.InsolvencyStatusDischargeGranted {
		avail, claims := float64(seed%500_000)+1000, float64(seed%2_000_000)+600_000
		p.DistributionAvailable, p.DistributionClaimsTotal = &avail, &claims
	}
	p.Events = derivedEvents(base, p)
	p.Events = append(p.Events, added...)
	slices.SortStableFunc(p.Events, func(a, b registerdata.InsolvencyEvent) int { return a.PublishedAt.Compare(b.PublishedAt) })
	if n := len(p.Events); n > 0 {
		first, last := p.Events[0].PublishedAt, p.Events[n-1].PublishedAt
		p.FirstEventAt, p.LastEventAt = &first, &last
	}
	return proceeding{Insolvency: p, city: d.city, personID: d.personID}
}

// administrators are the fictional insolvency administrators of the fake.
var administrators = []string{"Dr. Katrin Vogelsang", "Rechtsanwalt Henrik Albers", "Dr. Miriam Tetzlaff", "Jens-Uwe Brandhorst", "Dr. Selin Kaya"}

// courtCity is the place of a court named "Amtsgericht Place".
func courtCity(court string) string {
	if c, ok := strings.CutPrefix(court, "Amtsgericht "); ok {
		return c
	}
	return court
}

// derivedEvents are the published events of a proceeding whose summary
// is sum: preliminary measures, the opening when opened_at is set, and
// the event that led to the current status (at closed_at when set).
func derivedEvents(sum registerdata.InsolvencySummary, p registerdata.Insolvency) []registerdata.InsolvencyEvent {
	start := startDate(sum)
	ev := func(n int, t enums.InsolvencyEventType, at registerdata.Date, summary string) registerdata.InsolvencyEvent {
		d := at
		return registerdata.InsolvencyEvent{
			ID: derivedUUID("insolvency-event", sum.ID, strconv.Itoa(n)), EventType: t, ReportType: reportTypeFor(t),
			PublishedAt: at, Summary: summary + " (" + sum.CaseNumber + ", " + sum.Court + ")", DecisionDate: &d,
			Details: registerdata.InsolvencyEventDetails{InsolvencyGrounds: []string{}, Meetings: []registerdata.InsolvencyMeeting{}},
		}
	}
	out := []registerdata.InsolvencyEvent{ev(0, enums.InsolvencyEventTypePreliminaryMeasures, start, "Vorläufige Sicherungsmaßnahmen angeordnet")}
	last := start
	if sum.OpenedAt != nil {
		e := ev(1, enums.InsolvencyEventTypeProceedingsOpened, *sum.OpenedAt, "Insolvenzverfahren eröffnet")
		e.Details.InsolvencyGrounds = slices.Clone(p.InsolvencyGrounds)
		e.Details.AdministratorName, e.Details.AdministratorAddress = p.AdministratorName, p.AdministratorAddress
		if p.ClaimsFilingDeadline != nil {
			e.Details.ClaimsFilingDeadline = ptrTo(p.ClaimsFilingDeadline.String())
			meeting := registerdata.DateOf(sum.OpenedAt.Time().AddDate(0, 0, 56)).String() + "T10:00:00+01:00"
			e.Details.Meetings = []registerdata.InsolvencyMeeting{{Kind: "creditors_meeting", At: &meeting, Location: ptrTo(sum.Court + ", Saal 1")}}
		}
		out, last = append(out, e), *sum.OpenedAt
	}
	t, ok := eventForStatus(sum.CurrentStatus)
	if !ok {
		return out
	}
	at := registerdata.DateOf(last.Time().AddDate(0, 0, 180))
	if sum.ClosedAt != nil && !sum.ClosedAt.Before(last) {
		at = *sum.ClosedAt
	}
	e := ev(2, t, at, statusSummaries[t])
	if sum.ClosedAt != nil {
		e.Details.ClosedAt = ptrTo(sum.ClosedAt.String())
	}
	switch t {
	case enums.InsolvencyEventTypeDischargeGranted:
		e.Details.DischargeGranted = ptrTo(true)
	case enums.InsolvencyEventTypeDischargeDenied, enums.InsolvencyEventTypeDischargeRevoked:
		e.Details.DischargeGranted = ptrTo(false)
	}
	if p.DistributionAvailable != nil {
		e.Details.DistributionAvailable = ptrTo(strconv.FormatFloat(*p.DistributionAvailable, 'f', 2, 64))
		e.Details.DistributionClaimsTotal = ptrTo(strconv.FormatFloat(*p.DistributionClaimsTotal, 'f', 2, 64))
	}
	return append(out, e)
}

// startDate is the date of the first event: 30 days before the opening,
// else 60 days before the closing, else 15 January of the case number's
// year ("IN 233/25": 2025).
func startDate(sum registerdata.InsolvencySummary) registerdata.Date {
	switch {
	case sum.OpenedAt != nil:
		return registerdata.DateOf(sum.OpenedAt.Time().AddDate(0, 0, -30))
	case sum.ClosedAt != nil:
		return registerdata.DateOf(sum.ClosedAt.Time().AddDate(0, 0, -60))
	}
	year := 2024
	if _, yy, ok := strings.Cut(sum.CaseNumber, "/"); ok {
		if n, err := strconv.Atoi(strings.TrimSpace(yy)); err == nil && n >= 0 && n < 100 {
			year = 2000 + n
		}
	}
	return registerdata.NewDate(year, 1, 15)
}

var statusSummaries = map[enums.InsolvencyEventType]string{
	enums.InsolvencyEventTypeRejectedInsufficientAssets: "Antrag mangels Masse abgewiesen",
	enums.InsolvencyEventTypeMassInsufficiencyNotified:  "Masseunzulänglichkeit angezeigt",
	enums.InsolvencyEventTypePlanSupervisionOrdered:     "Überwachung der Planerfüllung angeordnet",
	enums.InsolvencyEventTypeProceedingsLifted:          "Insolvenzverfahren aufgehoben",
	enums.InsolvencyEventTypeProceedingsDiscontinued:    "Insolvenzverfahren eingestellt",
	enums.InsolvencyEventTypeDischargePending:           "Restschuldbefreiung angekündigt",
	enums.InsolvencyEventTypeDischargeGranted:           "Restschuldbefreiung erteilt",
	enums.InsolvencyEventTypeDischargeDenied:            "Restschuldbefreiung versagt",
	enums.InsolvencyEventTypeDischargeRevoked:           "Restschuldbefreiung widerrufen",
	enums.InsolvencyEventTypeOther:                      "Sonstige Bekanntmachung",
}

// eventForStatus is the event that leads to status s, when it is not
// reached by preliminary measures or the opening alone.
func eventForStatus(s enums.InsolvencyStatus) (enums.InsolvencyEventType, bool) {
	switch s {
	case enums.InsolvencyStatusPreliminary, enums.InsolvencyStatusOpened:
		return "", false
	case enums.InsolvencyStatusRejectedNoAssets:
		return enums.InsolvencyEventTypeRejectedInsufficientAssets, true
	case enums.InsolvencyStatusMassInsufficient:
		return enums.InsolvencyEventTypeMassInsufficiencyNotified, true
	case enums.InsolvencyStatusPlanSupervised:
		return enums.InsolvencyEventTypePlanSupervisionOrdered, true
	case enums.InsolvencyStatusLifted:
		return enums.InsolvencyEventTypeProceedingsLifted, true
	case enums.InsolvencyStatusDiscontinued:
		return enums.InsolvencyEventTypeProceedingsDiscontinued, true
	case enums.InsolvencyStatusDischargePending, enums.InsolvencyStatusDischargeGranted,
		enums.InsolvencyStatusDischargeDenied, enums.InsolvencyStatusDischargeRevoked:
		return enums.InsolvencyEventType(s), true
	}
	return enums.InsolvencyEventTypeOther, true
}

// statusAfterEvent is the status a proceeding in status cur has after an
// event of type t: the fake's reading of the event names (the service
// does not publish the mapping). Events that record no step of the
// status (decisions, distributions, a confirmed plan, other) keep it.
func statusAfterEvent(t enums.InsolvencyEventType, cur enums.InsolvencyStatus) enums.InsolvencyStatus {
	switch t {
	case enums.InsolvencyEventTypePreliminaryMeasures:
		return enums.InsolvencyStatusPreliminary
	case enums.InsolvencyEventTypeProceedingsOpened:
		return enums.InsolvencyStatusOpened
	case enums.InsolvencyEventTypeRejectedInsufficientAssets:
		return enums.InsolvencyStatusRejectedNoAssets
	case enums.InsolvencyEventTypeMassInsufficiencyNotified:
		return enums.InsolvencyStatusMassInsufficient
	case enums.InsolvencyEventTypePlanSupervisionOrdered:
		return enums.InsolvencyStatusPlanSupervised
	case enums.InsolvencyEventTypePreliminaryMeasuresLifted, enums.InsolvencyEventTypeProceedingsLifted,
		enums.InsolvencyEventTypeProceedingsTerminated, enums.InsolvencyEventTypePlanSupervisionTerminated:
		return enums.InsolvencyStatusLifted
	case enums.InsolvencyEventTypeProceedingsDiscontinued:
		return enums.InsolvencyStatusDiscontinued
	case enums.InsolvencyEventTypeDischargePending, enums.InsolvencyEventTypeDischargeGranted,
		enums.InsolvencyEventTypeDischargeDenied, enums.InsolvencyEventTypeDischargeRevoked:
		return enums.InsolvencyStatus(t)
	}
	return cur
}

// reportTypeFor is the category of publication an event of type t comes in.
func reportTypeFor(t enums.InsolvencyEventType) enums.InsolvencyReportType {
	switch t {
	case enums.InsolvencyEventTypePreliminaryMeasures, enums.InsolvencyEventTypePreliminaryMeasuresLifted:
		return enums.InsolvencyReportTypeSecurityMeasures
	case enums.InsolvencyEventTypeProceedingsOpened:
		return enums.InsolvencyReportTypeOpenings
	case enums.InsolvencyEventTypeRejectedInsufficientAssets:
		return enums.InsolvencyReportTypeRejectionForInsufficiencyOfAssets
	case enums.InsolvencyEventTypeDistributionAnnounced, enums.InsolvencyEventTypeDistributionRecordFiled,
		enums.InsolvencyEventTypeFinalDistributionAnnounced:
		return enums.InsolvencyReportTypeDistributionLists
	case enums.InsolvencyEventTypePostTerminationDecision, enums.InsolvencyEventTypeSubsequentDistributionOrdered:
		return enums.InsolvencyReportTypeDecisionsAfterTermination
	case enums.InsolvencyEventTypeDischargePending, enums.InsolvencyEventTypeDischargeGranted,
		enums.InsolvencyEventTypeDischargeDenied, enums.InsolvencyEventTypeDischargeRevoked:
		return enums.InsolvencyReportTypeDecisionsInDischargeProceedings
	case enums.InsolvencyEventTypePlanConfirmed, enums.InsolvencyEventTypePlanSupervisionOrdered,
		enums.InsolvencyEventTypePlanSupervisionTerminated:
		return enums.InsolvencyReportTypeSupervisedInsolvencyPlans
	case enums.InsolvencyEventTypeOther:
		return enums.InsolvencyReportTypeMisc
	}
	return enums.InsolvencyReportTypeDecisionsInProceedings
}

// personCases are the proceedings against natural persons: three persons
// of the curated register, chosen by their ids, so the choice is stable.
func personCases() []*personCase {
	reg, err := curated()
	if err != nil || len(reg.persons) < 3 {
		return nil
	}
	consumer, regular := enums.ProceedingKindConsumerInsolvency, enums.ProceedingKindRegularInsolvency
	external, self := enums.AdministrationKindExternalAdministration, enums.AdministrationKindSelfAdministration
	specs := []struct {
		status         enums.InsolvencyStatus
		kind           *enums.ProceedingKind
		admin          *enums.AdministrationKind
		caseNo         string
		opened, closed *registerdata.Date
	}{
		{enums.InsolvencyStatusDischargePending, &consumer, &external, "67c IK 214/21", ptrTo(registerdata.NewDate(2021, 3, 10)), nil},
		{enums.InsolvencyStatusOpened, &consumer, &external, "36 IK 1187/25", ptrTo(registerdata.NewDate(2025, 2, 3)), nil},
		{enums.InsolvencyStatusDischargeGranted, &regular, &self, "501 IN 88/17", ptrTo(registerdata.NewDate(2017, 6, 12)), ptrTo(registerdata.NewDate(2023, 6, 12))},
	}
	out := make([]*personCase, 0, len(specs))
	for i, spec := range specs {
		p := reg.persons[i*len(reg.persons)/len(specs)]
		court := "Amtsgericht Hamburg"
		var city *string // each server's own copy
		if p.city != nil {
			city = ptrTo(*p.city)
			if *city != "" {
				court = "Amtsgericht " + *city
			}
		}
		id := p.id
		out = append(out, &personCase{
			debtor: debtor{name: p.name, kind: enums.DebtorKindNaturalPerson, personID: &id, city: city},
			sum: registerdata.InsolvencySummary{
				ID: derivedUUID("person-insolvency", p.id), CurrentStatus: spec.status, Court: court, CaseNumber: spec.caseNo,
				ProceedingKind: spec.kind, AdministrationKind: spec.admin, OpenedAt: spec.opened, ClosedAt: spec.closed,
			},
		})
	}
	return out
}
