package registerdata_test

import (
	"context"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"sync/atomic"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	registerdata "github.com/registerdata/registerdata-go"
)

// recordingTimer is a poll timer (WithPollTimer) that fires at once and
// records what each wait asked for.
type recordingTimer struct{ waits []time.Duration }

func (r *recordingTimer) after(d time.Duration) <-chan time.Time {
	r.waits = append(r.waits, d)
	ch := make(chan time.Time, 1)
	ch <- time.Time{}
	return ch
}

// scriptedServer answers the i-th request (from 0) with answers[i] (the
// last one again once they run out) and counts the requests.
type scriptedAnswer struct {
	status     int
	retryAfter string
	body       string
}

func scriptedServer(t *testing.T, answers ...scriptedAnswer) (*registerdata.Client, *atomic.Int32) {
	t.Helper()
	var n atomic.Int32
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		a := answers[min(int(n.Add(1))-1, len(answers)-1)]
		if a.retryAfter != "" {
			w.Header().Set("Retry-After", a.retryAfter)
		}
		w.Header().Set("Content-Type", "application/json")
		w.WriteHeader(a.status)
		_, _ = w.Write([]byte(a.body))
	}))
	t.Cleanup(srv.Close)
	c, err := registerdata.NewClient(registerdata.WithAPIKey("k"), registerdata.WithBaseURL(srv.URL), registerdata.WithMaxRetries(0),
		registerdata.WithCreditBudget(1000))
	require.NoError(t, err)
	return c, &n
}

const (
	historyBody    = `{"owners":[{"id":"","name":"Anna Becker","entity_type":"natural_person","status":"active","first_appearance":"2020-01-01T00:00:00Z","ownership_history":[]}]}`
	processingBody = `{"status":"processing","message":"later"}`
)

func TestGetOwnershipHistoryHonoursRetryAfter(t *testing.T) {
	for _, tc := range []struct {
		name, retryAfter string
		want             time.Duration
	}{
		{"seconds", "7", 7 * time.Second},
		{"none: the documented 30 s", "", registerdata.DefaultProcessingWait},
		{"garbage: the documented 30 s", "soon", registerdata.DefaultProcessingWait},
		{"zero: at least a second", "0", time.Second},
		{"a date", time.Now().Add(2 * time.Hour).UTC().Format(http.TimeFormat), 2 * time.Hour},
	} {
		t.Run(tc.name, func(t *testing.T) {
			c, n := scriptedServer(t, scriptedAnswer{http.StatusAccepted, tc.retryAfter, processingBody}, scriptedAnswer{http.StatusOK, "", historyBody})
			timer := &recordingTimer{}
			h, err := c.GetOwnershipHistory(context.Background(), knownCompany, registerdata.WithPollTimer(timer.after))
			require.NoError(t, err)
			require.Len(t, h.Owners, 1)
			require.Len(t, timer.waits, 1)
			if tc.name == "a date" {
				assert.InDelta(t, tc.want, timer.waits[0], float64(2*time.Second), "an HTTP date is read against the clock")
			} else {
				assert.Equal(t, tc.want, timer.waits[0])
			}
			assert.EqualValues(t, 2, n.Load())
			assert.Equal(t, int64(registerdata.DefaultPrices().Of("GET /v1/company/{company_id}/owners/historical", false)), c.CreditsSpent(), "the 202 was not charged, the 200 was")

			_, err = c.GetOwnershipHistory(context.Background(), knownCompany, registerdata.NoWait())
			require.NoError(t, err, "the script serves the history from now on")
		})
	}
}

func TestNoWaitGivesTheRetryAfter(t *testing.T) {
	c, _ := scriptedServer(t, scriptedAnswer{http.StatusAccepted, "12", processingBody})
	_, err := c.GetOwnershipHistory(context.Background(), knownCompany, registerdata.NoWait())
	var pe *registerdata.ProcessingError
	require.ErrorAs(t, err, &pe)
	assert.Equal(t, 12*time.Second, pe.RetryAfter)
	assert.Contains(t, err.Error(), "ask again after 12s")
	assert.Zero(t, c.CreditsSpent())
	left, _ := c.CreditsRemaining()
	assert.Equal(t, int64(1000), left)
}

// NoWait is GetOwnershipHistory's: other calls ignore it.
func TestNoWaitIsIgnoredByOtherCalls(t *testing.T) {
	c, _ := scriptedServer(t, scriptedAnswer{http.StatusOK, "", `{"id":"DE-HRB-F1103-267645"}`})
	co, err := c.GetCompany(context.Background(), knownCompany, nil, registerdata.NoWait())
	require.NoError(t, err)
	assert.Equal(t, knownCompany, co.ID)
}

// A 2xx a route does not define is never decoded as its result, though
// its body would decode: the call fails with ErrUnexpectedResponse and is
// charged, since the service may have billed it.
func TestUndefinedSuccessStatusIsNotData(t *testing.T) {
	company := `{"id":"DE-HRB-F1103-267645"}`
	for _, status := range []int{http.StatusAccepted, http.StatusNonAuthoritativeInfo, http.StatusCreated} {
		c, _ := scriptedServer(t, scriptedAnswer{status, "1", company})
		co, err := c.GetCompany(context.Background(), knownCompany, nil)
		assert.Nil(t, co, "%d", status)
		require.ErrorIs(t, err, registerdata.ErrUnexpectedResponse, "%d", status)
		assert.NotErrorIs(t, err, registerdata.ErrProcessing, "%d: only a route that defines a processing 202 has one", status)
		var re *registerdata.ResponseError
		require.ErrorAs(t, err, &re)
		assert.Equal(t, status, re.StatusCode)
		assert.Contains(t, err.Error(), "GET /v1/company/{company_id} defines no")
		assert.Equal(t, int64(registerdata.DefaultPrices().Of("GET /v1/company/{company_id}", false)), c.CreditsSpent(), "%d: charged, as the service may have billed it", status)
	}

	// A 203 of the history is not data either, nor processing: charged.
	c, n := scriptedServer(t, scriptedAnswer{http.StatusNonAuthoritativeInfo, "", historyBody})
	_, err := c.GetOwnershipHistory(context.Background(), knownCompany)
	require.ErrorIs(t, err, registerdata.ErrUnexpectedResponse)
	assert.EqualValues(t, 1, n.Load(), "not waited for")
	assert.Equal(t, int64(registerdata.DefaultPrices().Of("GET /v1/company/{company_id}/owners/historical", false)), c.CreditsSpent())
}

// The 202 of an extract is the extract, still processing (same schema).
func TestExtractAnswered202IsTheExtract(t *testing.T) {
	c, _ := scriptedServer(t, scriptedAnswer{http.StatusAccepted, "", `{"id":"tre_1","status":"processing","submitted_at":"2026-01-01T00:00:00Z"}`})
	ex, err := c.GetTransparencyExtract(context.Background(), "tre_1")
	require.NoError(t, err)
	assert.Equal(t, "tre_1", ex.ID)
	assert.False(t, ex.Status.IsFinal())
}

// Stored credentials answer 201 without a body, as the service documents.
func TestCredentialsStored201(t *testing.T) {
	c, _ := scriptedServer(t, scriptedAnswer{http.StatusCreated, "", ""})
	require.NoError(t, c.SetTransparencyCredentials(context.Background(), registerdata.TransparencyCredentials{Username: "kyc@example.com", Password: "pw"}))
}

// Do keeps decoding any 2xx (its contract), but bills a known route by
// the table: the 202 of the history costs nothing.
func TestDoDecodesA202ButBillsByTheTable(t *testing.T) {
	c, _ := scriptedServer(t, scriptedAnswer{http.StatusAccepted, "30", processingBody})
	var raw json.RawMessage
	var info registerdata.ResponseInfo
	err := c.Do(context.Background(), http.MethodGet, "/v1/company/"+knownCompany+"/owners/historical", nil, &raw,
		registerdata.WithCost(registerdata.DefaultPrices().Of("GET /v1/company/{company_id}/owners/historical", false)), registerdata.WithResponseInfo(&info))
	require.NoError(t, err)
	assert.JSONEq(t, processingBody, string(raw))
	assert.Equal(t, 202, info.StatusCode)
	assert.Zero(t, info.Charged)
	assert.Zero(t, c.CreditsSpent())

	// A 202 of a route that does not define it is charged, even through Do.
	err = c.Do(context.Background(), http.MethodGet, "/v1/company/"+knownCompany, nil, &raw)
	require.NoError(t, err)
	assert.Equal(t, int64(registerdata.UnpublishedPrice), c.CreditsSpent())
}

// Only a status the route's table marks as the result is cached: a 202
// that Do decoded is not kept, the 200 after it is.
func TestA202IsNeverCached(t *testing.T) {
	var n atomic.Int32
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		if n.Add(1) == 1 {
			w.WriteHeader(http.StatusAccepted)
		}
		_, _ = w.Write([]byte(`{"id":"DE-HRB-F1103-267645"}`))
	}))
	t.Cleanup(srv.Close)
	c, err := registerdata.NewClient(registerdata.WithAPIKey("k"), registerdata.WithBaseURL(srv.URL),
		registerdata.WithCache(registerdata.NewMemoryCache(10, time.Hour)))
	require.NoError(t, err)
	for range 3 {
		var raw json.RawMessage
		require.NoError(t, c.Do(context.Background(), http.MethodGet, "/v1/company/"+knownCompany, nil, &raw))
	}
	assert.EqualValues(t, 2, n.Load(), "the 202 was asked again, the 200 served from the cache")
}
