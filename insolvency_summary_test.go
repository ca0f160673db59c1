package registerdata_test

import (
	"encoding/json"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	registerdata "github.com/registerdata/registerdata-go"
)

// The company record's insolvency summary came with date-times in older
// variants: both decoders read their calendar date, and agree.
func TestCompanyInsolvencySummaryAcceptsDateTimes(t *testing.T) {
	doc := `{"id": "DE-HRB-F1103-267645", "insolvencies": [
	  {"id": "9b2f1c3e-1d4a-4c6b-8e2f-0a1b2c3d4e5f", "current_status": "lifted", "court": "Amtsgericht Kiel", "case_number": "IN 1/24",
	   "opened_at": "2024-01-15T08:00:00Z", "closed_at": "2024-06-30"},
	  {"id": "0c1d2e3f-4a5b-4c6d-8e7f-8091a2b3c4d5", "current_status": "opened", "court": "Amtsgericht Kiel", "case_number": "IN 2/24",
	   "opened_at": null, "closed_at": "bad"}]}`
	assert.False(t, checkSameDecode(t, []byte(doc)), "an invalid date still fails, in both decoders")
	doc = `{"id": "DE-HRB-F1103-267645", "insolvencies": [
	  {"id": "9b2f1c3e-1d4a-4c6b-8e2f-0a1b2c3d4e5f", "current_status": "lifted", "court": "Amtsgericht Kiel", "case_number": "IN 1/24",
	   "opened_at": "2024-01-15T08:00:00Z", "closed_at": "2024-06-30"}]}`
	require.True(t, checkSameDecode(t, []byte(doc)))
	var c registerdata.Company
	require.NoError(t, json.Unmarshal([]byte(doc), &c))
	assert.Equal(t, registerdata.NewDate(2024, 1, 15), *c.Insolvencies[0].OpenedAt)
	assert.Equal(t, registerdata.NewDate(2024, 6, 30), *c.Insolvencies[0].ClosedAt)
}
