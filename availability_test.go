package registerdata_test

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	registerdata "github.com/registerdata/registerdata-go"
	"github.com/registerdata/registerdata-go/enums"
)

// availabilityByForm is the documented availability of every legal form
// (SPEC-DOCS A.1-A.3): owners without and with best_available, UBO,
// historical owners. A form added to or removed from package enums fails
// TestAvailabilityDecidesEveryLegalForm until it is decided here.
var availabilityByForm = map[enums.LegalForm][4]bool{
	enums.LegalFormGmbH:      {true, true, true, true},
	enums.LegalFormKG:        {true, true, true, false},
	enums.LegalFormEK:        {true, true, false, false},
	enums.LegalFormGbR:       {true, true, false, false}, // a GbR of the register is an eGbR
	enums.LegalFormOHG:       {true, true, false, false},
	enums.LegalFormAG:        {false, true, false, false},
	enums.LegalFormSE:        {false, true, false, false},
	enums.LegalFormGGmbH:     {false, false, true, false},
	enums.LegalFormUG:        {false, false, true, false},
	enums.LegalFormEG:        {false, false, false, false},
	enums.LegalFormEV:        {false, false, false, false},
	enums.LegalFormEWIV:      {false, false, false, false},
	enums.LegalFormForeign:   {false, false, false, false},
	enums.LegalFormKGaA:      {false, false, false, false},
	enums.LegalFormLLP:       {false, false, false, false},
	enums.LegalFormMunicipal: {false, false, false, false},
	enums.LegalFormUnknown:   {true, true, true, true}, // not determined: ask the service
}

func TestAvailabilityDecidesEveryLegalForm(t *testing.T) {
	var all []enums.LegalForm
	for f := range availabilityByForm {
		all = append(all, f)
	}
	assert.ElementsMatch(t, enums.LegalForm("").Values(), all, "every legal form of package enums has a row, and no other")
	for form, want := range availabilityByForm {
		got := [4]bool{
			registerdata.OwnersAvailable(form, false), registerdata.OwnersAvailable(form, true),
			registerdata.BeneficialOwnersAvailable(form), registerdata.OwnershipHistoryAvailable(form),
		}
		assert.Equal(t, want, got, "%s: owners, owners with best_available, UBO, history", form)
		parts := []bool{
			registerdata.PartOwners.Available(form, false), registerdata.PartOwners.Available(form, true),
			registerdata.PartBeneficialOwners.Available(form, false), registerdata.PartOwnershipHistory.Available(form, true),
		}
		assert.Equal(t, want[:], parts, "%s: OwnershipPart.Available agrees", form)
	}
}

// TestAvailabilityAsksWhenTheFormIsNotKnown: the rule is "skip only when
// the form is known and unsupported".
func TestAvailabilityAsksWhenTheFormIsNotKnown(t *testing.T) {
	for _, form := range []enums.LegalForm{"", enums.LegalFormUnknown, "partg", "GMBH"} {
		for _, best := range []bool{false, true} {
			assert.True(t, registerdata.OwnersAvailable(form, best), "%q", form)
		}
		assert.True(t, registerdata.BeneficialOwnersAvailable(form), "%q", form)
		assert.True(t, registerdata.OwnershipHistoryAvailable(form), "%q", form)
		for _, p := range []registerdata.OwnershipPart{registerdata.PartOwners, registerdata.PartBeneficialOwners, registerdata.PartOwnershipHistory} {
			assert.Empty(t, registerdata.NotPublished(p, form, false), "%s %q", p, form)
		}
	}
	assert.True(t, registerdata.OwnershipPart("holdings").Available(enums.LegalFormEV, false))
}

func TestNotPublishedSentences(t *testing.T) {
	for _, tc := range []struct {
		part registerdata.OwnershipPart
		form enums.LegalForm
		best bool
		want string
	}{
		{registerdata.PartBeneficialOwners, enums.LegalFormOHG, false, "UBO: not published for an OHG"},
		{registerdata.PartOwners, enums.LegalFormUG, true, "owners: not published for a UG"},
		{registerdata.PartOwners, enums.LegalFormAG, false, "owners: published for an AG only with best_available"},
		{registerdata.PartOwners, enums.LegalFormSE, false, "owners: published for an SE only with best_available"},
		{registerdata.PartOwners, enums.LegalFormAG, true, ""},
		{registerdata.PartOwnershipHistory, enums.LegalFormKG, false, "historical owners: not published for a KG"},
		{registerdata.PartOwnershipHistory, enums.LegalFormEK, false, "historical owners: not published for an e.K."},
		{registerdata.PartOwnershipHistory, enums.LegalFormGmbH, false, ""},
		{registerdata.PartBeneficialOwners, enums.LegalFormForeign, false, "UBO: not published for a foreign company"},
	} {
		assert.Equal(t, tc.want, registerdata.NotPublished(tc.part, tc.form, tc.best), "%s %s %v", tc.part, tc.form, tc.best)
	}
}

// TestFormWithArticleSpellsEveryForm: every legal form has its own
// spelling (none falls back to the quoted value).
func TestFormWithArticleSpellsEveryForm(t *testing.T) {
	seen := map[string]enums.LegalForm{}
	for _, f := range enums.LegalForm("").Values() {
		s := registerdata.FormWithArticle(f)
		assert.NotContains(t, s, `"`, f)
		assert.NotContains(t, seen, s, "%s and %s are spelt alike", f, seen[s])
		seen[s] = f
	}
	assert.Equal(t, `a company of legal form "partg"`, registerdata.FormWithArticle("partg"))
	assert.Equal(t, "a company of unknown legal form", registerdata.FormWithArticle(""))
}

// TestUnsupportedLegalFormReadsTheFakesAnswer: the fake's 404 for an
// unsupported form is recognised and gives the sentence; a 404 for an
// unknown company, another status and a non-API error are not.
func TestUnsupportedLegalFormReadsTheFakesAnswer(t *testing.T) {
	_, c, _ := newFakeClient(t, nil)
	ctx := context.Background()
	const ohg = "DE-HRA-M1201-51073" // Wagner & Sohn Metallbau OHG
	_, err := c.GetBeneficialOwners(ctx, ohg)
	require.ErrorIs(t, err, registerdata.ErrNotFound)
	form, ok := registerdata.UnsupportedLegalForm(err)
	assert.True(t, ok)
	assert.Equal(t, enums.LegalFormOHG, form)
	assert.Equal(t, "UBO: not published for an OHG", registerdata.NotPublishedError(registerdata.PartBeneficialOwners, err))
	assert.Zero(t, c.CreditsSpent(), "the refused form is not counted")

	_, err = c.GetOwnershipHistory(ctx, ohg)
	assert.Equal(t, "historical owners: not published for an OHG", registerdata.NotPublishedError(registerdata.PartOwnershipHistory, err))

	_, err = c.GetBeneficialOwners(ctx, "DE-HRB-X0000-1")
	require.ErrorIs(t, err, registerdata.ErrNotFound)
	_, ok = registerdata.UnsupportedLegalForm(err)
	assert.False(t, ok, "a 404 for an unknown company names no form")
	assert.Empty(t, registerdata.NotPublishedError(registerdata.PartBeneficialOwners, err))

	for _, err := range []error{nil, errors.New("boom"), fmt.Errorf("wrapped: %w", registerdata.ErrNotFound),
		&registerdata.APIError{StatusCode: 400, Body: []byte(`{"error":{"code":"x","message":"y","legal_form":"ohg"}}`)},
		&registerdata.APIError{StatusCode: 404, Body: []byte(`{"error":{"code":"x","message":"y","legal_form":"unknown"}}`)},
		&registerdata.APIError{StatusCode: 404, Body: []byte(`not json`)},
	} {
		_, ok := registerdata.UnsupportedLegalForm(err)
		assert.False(t, ok, "%v", err)
	}
	wrapped := fmt.Errorf("outer: %w", &registerdata.APIError{StatusCode: 404, Body: []byte(`{"error":{"code":"not_found","message":"m","legal_form":"ug"}}`)})
	assert.Equal(t, "owners: not published for a UG", registerdata.NotPublishedError(registerdata.PartOwners, wrapped))
	assert.True(t, slices.Contains(enums.LegalForm("").Values(), enums.LegalFormUG))
}

func TestLegalFormOfNameOnlyWhenCertain(t *testing.T) {
	for name, want := range map[string]enums.LegalForm{
		"Wagner & Sohn Metallbau OHG": enums.LegalFormOHG, "Nordbau GmbH & Co. KG": enums.LegalFormKG,
		"Stadtgrün Lieferdienst UG (haftungsbeschränkt)": enums.LegalFormUG, "Alte Mühle Gastronomie GmbH i.L.": enums.LegalFormGmbH,
		"Weinbaugenossenschaft Remstal eG": enums.LegalFormEG, "Brauerei Grünwald KGaA": enums.LegalFormKGaA,
		"OHG Wagner": "", "Stadtwerke Talheim Eigenbetrieb der Stadt Talheim": "", "Lindqvist Kramer Architekten Partnerschaft mbB": "",
		"Müller GmbH Bau KG": "", "": "",
	} {
		assert.Equal(t, want, registerdata.LegalFormOfName(name), name)
	}
}
