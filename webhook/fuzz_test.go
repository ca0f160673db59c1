package webhook

import (
	"net/http"
	"strconv"
	"strings"
	"testing"
	"time"
)

// FuzzVerifyHeaders feeds arbitrary id, timestamp and signature header
// values to Verify. It must never panic, and it must accept exactly when the
// id is not blank, the timestamp is decimal seconds within the tolerance of
// the clock, and one of the space-separated signatures is the reference
// signature of the message.
//
//	go test -run '^$' -fuzz FuzzVerifyHeaders ./webhook
func FuzzVerifyHeaders(f *testing.F) {
	ts := strconv.FormatInt(testNow.Unix(), 10)
	good := refSignature(testKey, "msg_1", ts, testBody)
	f.Add("msg_1", ts, good)
	f.Add("msg_1", ts, "v1,bad "+good)
	f.Add("msg_1", ts+"0", good)
	f.Add("", "", "")
	v, err := NewVerifier(testSecret, WithClock(func() time.Time { return testNow }))
	if err != nil {
		f.Fatal(err)
	}
	f.Fuzz(func(t *testing.T, id, ts, sig string) {
		for _, names := range []headerNames{standardHeaders, svixHeaders} {
			h := http.Header{
				names.id.key:        {id},
				names.timestamp.key: {ts},
				names.signature.key: {sig},
			}
			err := v.Verify(h, testBody)
			want := strings.TrimSpace(id) != "" && timestampInWindow(ts) &&
				hasSignature(sig, refSignature(testKey, id, ts, testBody))
			if want != (err == nil) {
				t.Fatalf("Verify(id=%q, ts=%q, sig=%q) = %v; want accepted=%v", id, ts, sig, err, want)
			}
		}
	})
}

// timestampInWindow is the oracle for the timestamp rule: ASCII digits only,
// at most the tolerance from testNow.
func timestampInWindow(ts string) bool {
	if ts == "" || strings.Trim(ts, "0123456789") != "" || len(ts) > 18 {
		return false
	}
	sec, err := strconv.ParseInt(ts, 10, 64)
	if err != nil {
		return false
	}
	d := time.Unix(sec, 0).Sub(testNow)
	return d >= -DefaultTolerance && d <= DefaultTolerance
}

func hasSignature(header, want string) bool {
	for _, entry := range strings.Split(header, " ") {
		if entry == want {
			return true
		}
	}
	return false
}
