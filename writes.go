package registerdata

import (
	"io"
	"net/http"
	"net/http/httptrace"
	"sync/atomic"
)

// writeCounter is the write-counting stage, the last before the
// transport. The service may bill every request it receives, so each
// write of a request is held in the credit budget before it is made
// (a write the budget cannot hold is not made) and counted after it:
//
//   - an answer 2xx is charged, unless routeAnswers marks the status as
//     one the service does not bill for the call's route (a 202 of the
//     historical owners: still processing); a 2xx the table does not
//     name is charged;
//   - a request written whose answer was lost (reset, timeout) is charged
//     too, since the service may have processed it;
//   - any other answer is not charged, and its hold serves the next write.
//
// http.Transport re-sends an idempotent request by itself when a reused
// keep-alive connection dies before the answer, and would make a write
// nobody held or counted. writeCounter hands the transport a request it
// cannot replay (a GET's empty body becomes a one-shot reader), so every
// re-send goes back through the retry stage, which holds and counts it.
// A transport that still writes a request twice in one round trip (a
// custom one) has every extra write counted as charged, so CreditsSpent
// never falls below what the service billed.
//
// Each call has its own writeCounter (see transportStages.forCall),
// holding the call's state.
type writeCounter struct {
	next http.RoundTripper // nil: http.DefaultTransport
	st   *callState
}

// RoundTrip holds, writes and counts one request.
func (w *writeCounter) RoundTrip(req *http.Request) (*http.Response, error) {
	next := w.next
	if next == nil {
		next = http.DefaultTransport
	}
	st := w.st
	if err := st.holdWrite(); err != nil {
		if req.Body != nil {
			req.Body.Close()
		}
		return nil, err
	}
	var got, wrote, failed atomic.Int32
	var reused atomic.Bool
	trace := &httptrace.ClientTrace{
		GotConn: func(info httptrace.GotConnInfo) {
			got.Add(1)
			reused.Store(info.Reused)
		},
		WroteRequest: func(info httptrace.WroteRequestInfo) {
			if info.Err == nil {
				wrote.Add(1)
			} else {
				failed.Add(1)
			}
		},
	}
	out := req.WithContext(httptrace.WithClientTrace(req.Context(), trace))
	if out.Body == nil || out.Body == http.NoBody {
		out.Body, out.GetBody = oneShotEmpty{}, nil // not replayable: see the type's comment
	} else {
		out.GetBody = nil
	}
	resp, err := next.RoundTrip(out)

	writes := int64(wrote.Load())
	if err != nil && got.Load() > 0 && failed.Load() == 0 && writes == 0 {
		writes = 1 // a connection was had and no write failed: it may have gone out
	}
	st.lastWrote, st.lastReused = writes > 0, reused.Load()
	switch {
	case err == nil && resp.StatusCode >= 200 && resp.StatusCode <= 299 && answerOf(st.route, resp.StatusCode).billed:
		st.charge(max(writes, 1)) // the answered write, and any extra write of the transport
	case err == nil:
		st.charge(max(writes-1, 0)) // extra writes only
	case writes > 0:
		st.charge(writes)
		st.lostAnswer = true
	}
	return resp, err
}

// oneShotEmpty is the body of a request without one, as handed to the
// transport: empty, and, having no GetBody, not replayable, so that
// http.Transport never re-sends the request on its own. The transport
// finds it empty before writing and sends no body (and no
// Content-Length or Transfer-Encoding) for it.
type oneShotEmpty struct{}

func (oneShotEmpty) Read([]byte) (int, error) { return 0, io.EOF }
func (oneShotEmpty) Close() error             { return nil }

// CloseIdleConnections closes the idle connections of the next
// transport, as http.Client.CloseIdleConnections expects of a transport.
func (w *writeCounter) CloseIdleConnections() { closeIdle(w.next) }

// closeIdle closes rt's idle connections when it can.
func closeIdle(rt http.RoundTripper) {
	if rt == nil {
		rt = http.DefaultTransport
	}
	if c, ok := rt.(interface{ CloseIdleConnections() }); ok {
		c.CloseIdleConnections()
	}
}
