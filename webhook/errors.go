package webhook

import "errors"

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
