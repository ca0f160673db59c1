package contract

import (
	"bytes"
	"io"
	"net/http"
	"net/http/httptest"
	"sync"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestTransport(t *testing.T) {
	for _, c := range exchangeCases(t) {
		t.Run(c.name, func(t *testing.T) {
			var received string
			srv := httptest.NewServer(cannedHandler(t, c, &received))
			defer srv.Close()
			rec := newRecorder(t)
			hc := &http.Client{Transport: Transport(rec, nil)}

			resp, err := hc.Do(newRequest(t, c, srv.URL))
			require.NoError(t, err)
			body, err := io.ReadAll(resp.Body)
			require.NoError(t, err)
			require.NoError(t, resp.Body.Close())

			assert.Equal(t, c.reqBody, received, "the server must receive the body the client sent")
			assert.Equal(t, c.respBody, string(body), "the client must read the body the server sent")
			assert.Equal(t, c.status, resp.StatusCode)
			assertReported(t, c, rec)
		})
	}
}

func TestTransportConcurrentUse(t *testing.T) {
	c := caseNamed(t, "company")
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		_, _ = io.WriteString(w, c.respBody)
	}))
	defer srv.Close()
	rec := newRecorder(t)
	hc := &http.Client{Transport: Transport(rec, nil)}

	var wg sync.WaitGroup
	for range 16 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			resp, err := hc.Do(newRequest(t, c, srv.URL))
			if !assert.NoError(t, err) {
				return
			}
			body, err := io.ReadAll(resp.Body)
			assert.NoError(t, err)
			assert.Equal(t, c.respBody, string(body))
			resp.Body.Close()
		}()
	}
	wg.Wait()
	assert.Empty(t, rec.reported())
}

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
