package enums

// InsolvencyStatus is the current status of an insolvency proceeding.
type InsolvencyStatus string

// Insolvency statuses.
const (
	InsolvencyStatusPreliminary      InsolvencyStatus = "preliminary"
	InsolvencyStatusOpened           InsolvencyStatus = "opened"
	InsolvencyStatusRejectedNoAssets InsolvencyStatus = "rejected_no_assets"
	InsolvencyStatusMassInsufficient InsolvencyStatus = "mass_insufficient"
	InsolvencyStatusPlanSupervised   InsolvencyStatus = "plan_supervised"
	InsolvencyStatusLifted           InsolvencyStatus = "lifted"
	InsolvencyStatusDiscontinued     InsolvencyStatus = "discontinued"
	InsolvencyStatusDischargePending InsolvencyStatus = "discharge_pending"
	InsolvencyStatusDischargeGranted InsolvencyStatus = "discharge_granted"
	InsolvencyStatusDischargeDenied  InsolvencyStatus = "discharge_denied"
	InsolvencyStatusDischargeRevoked InsolvencyStatus = "discharge_revoked"
	InsolvencyStatusUnknown          InsolvencyStatus = "unknown"
)

var insolvencyStatuses = []InsolvencyStatus{
	InsolvencyStatusPreliminary, InsolvencyStatusOpened, InsolvencyStatusRejectedNoAssets,
	InsolvencyStatusMassInsufficient, InsolvencyStatusPlanSupervised, InsolvencyStatusLifted,
	InsolvencyStatusDiscontinued, InsolvencyStatusDischargePending, InsolvencyStatusDischargeGranted,
	InsolvencyStatusDischargeDenied, InsolvencyStatusDischargeRevoked, InsolvencyStatusUnknown,
}

// Values lists every insolvency status of the specification; the receiver is ignored.
func (InsolvencyStatus) Values() []InsolvencyStatus { return values(insolvencyStatuses) }

// IsKnown reports whether s is an insolvency status of the specification.
func (s InsolvencyStatus) IsKnown() bool { return known(s, insolvencyStatuses) }

// IsOpen reports whether a proceeding in status s is still running. This is
// the SDK's reading of the status names (the specification shows no
// transitions): preliminary, opened, plan_supervised and discharge_pending
// are open; every other status, unknown ones included, is not.
func (s InsolvencyStatus) IsOpen() bool {
	switch s {
	case InsolvencyStatusPreliminary, InsolvencyStatusOpened, InsolvencyStatusPlanSupervised, InsolvencyStatusDischargePending:
		return true
	}
	return false
}

// ProceedingKind is the kind of an insolvency proceeding.
type ProceedingKind string

// Proceeding kinds.
const (
	ProceedingKindRegularInsolvency  ProceedingKind = "regular_insolvency"  // Regelinsolvenz
	ProceedingKindConsumerInsolvency ProceedingKind = "consumer_insolvency" // Verbraucherinsolvenz
)

var proceedingKinds = []ProceedingKind{ProceedingKindRegularInsolvency, ProceedingKindConsumerInsolvency}

// Values lists every proceeding kind of the specification; the receiver is ignored.
func (ProceedingKind) Values() []ProceedingKind { return values(proceedingKinds) }

// IsKnown reports whether k is a proceeding kind of the specification.
func (k ProceedingKind) IsKnown() bool { return known(k, proceedingKinds) }

// AdministrationKind is who administers the estate in an insolvency proceeding.
type AdministrationKind string

// Administration kinds.
const (
	AdministrationKindExternalAdministration AdministrationKind = "external_administration" // Insolvenzverwalter
	AdministrationKindSelfAdministration     AdministrationKind = "self_administration"     // Eigenverwaltung
	AdministrationKindProtectiveShield       AdministrationKind = "protective_shield"       // Schutzschirmverfahren
)

var administrationKinds = []AdministrationKind{
	AdministrationKindExternalAdministration, AdministrationKindSelfAdministration, AdministrationKindProtectiveShield,
}

// Values lists every administration kind of the specification; the receiver is ignored.
func (AdministrationKind) Values() []AdministrationKind { return values(administrationKinds) }

// IsKnown reports whether k is an administration kind of the specification.
func (k AdministrationKind) IsKnown() bool { return known(k, administrationKinds) }
