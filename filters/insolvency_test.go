package filters

import (
	"errors"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/registerdata/registerdata-go/enums"
)

func TestInsolvencyFieldsAreTheServices15(t *testing.T) {
	var names []string
	for _, fi := range Fields(ScopeInsolvency) {
		names = append(names, string(fi.Name))
		assert.Equal(t, ScopeInsolvency, fi.Scope)
	}
	assert.ElementsMatch(t, []string{"debtor_kind", "current_status", "proceeding_kind", "administration_kind",
		"has_open_insolvency", "opened_at", "closed_at", "last_event_at", "claims_filing_deadline",
		"debtor_legal_form", "court", "city", "insolvency_grounds", "company_id", "person_id"}, names)
	for _, fi := range Fields(ScopeCompany) {
		assert.NotEqual(t, Court, fi.Name, "court is not a company search field")
	}
}

func TestInsolvencyBuilderSendsEveryField(t *testing.T) {
	day := time.Date(2024, 1, 31, 15, 0, 0, 0, time.UTC)
	fs, err := Insolvency().
		DebtorKind(enums.DebtorKindLegalPerson).
		CurrentStatus(enums.InsolvencyStatusOpened, enums.InsolvencyStatusPreliminary).
		ProceedingKind(enums.ProceedingKindRegularInsolvency).
		AdministrationKind(enums.AdministrationKindSelfAdministration).
		Open(true).
		OpenedBetween(day, time.Time{}).
		ClosedBetween(time.Time{}, day).
		LastEventBetween(day, day).
		ClaimsFilingDeadlineBetween(day, time.Time{}).
		DebtorLegalForm("gmbh").Court("Amtsgericht Kiel").City("Kiel").InsolvencyGrounds("illiquidity").
		CompanyID("DE-HRB-F1103-267645").PersonID("0b1c2d3e-0000-4000-8000-000000000001").
		Keywords(Court, "kiel").
		Build()
	require.NoError(t, err)
	require.Len(t, fs, 16)
	assert.Equal(t, Filter{Field: CurrentStatus, Values: []string{"opened", "preliminary"}}, fs[1])
	assert.Equal(t, Filter{Field: HasOpenInsolvency, Value: "true"}, fs[4])
	assert.Equal(t, Filter{Field: OpenedAt, Min: "2024-01-31"}, fs[5])
	assert.Equal(t, Filter{Field: LastEventAt, Min: "2024-01-31", Max: "2024-01-31"}, fs[7])
}

func TestInsolvencyValidateUsesTheInsolvencyKinds(t *testing.T) {
	// opened_at is a date here; has_open_insolvency a boolean; current_status an enum.
	_, err := Insolvency().Between(OpenedAt, "2024-02-01", "2024-01-01").Eq(HasOpenInsolvency, "yes").
		Keywords(CurrentStatus, "open").Build()
	var fe *FilterError
	require.True(t, errors.As(err, &fe))
	msg := err.Error()
	assert.Contains(t, msg, "swap them")
	assert.Contains(t, msg, `"yes" is not a boolean`)
	assert.Contains(t, msg, `"keywords" does not apply to enum fields`)

	// A company-only field is not known to the insolvency search and gets
	// only the general checks, so a field the service adds works at once.
	assert.NoError(t, Validate(ScopeInsolvency, []Filter{{Field: "revenue", Value: "x"}}))
	// court is unknown to the company search.
	assert.NoError(t, Validate(ScopeCompany, []Filter{{Field: Court, Keywords: []string{"a"}}}))
	assert.Error(t, Validate(Scope(64), nil))
}
