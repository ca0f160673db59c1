package webhook

import (
	"errors"
	"strconv"
	"time"
)

// Sentinel errors, for errors.Is. Every error returned by this package wraps
// exactly one of them, with a message that names what to check.
var (
	// ErrInvalidSecret: the signing secret is empty or not base64. Copy it
	// exactly as the dashboard shows it, with or without the whsec_ prefix.
	ErrInvalidSecret = errors.New("webhook: invalid signing secret")
	// ErrInvalidOption: an Option was given an unusable value (a
	// non-positive duration or size, a nil clock or deduper).
	ErrInvalidOption = errors.New("webhook: invalid option")
	// ErrMissingHeaders: the id, timestamp or signature header is absent or
	// empty. The request did not come from the service, or a proxy dropped
	// the headers.
	ErrMissingHeaders = errors.New("webhook: missing signature headers")
	// ErrInvalidTimestamp: the timestamp header is not decimal Unix seconds.
	ErrInvalidTimestamp = errors.New("webhook: invalid timestamp header")
	// ErrTimestampTooOld: the timestamp is further in the past than the
	// tolerance: a replayed message, or a receiver clock running fast.
	ErrTimestampTooOld = errors.New("webhook: timestamp too old")
	// ErrTimestampTooNew: the timestamp is further in the future than the
	// tolerance: a forged message, or a receiver clock running slow.
	ErrTimestampTooNew = errors.New("webhook: timestamp too new")
	// ErrNoMatchingSignature: no v1 signature of the header matches the body
	// under the secret: a wrong secret, a tampered body, or a body that was
	// re-encoded before verification.
	ErrNoMatchingSignature = errors.New("webhook: no matching signature")
	// ErrInvalidPayload: the signature is valid but the body is not a JSON
	// object of the expected shape.
	ErrInvalidPayload = errors.New("webhook: invalid payload")
	// ErrBodyTooLarge: the request body exceeds the limit set with
	// WithMaxBodyBytes.
	ErrBodyTooLarge = errors.New("webhook: body too large")
	// ErrDeduperFull: the MemoryDeduper holds its maximum of deliveries in
	// progress and cannot claim another id until one finishes.
	ErrDeduperFull = errors.New("webhook: too many deliveries in progress")
)

// verificationErrors are the sentinels Verify returns: a failure of any of
// them means the request cannot be trusted (Handler answers 401).
var verificationErrors = []error{
	ErrMissingHeaders, ErrInvalidTimestamp, ErrTimestampTooOld,
	ErrTimestampTooNew, ErrNoMatchingSignature,
}

// sentinelOf returns the sentinel among candidates that err wraps, or nil.
func sentinelOf(err error, candidates []error) error {
	for _, s := range candidates {
		if errors.Is(err, s) {
			return s
		}
	}
	return nil
}

// RetryLater is the error a Handler callback returns for a delivery it
// cannot take now but may take later, such as when its database is
// unavailable: Handler answers 503 Service Unavailable with a
// Retry-After of After, instead of the 500 of any other error, and
// forgets the id as for any failure, so that the service delivers it
// again. Wrapped (fmt.Errorf with %w) it works the same: Handler finds
// it with errors.As. Err, the cause, reaches the observer (Outcome.Err)
// and errors.Is through Unwrap, never the answer's body.
//
//	if err := record(ctx, ev); errors.Is(err, errDatabaseDown) {
//		return &webhook.RetryLater{After: 10 * time.Second, Err: err}
//	}
type RetryLater struct {
	// After is how long the service should wait before it delivers
	// again, sent as the Retry-After header in whole seconds, rounded
	// up. Zero (or less) sends no Retry-After: the service retries on its
	// own schedule.
	After time.Duration
	// Err is why the delivery cannot be taken now; it may be nil.
	Err error
}

// Error says that the delivery should be retried later, and why.
func (e *RetryLater) Error() string {
	if e.Err == nil {
		return "webhook: retry the delivery later"
	}
	return "webhook: retry the delivery later: " + e.Err.Error()
}

// Unwrap returns the cause, for errors.Is and errors.As.
func (e *RetryLater) Unwrap() error { return e.Err }

// retryAfter is the Retry-After header value of e: After in whole
// seconds, rounded up; "" when After is not positive.
func (e *RetryLater) retryAfter() string {
	if e == nil || e.After <= 0 {
		return ""
	}
	return strconv.FormatInt(int64((e.After+time.Second-1)/time.Second), 10)
}

// Refused is the error a Handler callback returns for a verified delivery
// it will never take, however often it comes again: its content is
// unusable to the callback (its store cannot hold a NUL character, say).
// Handler answers 400 Bad Request with Reason, instead of the 500 of any
// other error or the 503 of a RetryLater, which would have the service
// deliver it again as if the receiver were down. Wrapped (fmt.Errorf with
// %w) it works the same: Handler finds it with errors.As. Err, the cause,
// reaches the observer (Outcome.Err) and errors.Is through Unwrap, never
// the answer's body.
//
//	if !utf8.Valid(ev.Raw) {
//		return &webhook.Refused{Reason: "the body is not UTF-8"}
//	}
type Refused struct {
	// Reason says what is wrong with the delivery, for the answer's
	// body and the sender's delivery log; "" sends a general reason. It
	// must not quote secrets or the store's internals.
	Reason string
	// Err is the cause, for the receiver's own logs; it may be nil.
	Err error
}

// Error says that the delivery is refused for good, and why.
func (e *Refused) Error() string {
	msg := "webhook: the delivery is refused for good"
	if e.Reason != "" {
		msg += ": " + e.Reason
	}
	if e.Err != nil {
		msg += ": " + e.Err.Error()
	}
	return msg
}

// Unwrap returns the cause, for errors.Is and errors.As.
func (e *Refused) Unwrap() error { return e.Err }

// answer is the body of the 400 that refuses the delivery.
func (e *Refused) answer() string {
	if e.Reason == "" {
		return "webhook: the receiver refuses this delivery for good: delivering it again will not change that"
	}
	return "webhook: the receiver refuses this delivery for good: " + e.Reason
}
