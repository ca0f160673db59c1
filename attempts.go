package registerdata

import (
	"context"
	"net/http"
	"net/http/httptrace"
	"sync/atomic"
)

// callState follows the attempts of one call through the retry loop: how
// many were sent, which the service may have billed, and the credits held
// in the budget for them. The retry policy (newRetryClient's CheckRetry)
// finds it in the request's context.
//
// Billing rule: an attempt answered 2xx is charged; an attempt whose
// request was written but whose answer was lost (connection reset,
// timeout) is counted as charged too, because the service may have
// processed it. CreditsSpent is therefore never below what the service
// billed, and a retry after a lost answer must first hold its price in
// the budget.
type callState struct {
	cost       int64
	maxRetries int
	route      string // for log records

	attempts   int
	charged    int64 // credits counted as spent by this call
	reserved   int64 // credits this call holds in the budget
	lostAnswer bool  // an attempt was sent and its answer lost
	budget     *budget
	budgetErr  error // the budget refused the hold for a retry

	wrote atomic.Bool // the current attempt's request was written out
}

type callStateKey struct{}

// attach returns ctx carrying st and a trace that tells st when an
// attempt's request has been written completely.
func (st *callState) attach(ctx context.Context) context.Context {
	ctx = context.WithValue(ctx, callStateKey{}, st)
	return httptrace.WithClientTrace(ctx, &httptrace.ClientTrace{
		WroteRequest: func(info httptrace.WroteRequestInfo) {
			if info.Err == nil {
				st.wrote.Store(true)
			}
		},
	})
}

func callStateFrom(ctx context.Context) *callState {
	st, _ := ctx.Value(callStateKey{}).(*callState)
	return st
}

// attemptDone records the outcome of one attempt.
func (st *callState) attemptDone(resp *http.Response, err error) {
	st.attempts++
	wrote := st.wrote.Swap(false)
	switch {
	case resp != nil && resp.StatusCode >= 200 && resp.StatusCode <= 299:
		st.charged += st.cost
	case resp == nil && err != nil && wrote:
		st.charged += st.cost
		st.lostAnswer = true
	}
}

// mayRetry reports whether another attempt may be sent: the call's retry
// limit allows it, and, when an earlier attempt counts as charged, the
// budget can hold the price of one more.
func (st *callState) mayRetry() bool {
	if st.attempts > st.maxRetries {
		return false
	}
	if st.charged+st.cost <= st.reserved {
		return true
	}
	if err := st.budget.reserve(st.cost); err != nil {
		st.budgetErr = err
		return false
	}
	st.reserved += st.cost
	return true
}

// fill writes what the call did into the ResponseInfo the caller asked
// for, if any. resp is the last answer, or nil.
func (cfg *callConfig) fill(st *callState, resp *http.Response) {
	info := cfg.info
	if info == nil {
		return
	}
	*info = ResponseInfo{Attempts: st.attempts, Charged: st.charged}
	if resp != nil {
		info.StatusCode = resp.StatusCode
		info.Header = resp.Header
		info.RequestID = resp.Header.Get("X-Request-Id")
	}
}
