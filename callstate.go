package registerdata

import "net/http"

// callState is what one call carries through the pipeline: what it is
// (route, price, retry limit), and what happened to it (attempts, the
// credits it holds in the budget and those counted as charged, the last
// answer). Every stage that needs it is handed it: the stages of the
// Client as a parameter, the stages under the http.Client (redirects,
// write counting) and the retry policy through the retrying client built
// for the call (transportStages.forCall), so none reads it back from a
// context.
//
// Billing rule: every write of the request may be billed, so the price of
// each write is held in the budget before the write is made (writes.go).
// A write answered 2xx is charged (but for a status the route's table,
// routeAnswers, marks unbilled: its hold is released); a write whose answer was lost
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

// holdWrite makes sure the budget holds the price of one more write.
func (st *callState) holdWrite() error {
	if st.cost == 0 || st.reserved-st.charged >= st.cost {
		return nil
	}
	if err := st.budget.reserve(st.cost); err != nil {
		st.budgetErr = err
		return err
	}
	st.reserved += st.cost
	return nil
}

// charge counts n writes of the call as charged. Writes beyond what the
// call held (only a transport re-sending on its own makes them) are
// charged too: the budget's spent count may then pass its limit, but
// never falls below what the service billed.
func (st *callState) charge(n int64) {
	if n <= 0 {
		return
	}
	st.charged += n * st.cost
	if st.charged > st.reserved {
		st.budget.force(st.charged - st.reserved)
		st.reserved = st.charged
	}
}
