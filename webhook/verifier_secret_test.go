package webhook

import (
	"bytes"
	"encoding/base64"
	"encoding/hex"
	"fmt"
	"log/slog"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestVerifierNeverShowsTheSecret: the Verifier keeps the signing key
// only inside the closures of its pool, so no printed or logged form of
// it (before or after verifying, which fills the pool) shows the secret
// or the key, in any encoding.
func TestVerifierNeverShowsTheSecret(t *testing.T) {
	clock := newTestClock()
	v := newTestVerifier(t, clock)
	body := []byte(`{"id":"evt_1"}`)
	require.NoError(t, v.Verify(signedHeader(testKey, "msg_1", clock.Now(), body), body))
	var outs []string
	for _, verb := range []string{"%v", "%+v", "%#v", "%s", "%x", "%q"} {
		outs = append(outs, fmt.Sprintf(verb, v), fmt.Sprintf(verb, &v.cfg))
	}
	var logged bytes.Buffer
	slog.New(slog.NewJSONHandler(&logged, nil)).Info("verifier", "v", v)
	slog.New(slog.NewTextHandler(&logged, nil)).Info("verifier", "v", v)
	outs = append(outs, logged.String())
	for _, out := range outs {
		for _, secret := range []string{testSecret, string(testKey), hex.EncodeToString(testKey), base64.StdEncoding.EncodeToString(testKey)} {
			assert.NotContains(t, out, secret)
		}
	}
}
