package registerdata

import (
	"context"
	"errors"
	"net/http"
	"testing"
	"time"

	"github.com/jarcoal/httpmock"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

const companyURL = "https://api.test/v1/company/DE-HRB-F1103-267645"

func answer(status int, body string, header ...string) httpmock.Responder {
	return func(r *http.Request) (*http.Response, error) {
		resp := httpmock.NewStringResponse(status, body)
		for i := 0; i+1 < len(header); i += 2 {
			resp.Header.Set(header[i], header[i+1])
		}
		return resp, nil
	}
}

func TestResponseInfoOfASuccess(t *testing.T) {
	c, mt := newMockClient(t)
	mt.RegisterResponder(http.MethodGet, companyURL, sequence(
		answer(503, `{}`, "X-Request-Id", "req-1"),
		answer(200, `{"id":"DE-HRB-F1103-267645"}`, "X-Request-Id", "req-2", "X-Extra", "yes"),
	))
	var info ResponseInfo
	_, err := c.GetCompany(context.Background(), "DE-HRB-F1103-267645", nil, WithResponseInfo(&info))
	require.NoError(t, err)
	assert.Equal(t, 200, info.StatusCode)
	assert.Equal(t, "req-2", info.RequestID, "the request id of the answer that counted")
	assert.Equal(t, info.RequestID, info.Header.Get("X-Request-Id"))
	assert.Equal(t, "yes", info.Header.Get("X-Extra"))
	assert.Equal(t, 2, info.Attempts)
	assert.Equal(t, int64(DefaultPrices().Of("GET /v1/company/{company_id}", false)), info.Charged)
	assert.False(t, info.Cached)
}

func TestResponseInfoOfAFailure(t *testing.T) {
	c, mt := newMockClient(t)
	mt.RegisterResponder(http.MethodGet, companyURL, answer(404, `{"error":{"code":"not_found","message":"no"}}`, "X-Request-Id", "req-9"))
	var info ResponseInfo
	_, err := c.GetCompany(context.Background(), "DE-HRB-F1103-267645", nil, WithResponseInfo(&info))
	require.ErrorIs(t, err, ErrNotFound)
	assert.Equal(t, ResponseInfo{StatusCode: 404, RequestID: "req-9", Header: info.Header, Attempts: 1}, info)

	// Refused before sending: nothing on the wire, and the info says so.
	info = ResponseInfo{StatusCode: 1}
	_, err = c.GetCompany(context.Background(), "a/b", nil, WithResponseInfo(&info))
	require.ErrorIs(t, err, ErrInvalidRequest)
	assert.Equal(t, ResponseInfo{}, info)
}

func TestResponseInfoOfATransportFailure(t *testing.T) {
	c, mt := newMockClient(t, WithMaxRetries(2))
	mt.RegisterResponder(http.MethodGet, companyURL, httpmock.NewErrorResponder(errors.New("connection refused")))
	var info ResponseInfo
	_, err := c.GetCompany(context.Background(), "DE-HRB-F1103-267645", nil, WithResponseInfo(&info))
	require.ErrorIs(t, err, ErrServer)
	assert.Equal(t, 3, info.Attempts)
	assert.Zero(t, info.StatusCode)
	assert.Nil(t, info.Header)
	assert.Zero(t, info.Charged, "a request that was never written cannot have been billed")
}

func TestWithCallMaxRetries(t *testing.T) {
	c, mt := newMockClient(t, WithMaxRetries(3))
	mt.RegisterResponder(http.MethodGet, companyURL, answer(503, `{}`))
	var info ResponseInfo
	_, err := c.GetCompany(context.Background(), "DE-HRB-F1103-267645", nil, WithCallMaxRetries(0), WithResponseInfo(&info))
	require.ErrorIs(t, err, ErrServer)
	assert.Equal(t, 1, info.Attempts)
	assert.Equal(t, 1, mt.GetTotalCallCount())

	_, err = c.GetCompany(context.Background(), "DE-HRB-F1103-267645", nil, WithResponseInfo(&info))
	require.ErrorIs(t, err, ErrServer)
	assert.Equal(t, 4, info.Attempts, "without the option, the client's 3 retries apply")

	_, err = c.GetCompany(context.Background(), "DE-HRB-F1103-267645", nil, WithCallMaxRetries(-1))
	require.ErrorIs(t, err, ErrInvalidRequest)
	_, err = c.GetCompany(context.Background(), "DE-HRB-F1103-267645", nil, WithCallMaxRetries(maxRetriesCeiling+1))
	require.ErrorIs(t, err, ErrInvalidRequest)
	assert.Equal(t, 5, mt.GetTotalCallCount(), "invalid options send nothing")
}

func TestWithCallTimeout(t *testing.T) {
	c, mt := newMockClient(t)
	release := make(chan struct{})
	defer close(release)
	mt.RegisterResponder(http.MethodGet, companyURL, func(r *http.Request) (*http.Response, error) {
		select {
		case <-r.Context().Done():
			return nil, r.Context().Err()
		case <-release:
			return httpmock.NewStringResponse(200, `{"id":"x"}`), nil
		}
	})
	_, err := c.GetCompany(context.Background(), "DE-HRB-F1103-267645", nil, WithCallTimeout(20*time.Millisecond))
	require.ErrorIs(t, err, context.DeadlineExceeded)

	_, err = c.GetCompany(context.Background(), "DE-HRB-F1103-267645", nil, WithCallTimeout(0))
	require.ErrorIs(t, err, ErrInvalidRequest)
}

func TestShouldRetryHeader(t *testing.T) {
	cases := []struct {
		name     string
		status   int
		header   string
		attempts int
	}{
		{"503 retried by default", 503, "", 3},
		{"503 with false is not retried", 503, "false", 1},
		{"409 not retried by default", 409, "", 1},
		{"409 with true is retried", 409, "true", 3},
		{"429 with false is not retried", 429, "false", 1},
		{"400 with an unknown value follows the status", 400, "maybe", 1},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			c, mt := newMockClient(t, WithMaxRetries(2))
			mt.RegisterResponder(http.MethodGet, companyURL, answer(tc.status, `{}`, "X-Should-Retry", tc.header))
			var info ResponseInfo
			_, err := c.GetCompany(context.Background(), "DE-HRB-F1103-267645", nil, WithResponseInfo(&info))
			require.Error(t, err)
			assert.Equal(t, tc.attempts, info.Attempts)
			assert.Equal(t, tc.attempts, mt.GetTotalCallCount())
		})
	}
}
