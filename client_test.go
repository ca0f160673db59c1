package registerdata

import (
	"bytes"
	"context"
	"errors"
	"io"
	"log/slog"
	"net/http"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/jarcoal/httpmock"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/registerdata/registerdata-go/internal/contract"
)

func companyResponder(t *testing.T) httpmock.Responder {
	b, err := os.ReadFile("testdata/company_full.json")
	require.NoError(t, err)
	return httpmock.NewBytesResponder(200, b).HeaderSet(http.Header{"Content-Type": {"application/json"}})
}

func TestBaseURLWithPathPrefix(t *testing.T) {
	mt := httpmock.NewMockTransport()
	mt.RegisterResponder("GET", "https://proxy.test/register/v1/company/DE-HRB-F1103-267645", companyResponder(t))
	c, err := NewClient(WithAPIKey(testKey), WithBaseURL("https://proxy.test/register/"), WithHTTPClient(testHTTPClient(t, mt)))
	require.NoError(t, err)
	_, err = c.GetCompany(context.Background(), "DE-HRB-F1103-267645", nil)
	require.NoError(t, err)
}

func TestAPIKeyNeverInErrorsOrLogs(t *testing.T) {
	var logs bytes.Buffer
	logger := slog.New(slog.NewTextHandler(&logs, &slog.HandlerOptions{Level: slog.LevelDebug}))
	c, mt := newMockClient(t, WithLogger(logger), WithMaxRetries(1))
	mt.RegisterNoResponder(httpmock.NewStringResponder(503, `{"error":{"code":"unavailable","message":"try later"}}`))
	_, err := c.GetCompany(context.Background(), "DE-HRB-F1103-267645", nil)
	require.ErrorIs(t, err, ErrServer)
	assert.NotContains(t, err.Error(), testKey)
	assert.Contains(t, logs.String(), "registerdata: retrying", "the retry is logged")
	assert.NotContains(t, logs.String(), testKey)
}

func TestNewClientConfiguration(t *testing.T) {
	t.Setenv(EnvAPIKey, "")
	t.Setenv(EnvBaseURL, "")
	_, err := NewClient()
	assert.ErrorContains(t, err, EnvAPIKey, "a missing key names the variable to set")

	t.Setenv(EnvAPIKey, "from-env")
	c, err := NewClient()
	require.NoError(t, err)
	assert.Equal(t, "from-env", c.apiKey())
	assert.Equal(t, DefaultBaseURL, c.baseURL.String())

	t.Setenv(EnvBaseURL, "http://127.0.0.1:9999")
	c, err = NewClient()
	require.NoError(t, err)
	assert.Equal(t, "http://127.0.0.1:9999", c.baseURL.String())

	for _, bad := range []string{"http://api.example.com", "ftp://x", "not a url", "https://", "https://u:p@host", "https://host/?q=1", "http://[::1"} {
		_, err := NewClient(WithBaseURL(bad))
		assert.Error(t, err, bad)
	}
	for _, ok := range []string{"http://localhost:8080", "http://[::1]:8080", "https://api.example.com/v0/"} {
		_, err := NewClient(WithBaseURL(ok))
		assert.NoError(t, err, ok)
	}
	_, err = NewClient(WithBaseURL("http://fake.internal:8080"), WithInsecureHTTP())
	assert.NoError(t, err)

	for name, opt := range map[string]Option{
		"empty key": WithAPIKey(" "), "nil http client": WithHTTPClient(nil), "negative retries": WithMaxRetries(-1),
		"zero rate": WithRateLimit(0, 1), "zero burst": WithRateLimit(1, 0), "negative budget": WithCreditBudget(-5),
		"nil logger": WithLogger(nil), "inverted waits": WithRetryWait(time.Second, time.Millisecond, 0),
	} {
		_, err := NewClient(opt)
		assert.Error(t, err, name)
	}
}

func TestNilContextIsAnErrorNotAPanic(t *testing.T) {
	c, mt := newMockClient(t)
	//lint:ignore SA1012 the test checks that a nil context is refused
	_, err := c.GetCompany(nil, "DE-HRB-F1103-267645", nil) //nolint:staticcheck
	assert.ErrorIs(t, err, ErrInvalidRequest)
	assert.Zero(t, mt.GetTotalCallCount())
}

func TestMalformedSuccessBodyIsAnError(t *testing.T) {
	c, mt := newMockClient(t)
	mt.RegisterNoResponder(httpmock.NewStringResponder(200, `{"id": "DE-HRB-F1103-267645", "status": `))
	_, err := c.GetCompany(context.Background(), "DE-HRB-F1103-267645", nil)
	require.ErrorIs(t, err, ErrUnexpectedResponse)
	assert.Contains(t, err.Error(), "not the expected JSON")
	assert.Equal(t, int64(10), c.CreditsSpent(), "the service billed the call even though the body was bad")
}

func TestOversizedResponseIsRefused(t *testing.T) {
	c, mt := newMockClient(t)
	mt.RegisterNoResponder(func(*http.Request) (*http.Response, error) {
		body := io.MultiReader(strings.NewReader(`{"id":"`), io.LimitReader(zeros{}, maxResponseBytes+10))
		return &http.Response{StatusCode: 200, Body: io.NopCloser(body), Header: http.Header{}}, nil
	})
	_, err := c.GetCompany(context.Background(), "DE-HRB-F1103-267645", nil)
	assert.ErrorContains(t, err, "larger than")
}

// zeros is an endless body of 'a' bytes.
type zeros struct{}

var aBlock = bytes.Repeat([]byte{'a'}, 64<<10)

func (zeros) Read(p []byte) (int, error) {
	n := 0
	for n < len(p) {
		n += copy(p[n:], aBlock)
	}
	return n, nil
}

func TestTransportErrorSaysNoAnswer(t *testing.T) {
	c, mt := newMockClient(t, WithMaxRetries(1))
	mt.RegisterNoResponder(httpmock.NewErrorResponder(errors.New("connection reset by peer")))
	_, err := c.GetCompany(context.Background(), "DE-HRB-F1103-267645", nil)
	assert.ErrorIs(t, err, ErrServer)
	assert.ErrorContains(t, err, "connection reset by peer")
	assert.Equal(t, 2, mt.GetTotalCallCount(), "transport errors are retried")
}

const testKey = "rd_test_5f2c9e"

// testHTTPClient is the one place tests build the HTTP client the SDK
// uses: every request the client sends through it is checked against the
// OpenAPI description (answers here are hand-written doubles, some
// off-contract on purpose, so only requests are checked).
func testHTTPClient(t testing.TB, rt http.RoundTripper) *http.Client {
	t.Helper()
	return &http.Client{Transport: contract.Transport(t, rt, contract.RequestsOnly())}
}

// newMockClient returns a client talking to an httpmock transport, with
// retry waits shortened to milliseconds.
func newMockClient(t testing.TB, opts ...Option) (*Client, *httpmock.MockTransport) {
	t.Helper()
	mt := httpmock.NewMockTransport()
	base := []Option{
		WithAPIKey(testKey),
		WithBaseURL("https://api.test"),
		WithHTTPClient(testHTTPClient(t, mt)),
		WithRetryWait(time.Millisecond, 2*time.Millisecond, time.Minute),
	}
	c, err := NewClient(append(base, opts...)...)
	require.NoError(t, err)
	return c, mt
}
