package contract

import (
	"bytes"
	"io"
	"net/http"
	"testing"
)

// cannedTransport answers every request with a fixed 200 JSON body,
// without a network, so benchmarks measure the check alone.
type cannedTransport []byte

func (c cannedTransport) RoundTrip(req *http.Request) (*http.Response, error) {
	if req.Body != nil {
		_, _ = io.Copy(io.Discard, req.Body)
		req.Body.Close()
	}
	return &http.Response{
		StatusCode: http.StatusOK,
		Header:     http.Header{"Content-Type": {"application/json"}},
		Body:       io.NopCloser(bytes.NewReader(c)),
		Request:    req,
	}, nil
}

// BenchmarkRoundTrip compares one company lookup without and with the
// contract check; read the ratio of the two, not the absolute times.
func BenchmarkRoundTrip(b *testing.B) {
	next := cannedTransport(company(b, nil))
	for _, bc := range []struct {
		name string
		rt   http.RoundTripper
	}{
		{"plain", next},
		{"checked", Transport(b, next)},
	} {
		b.Run(bc.name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				req, _ := http.NewRequest(http.MethodGet, "http://fake.test/v1/company/"+validID, nil)
				req.Header.Set("Authorization", "Bearer k")
				resp, err := bc.rt.RoundTrip(req)
				if err != nil {
					b.Fatal(err)
				}
				_, _ = io.Copy(io.Discard, resp.Body)
				resp.Body.Close()
			}
		})
	}
}

// BenchmarkValidateJSON measures validating the company fixture alone.
func BenchmarkValidateJSON(b *testing.B) {
	doc := []byte(company(b, nil))
	b.ReportAllocs()
	for b.Loop() {
		if err := ValidateJSON("Company", doc); err != nil {
			b.Fatal(err)
		}
	}
}
