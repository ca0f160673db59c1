package contract

import (
	"bytes"
	"io"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"sync"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// caseNamed returns the exchange case called name.
func caseNamed(t *testing.T, name string) exchangeCase {
	t.Helper()
	for _, c := range exchangeCases(t) {
		if c.name == name {
			return c
		}
	}
	t.Fatalf("no exchange case %q", name)
	return exchangeCase{}
}

// roundTrip sends c through a Transport made with opts and returns what
// was reported.
func roundTrip(t *testing.T, c exchangeCase, opts ...Option) []string {
	t.Helper()
	var received string
	srv := httptest.NewServer(cannedHandler(t, c, &received))
	defer srv.Close()
	rec := newRecorder(t)
	resp, err := (&http.Client{Transport: Transport(rec, nil, opts...)}).Do(newRequest(t, c, srv.URL))
	require.NoError(t, err)
	_, _ = io.Copy(io.Discard, resp.Body)
	require.NoError(t, resp.Body.Close())
	return rec.reported()
}

func TestAllowInvalidRequests(t *testing.T) {
	t.Run("invalid request not reported", func(t *testing.T) {
		c := caseNamed(t, "stray field in body")
		require.NotEmpty(t, roundTrip(t, c), "without the option the stray field is reported")
		assert.Empty(t, roundTrip(t, c, AllowInvalidRequests()))
	})
	t.Run("answer still checked", func(t *testing.T) {
		c := caseNamed(t, "stray field in body")
		c.respBody = `{"detail": "stray field"}`
		got := roundTrip(t, c, AllowInvalidRequests())
		require.Len(t, got, 1)
		assert.Contains(t, got[0], `"error" is missing`)
	})
	t.Run("anonymous still needs 401", func(t *testing.T) {
		got := roundTrip(t, caseNamed(t, "anonymous served"), AllowInvalidRequests())
		require.Len(t, got, 1)
		assert.Contains(t, got[0], "requires 401")
	})
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

func TestOversizedRequestPassesUnchecked(t *testing.T) {
	huge := bytes.Repeat([]byte("x"), maxBody+1) // not JSON: would be a violation if checked
	var got int
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		n, err := io.Copy(io.Discard, r.Body)
		assert.NoError(t, err)
		got = int(n)
		w.Header().Set("Content-Type", "application/json")
		w.WriteHeader(http.StatusBadRequest)
		_, _ = io.WriteString(w, errBadRequest)
	}))
	defer srv.Close()
	rec := newRecorder(t)
	req, err := http.NewRequest(http.MethodPost, srv.URL+"/v1/search/company", bytes.NewReader(huge))
	require.NoError(t, err)
	req.Header.Set("Authorization", "Bearer k")

	resp, err := (&http.Client{Transport: Transport(rec, nil)}).Do(req)
	require.NoError(t, err)
	resp.Body.Close()

	assert.Equal(t, len(huge), got, "the whole body must reach the server")
	assert.Empty(t, rec.reported())
}

func TestTruncatedAnswerKeepsItsError(t *testing.T) {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		w.Header().Set("Content-Length", strconv.Itoa(1000))
		_, _ = io.WriteString(w, `{"id": "DE`) // then the connection ends
	}))
	defer srv.Close()
	rec := newRecorder(t)
	c := caseNamed(t, "company")

	resp, err := (&http.Client{Transport: Transport(rec, nil)}).Do(newRequest(t, c, srv.URL))
	require.NoError(t, err)
	body, err := io.ReadAll(resp.Body)
	resp.Body.Close()

	require.ErrorIs(t, err, io.ErrUnexpectedEOF, "the caller must see the read error it would have seen without the check")
	assert.Equal(t, `{"id": "DE`, string(body))
	assert.Empty(t, rec.reported(), "an incomplete body is not judged")
}

func TestMiddlewareImplicitAnswer(t *testing.T) {
	rec := newRecorder(t)
	h := Middleware(rec, http.HandlerFunc(func(http.ResponseWriter, *http.Request) {}))
	req := httptest.NewRequest(http.MethodGet, "/v1/monitor", nil)
	req.Header.Set("Authorization", "Bearer k")
	h.ServeHTTP(httptest.NewRecorder(), req)

	got := rec.reported()
	require.Len(t, got, 1, "an empty 200 is not a monitor list")
	assert.Contains(t, got[0], "the 200 answer")
}

func TestMiddlewareFlushes(t *testing.T) {
	rec := newRecorder(t)
	h := Middleware(rec, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		_, _ = io.WriteString(w, `{"items": `)
		require.NoError(t, http.NewResponseController(w).Flush())
		_, _ = io.WriteString(w, `[]}`)
	}))
	w := httptest.NewRecorder()
	req := httptest.NewRequest(http.MethodGet, "/v1/monitor", nil)
	req.Header.Set("Authorization", "Bearer k")
	h.ServeHTTP(w, req)

	assert.True(t, w.Flushed)
	assert.Equal(t, `{"items": []}`, w.Body.String())
	assert.Empty(t, rec.reported())
}

func TestHostileIDs(t *testing.T) {
	for _, id := range []string{"..%2Fmonitor", "a%2Fb", "%20", "a%3Fb", "a%23b", "a%25b"} {
		t.Run(id, func(t *testing.T) {
			c := caseNamed(t, "company not found")
			c.target = "/v1/company/" + id
			got := roundTrip(t, c)
			require.Len(t, got, 1, "an id that is not one clean path segment must be reported")
			assert.True(t, strings.Contains(got[0], `"company_id"`) || strings.Contains(got[0], "not an operation"), got[0])
		})
	}
}
