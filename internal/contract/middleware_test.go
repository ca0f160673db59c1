package contract

import (
	"io"
	"net/http"
	"net/http/httptest"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/stretchr/testify/assert"
)

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
