package registerdata

import (
	"net/http"
	"testing"
	"time"

	"github.com/jarcoal/httpmock"
	"github.com/stretchr/testify/require"

	"github.com/registerdata/registerdata-go/internal/contract"
)

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
