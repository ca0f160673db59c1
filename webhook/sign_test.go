package webhook

import (
	"net/http"
	"strconv"
	"strings"
	"testing"
	"time"

	standardwebhooks "github.com/standard-webhooks/standard-webhooks/libraries/go"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestSignMatchesReference(t *testing.T) {
	bare := strings.TrimPrefix(testSecret, "whsec_")
	for _, secret := range []string{testSecret, bare} {
		got, err := Sign(secret, "msg_1", testNow, testBody)
		require.NoError(t, err)
		assert.Equal(t, refSignature(testKey, "msg_1", strconv.FormatInt(testNow.Unix(), 10), testBody), got)
	}
}

func TestSignTruncatesToSeconds(t *testing.T) {
	a, err := Sign(testSecret, "msg_1", testNow, testBody)
	require.NoError(t, err)
	b, err := Sign(testSecret, "msg_1", testNow.Add(999*time.Millisecond), testBody)
	require.NoError(t, err)
	assert.Equal(t, a, b)
}

func TestSignRejectsBadInput(t *testing.T) {
	_, err := Sign("whsec_***", "msg_1", testNow, testBody)
	assert.ErrorIs(t, err, ErrInvalidSecret)
	_, err = Sign(testSecret, "", testNow, testBody)
	assert.ErrorIs(t, err, ErrMissingHeaders)
	_, err = SignedHeaders("", "msg_1", testNow, testBody)
	assert.ErrorIs(t, err, ErrInvalidSecret)
}

func TestSignedHeadersVerify(t *testing.T) {
	h, err := SignedHeaders(testSecret, "msg_1", testNow, testBody)
	require.NoError(t, err)
	assert.Equal(t, "msg_1", h.Get("webhook-id"))
	assert.Equal(t, strconv.FormatInt(testNow.Unix(), 10), h.Get("webhook-timestamp"))
	require.NoError(t, newTestVerifier(t, newTestClock()).Verify(h, testBody))
}

// The standard-webhooks library checks timestamps against time.Now, so the
// cross-checks sign at the current time.

func TestStandardWebhooksVerifiesOurSignature(t *testing.T) {
	lib, err := standardwebhooks.NewWebhook(testSecret)
	require.NoError(t, err)
	now := time.Now()
	for _, id := range []string{"msg_1", "../monitor", "a/b"} {
		h, err := SignedHeaders(testSecret, id, now, testBody)
		require.NoError(t, err)
		assert.NoError(t, lib.Verify(testBody, h), "id %q", id)
		assert.Error(t, lib.Verify(append(testBody, ' '), h), "the library must reject a changed body")
	}
}

func TestWeVerifyStandardWebhooksSignature(t *testing.T) {
	lib, err := standardwebhooks.NewWebhook(strings.TrimPrefix(testSecret, "whsec_"))
	require.NoError(t, err)
	now := time.Now()
	v, err := NewVerifier(testSecret)
	require.NoError(t, err)
	for _, body := range [][]byte{testBody, {}, []byte(strings.Repeat("ä", 5000))} {
		sig, err := lib.Sign("msg_1", now, body)
		require.NoError(t, err)
		h := http.Header{}
		h.Set(standardwebhooks.HeaderWebhookID, "msg_1")
		h.Set(standardwebhooks.HeaderWebhookTimestamp, strconv.FormatInt(now.Unix(), 10))
		h.Set(standardwebhooks.HeaderWebhookSignature, sig)
		assert.NoError(t, v.Verify(h, body))
		h.Set(standardwebhooks.HeaderWebhookID, "msg_2")
		assert.ErrorIs(t, v.Verify(h, body), ErrNoMatchingSignature)
	}
}
