package registerdata_test

import (
	"net/http"
	"sync/atomic"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	registerdata "github.com/registerdata/registerdata-go"
	"github.com/registerdata/registerdata-go/fake"
	"github.com/registerdata/registerdata-go/internal/contract"
)

// countingTransport counts the requests that reach the network.
type countingTransport struct {
	next  http.RoundTripper
	calls atomic.Int32
}

func (t *countingTransport) RoundTrip(r *http.Request) (*http.Response, error) {
	t.calls.Add(1)
	return t.next.RoundTrip(r)
}

// newFakeClient starts a fake and returns it with a client talking to it
// through a counting transport, retry waits shortened to milliseconds.
func newFakeClient(t testing.TB, srvOpts []fake.Option, opts ...registerdata.Option) (*fake.Server, *registerdata.Client, *countingTransport) {
	t.Helper()
	srv := fake.NewServer(srvOpts...)
	t.Cleanup(srv.Close)
	ct := &countingTransport{next: contract.Transport(t, http.DefaultTransport)} // checked against api/openapi.yaml
	base := []registerdata.Option{
		registerdata.WithAPIKey(srv.APIKey),
		registerdata.WithBaseURL(srv.URL),
		registerdata.WithHTTPClient(&http.Client{Transport: ct}),
		registerdata.WithRetryWait(time.Millisecond, 2*time.Millisecond, time.Minute),
	}
	c, err := registerdata.NewClient(append(base, opts...)...)
	require.NoError(t, err)
	return srv, c, ct
}

// knownCompany is a company of the fake's curated register.
const knownCompany = "DE-HRB-F1103-267645"
