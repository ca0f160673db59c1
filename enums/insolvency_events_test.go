package enums

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

func TestInsolvencyAndTransparencyEnumsMatchTheSpecification(t *testing.T) {
	checkEnum[InsolvencyEventType](t, "preliminary_measures", "preliminary_measures_lifted", "proceedings_opened",
		"rejected_insufficient_assets", "in_proceeding_decision", "mass_insufficiency_notified", "distribution_announced",
		"distribution_record_filed", "final_distribution_announced", "proceedings_lifted", "proceedings_discontinued",
		"proceedings_terminated", "post_termination_decision", "subsequent_distribution_ordered", "discharge_pending",
		"discharge_granted", "discharge_denied", "discharge_revoked", "plan_confirmed", "plan_supervision_ordered",
		"plan_supervision_terminated", "other")
	checkEnum[InsolvencyReportType](t, "security_measures", "rejection_for_insufficiency_of_assets", "openings",
		"decisions_in_proceedings", "misc", "decisions_after_termination", "distribution_lists",
		"decisions_in_discharge_proceedings", "supervised_insolvency_plans")
	checkEnum[DebtorKind](t, "legal_person", "natural_person")
	checkEnum[ExtractStatus](t, "processing", "completed", "failed")
}

func TestExtractStatusIsFinal(t *testing.T) {
	assert.False(t, ExtractStatusProcessing.IsFinal())
	assert.True(t, ExtractStatusCompleted.IsFinal())
	assert.True(t, ExtractStatusFailed.IsFinal())
	assert.False(t, ExtractStatus("queued").IsFinal(), "an unknown status keeps a waiter polling")
}
