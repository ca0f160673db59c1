package contract

import (
	"bytes"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"strconv"
	"sync"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// recorder is a testing.TB that keeps what the checker reports with
// Errorf instead of failing the test, so tests can assert on violations.
type recorder struct {
	testing.TB // the real test, for Helper, Logf and Fatalf

	mu     sync.Mutex
	errors []string
}

func newRecorder(t testing.TB) *recorder { return &recorder{TB: t} }

func (r *recorder) Errorf(format string, args ...any) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.errors = append(r.errors, fmt.Sprintf(format, args...))
}

func (r *recorder) reported() []string {
	r.mu.Lock()
	defer r.mu.Unlock()
	return append([]string(nil), r.errors...)
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
