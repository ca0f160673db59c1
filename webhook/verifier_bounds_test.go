package webhook

import (
	"context"
	"fmt"
	"net/http"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestVerifierDefaultDeduperCoversTwiceTheTolerance: without
// WithDeduper, a verifier remembers a succeeded delivery for twice its
// tolerance, so every redelivery whose timestamp still verifies is a
// duplicate, and forgets it after.
func TestVerifierDefaultDeduperCoversTwiceTheTolerance(t *testing.T) {
	ctx := context.Background()
	v := newTestVerifier(t, newTestClock(), WithTolerance(time.Minute))
	d := v.cfg.deduper
	r, err := d.Claim(ctx, "msg_1", testNow)
	require.NoError(t, err)
	require.Equal(t, ClaimAcquired, r)
	require.NoError(t, d.Release(ctx, "msg_1", true, testNow))
	r, err = d.Claim(ctx, "msg_1", testNow.Add(2*time.Minute-time.Second))
	require.NoError(t, err)
	assert.Equal(t, ClaimDone, r, "a redelivery within twice the tolerance is a duplicate")
	r, err = d.Claim(ctx, "msg_1", testNow.Add(2*time.Minute+time.Second))
	require.NoError(t, err)
	assert.Equal(t, ClaimAcquired, r, "after twice the tolerance the id is forgotten")
}

// TestVerifyTimestampOfEighteenDigits: the timestamp header takes 1 to 18
// decimal digits; 18 (leading zeros included) verify, 19 are refused.
func TestVerifyTimestampOfEighteenDigits(t *testing.T) {
	v := newTestVerifier(t, newTestClock())
	header := func(ts string) http.Header {
		h := http.Header{}
		h.Set("webhook-id", "msg_1")
		h.Set("webhook-timestamp", ts)
		h.Set("webhook-signature", refSignature(testKey, "msg_1", ts, testBody))
		return h
	}
	assert.NoError(t, v.Verify(header(fmt.Sprintf("%018d", testNow.Unix())), testBody), "18 digits")
	assert.ErrorIs(t, v.Verify(header(fmt.Sprintf("%019d", testNow.Unix())), testBody), ErrInvalidTimestamp, "19 digits")
}
