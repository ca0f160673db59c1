package contract

import (
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// cannedHandler answers every request as c says and records the request
// body it received.
func cannedHandler(t testing.TB, c exchangeCase, got *string) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		b, err := io.ReadAll(r.Body)
		assert.NoError(t, err)
		*got = string(b)
		for k, v := range c.header() {
			w.Header()[k] = v
		}
		w.WriteHeader(c.status)
		_, _ = io.WriteString(w, c.respBody)
	})
}

func newRequest(t testing.TB, c exchangeCase, base string) *http.Request {
	var body io.Reader
	if c.reqBody != "" {
		body = strings.NewReader(c.reqBody)
	}
	req, err := http.NewRequest(c.method, base+c.target, body)
	require.NoError(t, err)
	if !c.anonymous {
		req.Header.Set("Authorization", "Bearer test-key")
	}
	if c.reqBody != "" {
		req.Header.Set("Content-Type", "application/json")
	}
	return req
}

// assertReported checks that rec holds exactly the violation c wants.
func assertReported(t *testing.T, c exchangeCase, rec *recorder) {
	t.Helper()
	got := rec.reported()
	for _, r := range got {
		t.Log(r)
	}
	if c.want == nil {
		assert.Empty(t, got, "no violation expected")
		return
	}
	require.Len(t, got, 1, "want one report")
	for _, w := range c.want {
		assert.Contains(t, got[0], w)
	}
}

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

func TestMiddleware(t *testing.T) {
	for _, c := range exchangeCases(t) {
		t.Run(c.name, func(t *testing.T) {
			var received string
			rec := newRecorder(t)
			h := Middleware(rec, cannedHandler(t, c, &received))
			w := httptest.NewRecorder()

			h.ServeHTTP(w, newRequest(t, c, "http://fake.test"))

			assert.Equal(t, c.reqBody, received, "the handler must receive the body the client sent")
			assert.Equal(t, c.respBody, w.Body.String(), "the client must receive the body the handler wrote")
			assert.Equal(t, c.status, w.Code)
			assertReported(t, c, rec)
		})
	}
}
