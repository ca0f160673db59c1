package webhook

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"net/http"
)

// Handler returns an http.Handler receiving the service's deliveries:
//
//   - only POST is accepted (405 otherwise);
//   - the raw body is read up to the verifier's WithMaxBodyBytes limit; a
//     larger body is answered 413 without being read into memory;
//   - the signature is verified before anything is parsed: 401 with a short
//     reason when it is missing or wrong (the secret is never echoed);
//   - a verified body that is not a valid event is answered 400;
//   - a delivery whose webhook id already succeeded is answered 204 without
//     calling fn again; while another delivery of the same id is running,
//     409 (the service retries later), so fn never runs twice at once for
//     one id;
//   - otherwise fn is called with the request's context: a nil error
//     answers 204 and remembers the id, an error answers 500 and forgets
//     it, so the service's redelivery reaches fn again;
//   - an error that is or wraps a *RetryLater (fn cannot take the
//     delivery now, its store is down) answers 503 with RetryLater's
//     Retry-After instead of 500, and forgets the id too;
//   - an error that is or wraps a *Refused (fn will never take the
//     delivery: its content is unusable) answers 400 with Refused's
//     reason instead of 500, and forgets the id too.
//
// The de-duplication by webhook id uses the verifier's Deduper
// (WithDeduper; by default a MemoryDeduper). WithoutDeduper turns it off
// for a callback that de-duplicates by itself: every verified delivery
// then reaches fn, and no 409 is answered.
//
// fn should return quickly: the service gives up on a delivery after 15
// seconds and retries it. A nil v or fn yields a handler answering 500.
// WithObserver sees every answer with its reason, for logs and metrics.
func Handler(v *Verifier, fn func(context.Context, *Event) error, opts ...HandlerOption) http.Handler {
	hd := &handler{v: v, fn: fn}
	for _, o := range opts {
		if o != nil {
			o(hd)
		}
	}
	return hd
}

type handler struct {
	v       *Verifier
	fn      func(context.Context, *Event) error
	observe func(*http.Request, Outcome)
	noDedup bool // WithoutDeduper: fn de-duplicates by itself
}

// ServeHTTP answers one delivery as Handler describes, then reports the
// answer to the observer, if any.
func (hd *handler) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	o := hd.serve(w, r)
	if o.Status >= 400 {
		http.Error(w, o.Reason, o.Status)
	} else {
		w.WriteHeader(o.Status)
	}
	if hd.observe != nil {
		hd.observe(r, o)
	}
}

// serve decides the answer to one request; ServeHTTP writes it.
func (hd *handler) serve(w http.ResponseWriter, r *http.Request) Outcome {
	if hd.v == nil || hd.fn == nil {
		return reject(http.StatusInternalServerError, errors.New("webhook: Handler needs a non-nil Verifier and callback"))
	}
	if r.Method != http.MethodPost {
		w.Header().Set("Allow", http.MethodPost)
		return reject(http.StatusMethodNotAllowed, errors.New("webhook: deliveries are POST requests"))
	}
	body, err := readBody(w, r, hd.v.cfg.maxBody)
	if err != nil {
		status := http.StatusBadRequest
		if errors.Is(err, ErrBodyTooLarge) {
			status = http.StatusRequestEntityTooLarge
		}
		return reject(status, err)
	}
	ev, err := hd.v.Parse(r.Header, body)
	if err != nil {
		if s := sentinelOf(err, verificationErrors); s != nil {
			o := reject(http.StatusUnauthorized, err)
			o.Reason = s.Error() // the answer names the check, never the secret
			return o
		}
		return reject(http.StatusBadRequest, err)
	}
	o := hd.deliver(r.Context(), ev)
	var rl *RetryLater
	if o.CallbackFailed && errors.As(o.Err, &rl) {
		if after := rl.retryAfter(); after != "" {
			w.Header().Set("Retry-After", after)
		}
	}
	return o
}

// deliver runs fn at most once per successful webhook id, or for every
// delivery WithoutDeduper.
func (hd *handler) deliver(ctx context.Context, ev *Event) Outcome {
	if hd.noDedup {
		return callbackOutcome(ev, hd.fn(ctx, ev))
	}
	dedup := hd.v.cfg.deduper
	claim, err := dedup.Claim(ctx, ev.ID, hd.v.cfg.clock())
	o := Outcome{Event: ev}
	switch {
	case err != nil:
		o.Status, o.Err = http.StatusServiceUnavailable, fmt.Errorf("webhook: cannot record the delivery; retry later: %w", err)
		o.Reason = "webhook: cannot record the delivery; retry later" // the store's error stays in the process
		return o
	case claim == ClaimDone:
		o.Status, o.Duplicate = http.StatusNoContent, true
	case claim != ClaimAcquired:
		o.Status, o.Err = http.StatusConflict, errors.New("webhook: this delivery is already being processed; retry later")
	default:
		return callbackOutcome(ev, hd.run(ctx, ev))
	}
	if o.Err != nil {
		o.Reason = o.Err.Error()
	}
	return o
}

// callbackOutcome is the answer to a delivery of ev whose callback
// returned err: 204 for nil, 503 for a RetryLater, 400 for a Refused,
// 500 for any other error. The callback's error stays in the process:
// the answer's text does not quote it (a Refused's Reason is the
// callback's own text for the answer).
func callbackOutcome(ev *Event, err error) Outcome {
	o := Outcome{Event: ev, Status: http.StatusNoContent}
	if err == nil {
		return o
	}
	o.Err, o.CallbackFailed = err, true
	var rl *RetryLater
	if errors.As(err, &rl) {
		o.Status, o.Reason = http.StatusServiceUnavailable, "webhook: the delivery cannot be taken now; retry later"
		return o
	}
	var rf *Refused
	if errors.As(err, &rf) {
		o.Status, o.Reason = http.StatusBadRequest, rf.answer()
		return o
	}
	o.Status, o.Reason = http.StatusInternalServerError, "webhook: callback failed; retry later"
	return o
}

// run calls fn and releases the claim on ev.ID whatever happens, a panic
// included, so a failed delivery never blocks its redelivery.
func (hd *handler) run(ctx context.Context, ev *Event) error {
	succeeded := false
	defer func() {
		// A release error cannot change the answer: fn has already run.
		_ = hd.v.cfg.deduper.Release(context.WithoutCancel(ctx), ev.ID, succeeded, hd.v.cfg.clock())
	}()
	if err := hd.fn(ctx, ev); err != nil {
		return err
	}
	succeeded = true
	return nil
}

// readBody reads the whole body, refusing one larger than limit without
// reading it into memory.
func readBody(w http.ResponseWriter, r *http.Request, limit int64) ([]byte, error) {
	if r.ContentLength > limit {
		return nil, tooLarge(limit)
	}
	var buf bytes.Buffer
	if r.ContentLength > 0 {
		buf.Grow(int(r.ContentLength) + bytes.MinRead)
	}
	_, err := buf.ReadFrom(http.MaxBytesReader(w, r.Body, limit))
	var maxErr *http.MaxBytesError
	switch {
	case errors.As(err, &maxErr):
		return nil, tooLarge(limit)
	case err != nil:
		return nil, fmt.Errorf("webhook: reading the request body: %w", err)
	}
	return buf.Bytes(), nil
}

// tooLarge is the error of a body over limit.
func tooLarge(limit int64) error {
	return fmt.Errorf("%w: the limit is %d bytes (WithMaxBodyBytes)", ErrBodyTooLarge, limit)
}
