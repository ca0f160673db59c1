package registerdata

import (
	"context"
	"net/http"
	"testing"

	"github.com/jarcoal/httpmock"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestAPIErrorsMapToSentinels(t *testing.T) {
	cases := []struct {
		status   int
		body     string
		sentinel error
		code     string
		message  string
	}{
		{400, `{"error": {"code": "invalid_request", "message": "realtime must be true or false"}}`, ErrInvalidRequest, "invalid_request", "realtime must be true or false"},
		{401, `{"detail": "Not authenticated"}`, ErrUnauthorized, "", "Not authenticated"},
		{402, `{"message": "Insufficient credits", "code": "credits"}`, ErrInsufficientCredits, "credits", "Insufficient credits"},
		{404, `{"error": "company not found"}`, ErrNotFound, "", "company not found"},
		{422, `{"detail": [{"loc": ["body"], "msg": "field required"}]}`, ErrInvalidRequest, "", `[{"loc": ["body"], "msg": "field required"}]`},
		{500, `<html>oops</html>`, ErrServer, "", ""},
	}
	for _, tc := range cases {
		t.Run(http.StatusText(tc.status), func(t *testing.T) {
			c, mt := newMockClient(t, WithMaxRetries(0))
			mt.RegisterNoResponder(httpmock.NewStringResponder(tc.status, tc.body).HeaderAdd(http.Header{"X-Request-Id": {"req-123"}}))
			_, err := c.GetCompany(context.Background(), "DE-HRB-F1103-267645", nil)
			require.ErrorIs(t, err, tc.sentinel)
			var apiErr *APIError
			require.ErrorAs(t, err, &apiErr)
			assert.Equal(t, tc.status, apiErr.StatusCode)
			assert.Equal(t, tc.code, apiErr.Code)
			assert.Equal(t, tc.message, apiErr.Message)
			assert.Equal(t, "req-123", apiErr.RequestID)
			assert.Equal(t, tc.body, string(apiErr.Body))
			assert.Contains(t, err.Error(), "GET /v1/company/DE-HRB-F1103-267645")
			assert.Zero(t, c.CreditsSpent(), "failed calls are not billed")
		})
	}
}

func TestAPIErrorMessagesSayHowToFix(t *testing.T) {
	for status, hint := range map[int]string{401: "API key", 402: "credits", 429: "WithRateLimit"} {
		err := (&APIError{StatusCode: status, Method: "GET", Path: "/v1/company/x"}).Error()
		assert.Contains(t, err, hint)
	}
}
