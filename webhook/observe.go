package webhook

import "net/http"

// HandlerOption configures Handler.
type HandlerOption func(*handler)

// Outcome is what Handler answered to one request, and why.
type Outcome struct {
	// Status is the HTTP status answered: 204 for a delivery processed
	// now or earlier, 4xx for a rejection, 409 or 5xx for a delivery the
	// service should retry.
	Status int
	// Event is the verified event; nil when the request was rejected
	// before or during verification.
	Event *Event
	// Err says why the request was rejected or failed: a verification
	// error (matching ErrMissingHeaders, ErrNoMatchingSignature, ...), a body
	// error, or the callback's own error. Nil for a 204.
	Err error
	// Reason is the text sent in the answer's body, "" for a 204. For a
	// verification failure it names the failed check, not the details.
	Reason string
	// Duplicate is true when the webhook id had already succeeded and the
	// callback was not called again.
	Duplicate bool
	// CallbackFailed is true when the callback ran and returned Err; the
	// id is forgotten so the redelivery reaches the callback again.
	CallbackFailed bool
}

// WithObserver makes Handler call fn after answering each request, with
// the request and what was answered: every rejection with its reason,
// every callback error, every duplicate. Use it for logs and metrics; fn
// runs on the request's goroutine and should be quick.
//
//	h := webhook.Handler(v, process, webhook.WithObserver(func(r *http.Request, o webhook.Outcome) {
//		if o.Err != nil {
//			logger.Warn("webhook", "status", o.Status, "err", o.Err, "remote", r.RemoteAddr)
//		}
//	}))
func WithObserver(fn func(r *http.Request, o Outcome)) HandlerOption {
	return func(hd *handler) { hd.observe = fn }
}

func reject(status int, err error) Outcome {
	return Outcome{Status: status, Err: err, Reason: err.Error()}
}
