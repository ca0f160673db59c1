package registerdata_test

import (
	"context"
	"io"
	"net/http"
	"net/http/httptest"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	registerdata "github.com/registerdata/registerdata-go"
)

// TestEmptyAnswersAreErrors: a 2xx that carries no record is an error
// that keeps the body, never an empty Company.
func TestEmptyAnswersAreErrors(t *testing.T) {
	for _, body := range []string{`null`, `{}`, ``, ` `, `{"name":{"name":"No Id GmbH"}}`, `{"id":""}`, `{"id":null}`} {
		s := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			w.Header().Set("X-Request-Id", "req-1")
			_, _ = io.WriteString(w, body)
		}))
		c, err := registerdata.NewClient(registerdata.WithAPIKey("k"), registerdata.WithBaseURL(s.URL))
		require.NoError(t, err)
		co, err := c.GetCompany(context.Background(), knownCompany, nil)
		s.Close()
		assert.Nil(t, co, body)
		require.Error(t, err, body)
		var re *registerdata.ResponseError
		require.ErrorAs(t, err, &re, body)
		assert.Equal(t, body, string(re.Body), "the body is kept")
		assert.Equal(t, "req-1", re.RequestID)
		assert.ErrorIs(t, err, registerdata.ErrUnexpectedResponse)
	}
}

// TestRecordWithoutOtherRequiredFieldsDecodes: only the identifier is
// demanded; the service's data is not ours to refuse.
func TestRecordWithoutOtherRequiredFieldsDecodes(t *testing.T) {
	s := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		_, _ = io.WriteString(w, `{"id":"DE-HRB-F1103-267645"}`)
	}))
	t.Cleanup(s.Close)
	c, err := registerdata.NewClient(registerdata.WithAPIKey("k"), registerdata.WithBaseURL(s.URL))
	require.NoError(t, err)
	co, err := c.GetCompany(context.Background(), knownCompany, nil)
	require.NoError(t, err)
	assert.Equal(t, knownCompany, co.ID)
	assert.NotNil(t, co.Representation, "arrays are still never nil")
}
