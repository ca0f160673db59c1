package registerdata

import (
	"context"
	"net/http"
)

// callState is what one call carries through the pipeline: what it is
// (route, price, retry limit), and what happened to it (attempts, the
// credits it holds in the budget and those counted as charged, the last
// answer). The stages below the retry stage find it in the request's
// context.
//
// Billing rule: every write of the request may be billed, so the price of
// each write is held in the budget before the write is made (writes.go).
// A write answered 2xx is charged; a write whose answer was lost
// (connection reset, timeout) is charged too, because the service may
// have processed it. CreditsSpent is therefore never below what the
// service billed, and never above the budget.
type callState struct {
	route      string
	cost       int64
	maxRetries int
	budget     budgets // the client's, then the limits of the call's context
	sensitive  bool    // a body or per-call headers: never sent off the origin by a redirect

	attempts   int   // writes made (see ResponseInfo.Attempts)
	charged    int64 // credits counted as spent by this call
	reserved   int64 // credits this call holds in the budget
	lostAnswer bool  // a write was made and its answer lost
	budgetErr  error // the budget refused the hold for a write
	resent     bool  // the one free re-send of a request never written was used
	lastWrote  bool  // the last write's request went out
	lastReused bool  // the last write went over a reused connection

	status int         // of the last answer; 0 without one
	header http.Header // of the last answer
	cached bool        // the answer came from the cache or a concurrent lookup
	body   []byte      // a cacheable answer's body, for the waiters of its flight
}

type callStateKey struct{}

// withCallState returns ctx carrying st, for the stages below retry.
func withCallState(ctx context.Context, st *callState) context.Context {
	return context.WithValue(ctx, callStateKey{}, st)
}

func callStateFrom(ctx context.Context) *callState {
	st, _ := ctx.Value(callStateKey{}).(*callState)
	return st
}

// answered records the last answer of the call.
func (st *callState) answered(resp *http.Response) {
	if resp == nil {
		return
	}
	st.status, st.header = resp.StatusCode, resp.Header
}

// info is what WithResponseInfo reports of st.
func (st *callState) info() ResponseInfo {
	info := ResponseInfo{Attempts: st.attempts, Charged: st.charged, Cached: st.cached, StatusCode: st.status, Header: st.header}
	if st.header != nil {
		info.RequestID = st.header.Get("X-Request-Id")
	}
	return info
}
