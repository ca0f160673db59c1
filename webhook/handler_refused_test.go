package webhook

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestHandlerRefusedAnswers400WithItsReason: a callback that will never
// take a delivery says so with a Refused, and Handler answers 400 with
// the refusal's reason (not the cause), without a Retry-After, wrapped or
// not; the observer sees the cause.
func TestHandlerRefusedAnswers400WithItsReason(t *testing.T) {
	cause := errors.New("pq: invalid byte sequence for encoding UTF8: 0x00")
	for _, tc := range []struct {
		name string
		err  error
		body string
	}{
		{"with a reason", &Refused{Reason: "entity_id holds a NUL character", Err: cause}, "entity_id holds a NUL character"},
		{"wrapped", fmt.Errorf("recording msg_1: %w", &Refused{Reason: "the body is not UTF-8"}), "the body is not UTF-8"},
		{"without a reason", &Refused{Err: cause}, "refuses this delivery for good"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var seen Outcome
			h := Handler(newTestVerifier(t, newTestClock()), func(context.Context, *Event) error { return tc.err },
				WithObserver(func(_ *http.Request, o Outcome) { seen = o }))
			w := serve(h, delivery("msg_1", testNow, testBody))
			assert.Equal(t, http.StatusBadRequest, w.Code)
			assert.Contains(t, w.Body.String(), tc.body)
			assert.NotContains(t, w.Body.String(), "pq:", "the cause stays in the process")
			assert.Empty(t, w.Header().Get("Retry-After"))
			assert.True(t, seen.CallbackFailed)
			var rf *Refused
			assert.ErrorAs(t, seen.Err, &rf, "the observer sees the callback's error")
		})
	}
}

func TestRefusedUnwrapsItsCause(t *testing.T) {
	cause := errors.New("too big")
	err := fmt.Errorf("recording: %w", &Refused{Reason: "the body is too long", Err: cause})
	assert.ErrorIs(t, err, cause)
	var rf *Refused
	require.ErrorAs(t, err, &rf)
	assert.Equal(t, "recording: webhook: the delivery is refused for good: the body is too long: too big", err.Error())
	assert.Equal(t, "webhook: the delivery is refused for good", (&Refused{}).Error())
	assert.Nil(t, (&Refused{}).Unwrap())
}
