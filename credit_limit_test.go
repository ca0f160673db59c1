package registerdata_test

import (
	"context"
	"errors"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	registerdata "github.com/registerdata/registerdata-go"
)

// answerLoser is a service that bills every paid request it reads and
// loses the answer of the first lose of them (it closes the connection
// without answering), so the client retries a call it was charged for.
// The free autocomplete answers with nothing; a search answers with no
// results once an answer is not lost.
type answerLoser struct {
	*httptest.Server
	billed atomic.Int64
	lost   atomic.Int64
}

func newAnswerLoser(t *testing.T, lose int64) *answerLoser {
	t.Helper()
	s := &answerLoser{}
	s.Server = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if strings.HasPrefix(r.URL.Path, "/v1/autocomplete/") {
			w.Header().Set("Content-Type", "application/json")
			w.Write([]byte(`{"results":[]}`))
			return
		}
		s.billed.Add(10)
		if s.lost.Add(1) <= lose {
			conn, _, err := http.NewResponseController(w).Hijack()
			if err == nil {
				conn.Close()
			}
			return
		}
		w.Header().Set("Content-Type", "application/json")
		if strings.HasPrefix(r.URL.Path, "/v1/search/") {
			w.Write([]byte(`{"results":[],"pagination":{"page":1,"per_page":100,"total":0,"total_pages":0}}`))
			return
		}
		http.Error(w, `{"detail":"not found"}`, http.StatusNotFound)
	}))
	t.Cleanup(s.Close)
	return s
}

func (s *answerLoser) client(t *testing.T, opts ...registerdata.Option) *registerdata.Client {
	t.Helper()
	c, err := registerdata.NewClient(append([]registerdata.Option{
		registerdata.WithAPIKey("k"), registerdata.WithBaseURL(s.URL),
		registerdata.WithMaxRetries(3),
		registerdata.WithRetryWait(time.Millisecond, time.Millisecond, time.Minute),
	}, opts...)...)
	require.NoError(t, err)
	return c
}

// TestCreditLimitHoldsAtEveryWrite: a call whose answer is lost was
// charged; its retry is a second write the limit must pay for, so a limit
// of one call's price lets exactly one write out.
func TestCreditLimitHoldsAtEveryWrite(t *testing.T) {
	s := newAnswerLoser(t, 1)
	c := s.client(t)
	ctx, lim := registerdata.WithCreditLimit(context.Background(), registerdata.DefaultPrices().Of("POST /v1/search/company", false))
	_, err := c.SearchCompanies(ctx, registerdata.CompanySearchRequest{Query: "Nordbau"})
	require.Error(t, err)
	assert.ErrorIs(t, err, registerdata.ErrBudgetExceeded)
	assert.True(t, lim.Refused(err), "the refusal is the limit's: %v", err)
	assert.Equal(t, int64(registerdata.DefaultPrices().Of("POST /v1/search/company", false)), s.billed.Load(), "one write, not its retry")
	assert.Equal(t, s.billed.Load(), lim.Spent(), "the limit counts what was billed")
	assert.Equal(t, int64(0), lim.Remaining())
	assert.Equal(t, s.billed.Load(), c.CreditsSpent(), "the client counts it too")

	// With room for the retry the call succeeds and both writes count.
	s = newAnswerLoser(t, 1)
	c = s.client(t)
	ctx, lim = registerdata.WithCreditLimit(context.Background(), 2*registerdata.DefaultPrices().Of("POST /v1/search/company", false))
	_, err = c.SearchCompanies(ctx, registerdata.CompanySearchRequest{Query: "Nordbau"})
	require.NoError(t, err)
	assert.Equal(t, int64(2*registerdata.DefaultPrices().Of("POST /v1/search/company", false)), s.billed.Load())
	assert.Equal(t, s.billed.Load(), lim.Spent())
}

// TestMatchMaxCreditsHoldsWhenAPaidCallIsRetried is defect 7 of issue 29:
// a match with MaxCredits 10 whose search answer is lost once was billed
// 20 (the search and its retry).
func TestMatchMaxCreditsHoldsWhenAPaidCallIsRetried(t *testing.T) {
	for _, maxCredits := range []int64{10, 20, 30} {
		s := newAnswerLoser(t, 100)
		c := s.client(t)
		var info registerdata.ResponseInfo
		m, err := c.MatchCompany(context.Background(), registerdata.MatchQuery{Name: "Nordbau GmbH", Register: "HRB 41209, Amtsgericht Köln"},
			&registerdata.MatchOptions{MaxCredits: maxCredits}, registerdata.WithResponseInfo(&info))
		if err == nil {
			assert.Nil(t, m.Best)
			assert.LessOrEqual(t, m.Credits, maxCredits)
		}
		assert.LessOrEqual(t, s.billed.Load(), maxCredits, "MaxCredits %d: the service billed more", maxCredits)
		assert.LessOrEqual(t, info.Charged, maxCredits)
		assert.Equal(t, s.billed.Load(), c.CreditsSpent(), "MaxCredits %d", maxCredits)
		assert.Positive(t, s.billed.Load(), "a paid call was made")
	}
}

// TestCreditLimitsNestAndNameTheirRefusal: a call is held against the
// client's budget and every limit of its context; each refusal says
// whose it is.
func TestCreditLimitsNestAndNameTheirRefusal(t *testing.T) {
	s := newAnswerLoser(t, 0)
	c := s.client(t, registerdata.WithCreditBudget(1000))
	outerCtx, outer := registerdata.WithCreditLimit(context.Background(), 30)
	innerCtx, inner := registerdata.WithCreditLimit(outerCtx, 100)
	req := registerdata.CompanySearchRequest{Query: "Nordbau"}
	for range 3 {
		_, err := c.SearchCompanies(innerCtx, req)
		require.NoError(t, err)
	}
	_, err := c.SearchCompanies(innerCtx, req)
	require.ErrorIs(t, err, registerdata.ErrBudgetExceeded)
	assert.True(t, outer.Refused(err), "the outer limit refused: %v", err)
	assert.False(t, inner.Refused(err))
	assert.Equal(t, int64(30), outer.Spent())
	assert.Equal(t, int64(30), inner.Spent())
	assert.Equal(t, int64(70), inner.Remaining())
	assert.Equal(t, int64(30), c.CreditsSpent())
	assert.Contains(t, err.Error(), "credit limit")

	// The client's own budget refuses with an error no limit claims.
	c = s.client(t, registerdata.WithCreditBudget(5))
	ctx, lim := registerdata.WithCreditLimit(context.Background(), 100)
	_, err = c.SearchCompanies(ctx, req)
	require.ErrorIs(t, err, registerdata.ErrBudgetExceeded)
	assert.False(t, lim.Refused(err))
	assert.Zero(t, lim.Spent())
	assert.Equal(t, int64(100), lim.Remaining(), "a refused call holds nothing")

	// A negative limit allows free calls only.
	ctx, lim = registerdata.WithCreditLimit(context.Background(), -5)
	_, err = c.AutocompleteCompanies(ctx, "Nordbau")
	assert.NoError(t, err)
	assert.Equal(t, int64(0), lim.Max())
	assert.False(t, lim.Refused(errors.New("other")))
}

// TestTreeMaxCreditsHoldsWhenAPaidCallIsRetried: the ownership walk's
// MaxCredits is a CreditLimit too.
func TestTreeMaxCreditsHoldsWhenAPaidCallIsRetried(t *testing.T) {
	for _, maxCredits := range []int64{10, 20} {
		s := newAnswerLoser(t, 100)
		c := s.client(t)
		_, err := c.OwnershipTree(context.Background(), "DE-HRB-F1103-267645", registerdata.TreeOptions{MaxCredits: maxCredits})
		require.ErrorIs(t, err, registerdata.ErrBudgetExceeded)
		assert.LessOrEqual(t, s.billed.Load(), maxCredits, "MaxCredits %d: the service billed more", maxCredits)
		assert.Equal(t, s.billed.Load(), c.CreditsSpent())
	}
}

// TestARefusedCallOfANestedLimitReleasesWhatTheBudgetsHeld: a call is
// held against the client's budget first, then each limit; when a limit
// refuses it, what the client's budget and the outer limits held for it
// is released, so the refusal costs nothing of them and they can still
// pay for calls the inner limit allows.
func TestARefusedCallOfANestedLimitReleasesWhatTheBudgetsHeld(t *testing.T) {
	price := registerdata.DefaultPrices().Of("POST /v1/search/company", false)
	s := newAnswerLoser(t, 0)
	c := s.client(t, registerdata.WithCreditBudget(3*price))
	outerCtx, outer := registerdata.WithCreditLimit(context.Background(), 2*price)
	innerCtx, inner := registerdata.WithCreditLimit(outerCtx, price-1)
	req := registerdata.CompanySearchRequest{Query: "Nordbau"}
	for range 3 {
		_, err := c.SearchCompanies(innerCtx, req)
		require.ErrorIs(t, err, registerdata.ErrBudgetExceeded)
		require.True(t, inner.Refused(err), "the inner limit refused: %v", err)
	}
	assert.Zero(t, s.billed.Load(), "nothing was sent")
	left, ok := c.CreditsRemaining()
	require.True(t, ok)
	assert.Equal(t, 3*price, left, "the client's budget holds nothing for the refused calls")
	assert.Equal(t, 2*price, outer.Remaining(), "the outer limit holds nothing for them")

	// The budget and the outer limit still pay for what they allow.
	for range 2 {
		_, err := c.SearchCompanies(outerCtx, req)
		require.NoError(t, err)
	}
	assert.Equal(t, 2*price, outer.Spent())
	assert.Equal(t, 2*price, c.CreditsSpent())
}
