package webhook

import (
	"crypto/hmac"
	"crypto/sha256"
	"encoding/base64"
	"fmt"
	"net/http"
	"strconv"
	"time"
)

// Sign returns the webhook-signature header value ("v1," followed by the
// base64 HMAC-SHA256) for a message with id msgID sent at ts with the given
// raw body, under the dashboard secret (with or without "whsec_"). The
// timestamp is signed in whole Unix seconds, as the webhook-timestamp header
// carries it. The service's fake uses Sign to sign its deliveries.
func Sign(secret, msgID string, ts time.Time, body []byte) (string, error) {
	key, err := decodeSecret(secret)
	if err != nil {
		return "", err
	}
	if msgID == "" {
		return "", fmt.Errorf("%w: Sign: the message id is empty; every delivery needs a unique webhook-id", ErrMissingHeaders)
	}
	mac := hmac.New(sha256.New, key)
	writeSigned(mac, nil, msgID, strconv.FormatInt(ts.Unix(), 10), body)
	var sum [sha256.Size]byte
	return "v1," + base64.StdEncoding.EncodeToString(mac.Sum(sum[:0])), nil
}

// SignedHeaders returns the three headers of a signed delivery,
// webhook-id, webhook-timestamp and webhook-signature, ready to be copied
// into an outgoing request. It fails when Sign does.
func SignedHeaders(secret, msgID string, ts time.Time, body []byte) (http.Header, error) {
	sig, err := Sign(secret, msgID, ts, body)
	if err != nil {
		return nil, err
	}
	h := make(http.Header, 3)
	h.Set(standardHeaders.id.key, msgID)
	h.Set(standardHeaders.timestamp.key, strconv.FormatInt(ts.Unix(), 10))
	h.Set(standardHeaders.signature.key, sig)
	return h, nil
}
