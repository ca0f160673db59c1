package enums

// InsolvencyEventType is the lifecycle step of an insolvency proceeding
// that a court publication records.
type InsolvencyEventType string

// Insolvency event types.
const (
	InsolvencyEventTypePreliminaryMeasures           InsolvencyEventType = "preliminary_measures"            // vorläufige Sicherungsmaßnahmen
	InsolvencyEventTypePreliminaryMeasuresLifted     InsolvencyEventType = "preliminary_measures_lifted"     // Sicherungsmaßnahmen aufgehoben
	InsolvencyEventTypeProceedingsOpened             InsolvencyEventType = "proceedings_opened"              // Eröffnung
	InsolvencyEventTypeRejectedInsufficientAssets    InsolvencyEventType = "rejected_insufficient_assets"    // Abweisung mangels Masse
	InsolvencyEventTypeInProceedingDecision          InsolvencyEventType = "in_proceeding_decision"          // Entscheidung im Verfahren
	InsolvencyEventTypeMassInsufficiencyNotified     InsolvencyEventType = "mass_insufficiency_notified"     // Anzeige der Masseunzulänglichkeit
	InsolvencyEventTypeDistributionAnnounced         InsolvencyEventType = "distribution_announced"          // Verteilung angekündigt
	InsolvencyEventTypeDistributionRecordFiled       InsolvencyEventType = "distribution_record_filed"       // Verteilungsverzeichnis niedergelegt
	InsolvencyEventTypeFinalDistributionAnnounced    InsolvencyEventType = "final_distribution_announced"    // Schlussverteilung
	InsolvencyEventTypeProceedingsLifted             InsolvencyEventType = "proceedings_lifted"              // Aufhebung
	InsolvencyEventTypeProceedingsDiscontinued       InsolvencyEventType = "proceedings_discontinued"        // Einstellung
	InsolvencyEventTypeProceedingsTerminated         InsolvencyEventType = "proceedings_terminated"          // Beendigung
	InsolvencyEventTypePostTerminationDecision       InsolvencyEventType = "post_termination_decision"       // Entscheidung nach Aufhebung
	InsolvencyEventTypeSubsequentDistributionOrdered InsolvencyEventType = "subsequent_distribution_ordered" // Nachtragsverteilung
	InsolvencyEventTypeDischargePending              InsolvencyEventType = "discharge_pending"               // Restschuldbefreiung angekündigt
	InsolvencyEventTypeDischargeGranted              InsolvencyEventType = "discharge_granted"               // Restschuldbefreiung erteilt
	InsolvencyEventTypeDischargeDenied               InsolvencyEventType = "discharge_denied"                // Restschuldbefreiung versagt
	InsolvencyEventTypeDischargeRevoked              InsolvencyEventType = "discharge_revoked"               // Restschuldbefreiung widerrufen
	InsolvencyEventTypePlanConfirmed                 InsolvencyEventType = "plan_confirmed"                  // Insolvenzplan bestätigt
	InsolvencyEventTypePlanSupervisionOrdered        InsolvencyEventType = "plan_supervision_ordered"        // Planüberwachung angeordnet
	InsolvencyEventTypePlanSupervisionTerminated     InsolvencyEventType = "plan_supervision_terminated"     // Planüberwachung aufgehoben
	InsolvencyEventTypeOther                         InsolvencyEventType = "other"
)

var insolvencyEventTypes = []InsolvencyEventType{
	InsolvencyEventTypePreliminaryMeasures, InsolvencyEventTypePreliminaryMeasuresLifted, InsolvencyEventTypeProceedingsOpened,
	InsolvencyEventTypeRejectedInsufficientAssets, InsolvencyEventTypeInProceedingDecision, InsolvencyEventTypeMassInsufficiencyNotified,
	InsolvencyEventTypeDistributionAnnounced, InsolvencyEventTypeDistributionRecordFiled, InsolvencyEventTypeFinalDistributionAnnounced,
	InsolvencyEventTypeProceedingsLifted, InsolvencyEventTypeProceedingsDiscontinued, InsolvencyEventTypeProceedingsTerminated,
	InsolvencyEventTypePostTerminationDecision, InsolvencyEventTypeSubsequentDistributionOrdered, InsolvencyEventTypeDischargePending,
	InsolvencyEventTypeDischargeGranted, InsolvencyEventTypeDischargeDenied, InsolvencyEventTypeDischargeRevoked,
	InsolvencyEventTypePlanConfirmed, InsolvencyEventTypePlanSupervisionOrdered, InsolvencyEventTypePlanSupervisionTerminated,
	InsolvencyEventTypeOther,
}

// Values lists every insolvency event type of the specification; the receiver is ignored.
func (InsolvencyEventType) Values() []InsolvencyEventType { return values(insolvencyEventTypes) }

// IsKnown reports whether t is an insolvency event type of the specification.
func (t InsolvencyEventType) IsKnown() bool { return known(t, insolvencyEventTypes) }

// InsolvencyReportType is the category of the court publication an
// insolvency event was derived from.
type InsolvencyReportType string

// Insolvency report types.
const (
	InsolvencyReportTypeSecurityMeasures                  InsolvencyReportType = "security_measures"
	InsolvencyReportTypeRejectionForInsufficiencyOfAssets InsolvencyReportType = "rejection_for_insufficiency_of_assets"
	InsolvencyReportTypeOpenings                          InsolvencyReportType = "openings"
	InsolvencyReportTypeDecisionsInProceedings            InsolvencyReportType = "decisions_in_proceedings"
	InsolvencyReportTypeMisc                              InsolvencyReportType = "misc"
	InsolvencyReportTypeDecisionsAfterTermination         InsolvencyReportType = "decisions_after_termination"
	InsolvencyReportTypeDistributionLists                 InsolvencyReportType = "distribution_lists"
	InsolvencyReportTypeDecisionsInDischargeProceedings   InsolvencyReportType = "decisions_in_discharge_proceedings"
	InsolvencyReportTypeSupervisedInsolvencyPlans         InsolvencyReportType = "supervised_insolvency_plans"
)

var insolvencyReportTypes = []InsolvencyReportType{
	InsolvencyReportTypeSecurityMeasures, InsolvencyReportTypeRejectionForInsufficiencyOfAssets, InsolvencyReportTypeOpenings,
	InsolvencyReportTypeDecisionsInProceedings, InsolvencyReportTypeMisc, InsolvencyReportTypeDecisionsAfterTermination,
	InsolvencyReportTypeDistributionLists, InsolvencyReportTypeDecisionsInDischargeProceedings, InsolvencyReportTypeSupervisedInsolvencyPlans,
}

// Values lists every insolvency report type of the specification; the receiver is ignored.
func (InsolvencyReportType) Values() []InsolvencyReportType { return values(insolvencyReportTypes) }

// IsKnown reports whether t is an insolvency report type of the specification.
func (t InsolvencyReportType) IsKnown() bool { return known(t, insolvencyReportTypes) }

// DebtorKind is the kind of debtor of an insolvency proceeding.
type DebtorKind string

// Debtor kinds.
const (
	DebtorKindLegalPerson   DebtorKind = "legal_person"   // companies, associations and other legal entities
	DebtorKindNaturalPerson DebtorKind = "natural_person" // private individuals
)

var debtorKinds = []DebtorKind{DebtorKindLegalPerson, DebtorKindNaturalPerson}

// Values lists every debtor kind of the specification; the receiver is ignored.
func (DebtorKind) Values() []DebtorKind { return values(debtorKinds) }

// IsKnown reports whether k is a debtor kind of the specification.
func (k DebtorKind) IsKnown() bool { return known(k, debtorKinds) }
