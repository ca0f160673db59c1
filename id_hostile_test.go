package registerdata_test

import (
	"context"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	registerdata "github.com/registerdata/registerdata-go"
)

// TestHostileIDsFailBeforeSending: every method taking an id refuses one
// that cannot be valid with an error wrapping ErrInvalidRequest, and
// nothing reaches the service (so nothing is billed). Company ids must
// have the service's shape (COUNTRY-TYPE-COURT-NUMBER, upper-case
// country): "NOPE" and a lower-case id fail too, the latter with the id
// as the service writes it; person, document, insolvency and extract ids
// are UUIDs or at least one clean path segment; monitor entity ids one
// clean path segment.
func TestHostileIDsFailBeforeSending(t *testing.T) {
	var sent atomic.Int32
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		sent.Add(1)
		http.Error(w, `{"error":{"message":"should not be reached"}}`, http.StatusTeapot)
	}))
	t.Cleanup(srv.Close)
	c, err := registerdata.NewClient(registerdata.WithAPIKey("k"), registerdata.WithBaseURL(srv.URL), registerdata.WithMaxRetries(0))
	require.NoError(t, err)

	everywhere := []string{"../monitor", "a/b", " ", "a b", "", "..", ".", "a?b", "a#b", "%2F", "a\\b", "a\nb", "\x00"}
	companyOnly := []string{"NOPE", "de-hrb-f1103-267645", "DE-HRB", "D-HRB-F1103-1", "DE--F1103-1"}
	personOnly := []string{"NOPE", "0F5C3E0A-8D8B-4F6E-9A55-3D8A7C2B1E4", "0f5c3e0a8d8b4f6e9a553d8a7c2b1e44"}
	companyOps := map[string]bool{"getCompany": true, "getCompanyFinancials": true, "getDocumentRealtime": true, "getCompanyContact": true,
		"getCompanyOwners": true, "getCompanyUbos": true, "getCompanyOwnersHistorical": true, "getCompanyHoldings": true, "requestTransparencyExtract": true}
	personOps := map[string]bool{"getPerson": true, "getPersonHoldings": true}
	ctx := context.Background()
	rows := 0
	for name, op := range hostileOps {
		if op.id == nil {
			continue
		}
		rows++
		ids := everywhere
		switch {
		case companyOps[name]:
			ids = append(append([]string{}, everywhere...), companyOnly...)
		case personOps[name]:
			ids = append(append([]string{}, everywhere...), personOnly...)
		}
		for _, id := range ids {
			if id == "" && name == "requestTransparencyExtract" {
				continue // an empty company id asks for a sandbox extract
			}
			before := sent.Load()
			err := op.id(ctx, c, id)
			assert.ErrorIs(t, err, registerdata.ErrInvalidRequest, "%s(%q)", name, id)
			assert.Equal(t, before, sent.Load(), "%s(%q) sent a request", name, id)
		}
	}
	assert.Equal(t, 16, rows)
	doc := openAPIDoc(t)
	for _, path := range doc.Paths.InMatchingOrder() {
		for _, op := range doc.Paths.Find(path).Operations() {
			if strings.Contains(path, "{") {
				assert.NotNil(t, hostileOps[op.OperationID].id, "%s takes an id in its path: its row must call it with one", op.OperationID)
			}
		}
	}
	assert.Zero(t, c.CreditsSpent())

	_, err = c.GetCompany(ctx, "de-hrb-f1103-267645", nil)
	assert.ErrorContains(t, err, `did you mean "DE-HRB-F1103-267645"`)
}
