package registerdata

import (
	"context"
	"encoding/json"
	"net/http"
	"testing"
	"time"

	"github.com/jarcoal/httpmock"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/registerdata/registerdata-go/enums"
)

// extractCompleted is a completed extract written by hand from the
// specification, with every optional key.
const extractCompleted = `{
  "id": "tre_20260415",
  "status": "completed",
  "company_id": "DE-HRB-F1103-267645",
  "ekrn": "DE123456789012",
  "reference_number": "TR-2026-000123",
  "submitted_at": "2026-04-15T09:30:00Z",
  "completed_at": "2026-04-15T09:31:42.5+02:00",
  "documents": [
    {"document_id": "7d1e5c8a-2b3f-4a6d-9e0c-1f2a3b4c5d6e", "filename": "auszug.pdf", "format": "pdf", "url": "https://files.example/auszug.pdf"},
    {"document_id": "8e2f6d9b-3c4a-4b7e-8f1d-2a3b4c5d6e7f", "filename": "auszug.xml", "format": "xml", "url": "https://files.example/auszug.xml"}
  ],
  "report": {
    "created_at": "2026-04-15",
    "notice_type": "current_extract",
    "fictional_ubo_reason": null,
    "groups": [{"position": 1, "description": "Wirtschaftlich Berechtigte", "interest_type": "ownership"}],
    "ubos": [
      {"position": 1,
       "natural_person": {"title": "Dr.", "first_name": "Anna", "last_name": "Beispiel", "full_name": "Dr. Anna Beispiel",
         "date_of_birth": "1971-08-03", "city": "Hamburg", "country": "Deutschland", "nationalities": ["DE", "AT"]},
       "interest": {"type": "shares", "scope": "direct", "percentage": 62.5}},
      {"position": 2, "natural_person": {"full_name": "Jonas Muster", "nationalities": null}, "interest": null},
      {"position": 3, "natural_person": null}
    ],
    "status_flags": {"deleted": false, "deletion_date": null, "discrepancy_note": "Unstimmigkeit gemeldet",
      "corrected_by_reference": null, "corrected_references": ["TR-2025-000099"]},
    "validity": {"from": {"date": "2026-01-01", "note": null}, "until": null}
  }
}`

func TestTransparencyExtractDecode(t *testing.T) {
	var ex TransparencyExtract
	require.NoError(t, json.Unmarshal([]byte(extractCompleted), &ex))
	assert.Equal(t, "tre_20260415", ex.ID)
	assert.Equal(t, enums.ExtractStatusCompleted, ex.Status)
	assert.Equal(t, "DE-HRB-F1103-267645", *ex.CompanyID)
	assert.Equal(t, "DE123456789012", *ex.EKRN)
	assert.Equal(t, "TR-2026-000123", *ex.ReferenceNumber)
	assert.True(t, time.Date(2026, 4, 15, 9, 30, 0, 0, time.UTC).Equal(ex.SubmittedAt))
	assert.True(t, time.Date(2026, 4, 15, 7, 31, 42, 500_000_000, time.UTC).Equal(*ex.CompletedAt))
	require.Len(t, ex.Documents, 2)
	assert.Equal(t, "xml", ex.Documents[1].Format)

	r := ex.Report
	require.NotNil(t, r)
	assert.Equal(t, NewDate(2026, 4, 15), *r.CreatedAt)
	assert.Nil(t, r.FictionalUBOReason)
	require.Len(t, r.Groups, 1)
	assert.Equal(t, "ownership", *r.Groups[0].InterestType)
	require.Len(t, r.UBOs, 3)
	np := r.UBOs[0].NaturalPerson
	assert.Equal(t, "Dr.", *np.Title)
	assert.Equal(t, NewDate(1971, 8, 3), *np.DateOfBirth)
	assert.Equal(t, []string{"DE", "AT"}, np.Nationalities)
	assert.Equal(t, 62.5, *r.UBOs[0].Interest.Percentage)
	assert.NotNil(t, r.UBOs[1].NaturalPerson.Nationalities, "null is read as an empty list")
	assert.Nil(t, r.UBOs[1].NaturalPerson.City)
	assert.Nil(t, r.UBOs[1].Interest)
	assert.Nil(t, r.UBOs[2].NaturalPerson)
	assert.Equal(t, "Unstimmigkeit gemeldet", *r.StatusFlags.DiscrepancyNote)
	assert.Equal(t, []string{"TR-2025-000099"}, r.StatusFlags.CorrectedReferences)
	assert.Equal(t, NewDate(2026, 1, 1), *r.Validity.From.Date)
	assert.Nil(t, r.Validity.Until)
}

func TestTransparencyExtractDecodeProcessingAndUnknownStatus(t *testing.T) {
	// The create answer: five keys only.
	var ex TransparencyExtract
	require.NoError(t, json.Unmarshal([]byte(`{"id": "tre_1", "company_id": null, "ekrn": "DE727032388716",
		"status": "processing", "submitted_at": "2026-04-15T09:30:00Z"}`), &ex))
	assert.Nil(t, ex.CompanyID)
	assert.NotNil(t, ex.Documents)
	assert.Nil(t, ex.Report)
	assert.False(t, ex.Status.IsFinal())

	require.NoError(t, json.Unmarshal([]byte(`{"id": "tre_2", "status": "queued_at_register", "documents": null,
		"report": {"groups": null, "ubos": null, "status_flags": {"corrected_references": null}}}`), &ex))
	assert.Equal(t, enums.ExtractStatus("queued_at_register"), ex.Status)
	assert.False(t, ex.Status.IsKnown())
	assert.False(t, ex.Status.IsFinal(), "an unknown status keeps WaitTransparencyExtract polling")
	assert.NotNil(t, ex.Documents)
	assert.NotNil(t, ex.Report.Groups)
	assert.NotNil(t, ex.Report.UBOs)
	assert.NotNil(t, ex.Report.StatusFlags.CorrectedReferences)
	assert.True(t, ex.SubmittedAt.IsZero(), "the key was left out")
}

func TestTransparencyExtractRefusesEmptyAnswers(t *testing.T) {
	for _, body := range []string{`{}`, `null`, ``, `{"status": "completed"}`} {
		c, mt := newMockClient(t)
		mt.RegisterResponder(http.MethodGet, `=~^https://api.test/v1/transparenzregister/extracts/`, httpmock.NewStringResponder(200, body))
		_, err := c.GetTransparencyExtract(context.Background(), "tre_1")
		assert.Error(t, err, body)
		mt.RegisterResponder(http.MethodPost, "https://api.test/v1/transparenzregister/extracts", httpmock.NewStringResponder(201, body))
		_, err = c.RequestTransparencyExtract(context.Background(), TransparencyExtractRequest{CredentialName: SandboxCredentialName})
		assert.Error(t, err, body)
	}
}

func TestTransparencyRequestShapes(t *testing.T) {
	c, mt := newMockClient(t)
	var got capture
	mt.RegisterResponder(http.MethodPost, "https://api.test/v1/transparenzregister/credentials", got.responder(t, http.StatusNoContent, ""))
	require.NoError(t, c.SetTransparencyCredentials(context.Background(), TransparencyCredentials{Username: "kyc@example.de", Password: "s3cret-pass"}))
	assert.JSONEq(t, `{"username": "kyc@example.de", "password": "s3cret-pass"}`, got.body, "the password is sent, once, in the body")
	assert.Zero(t, c.CreditsSpent())

	const created = `{"id": "tre_7", "company_id": "DE-HRB-F1103-267645", "ekrn": null, "status": "processing", "submitted_at": "2026-04-15T09:30:00Z"}`
	mt.RegisterResponder(http.MethodPost, "https://api.test/v1/transparenzregister/extracts", got.responder(t, http.StatusCreated, created))
	ex, err := c.RequestTransparencyExtract(context.Background(), TransparencyExtractRequest{CompanyID: "DE-HRB-F1103-267645"})
	require.NoError(t, err)
	assert.Equal(t, "tre_7", ex.ID)
	assert.Equal(t, "default", got.req.Header.Get("X-Credential-Name"), "production calls always name their credentials")
	assert.JSONEq(t, `{"company_id": "DE-HRB-F1103-267645"}`, got.body)
	assert.Equal(t, int64(DefaultPrices().Of("POST /v1/transparenzregister/extracts", false)), c.CreditsSpent())

	_, err = c.RequestTransparencyExtract(context.Background(), TransparencyExtractRequest{CredentialName: SandboxCredentialName})
	require.NoError(t, err)
	assert.Equal(t, "sandbox", got.req.Header.Get("X-Credential-Name"))
	assert.JSONEq(t, `{}`, got.body, "sandbox mode leaves company_id out")
}
