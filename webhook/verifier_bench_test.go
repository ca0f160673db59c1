package webhook

import (
	"bytes"
	"crypto/hmac"
	"crypto/sha256"
	"strconv"
	"testing"
	"time"

	standardwebhooks "github.com/standard-webhooks/standard-webhooks/libraries/go"
)

// BenchmarkVerify compares Verify with a plain HMAC-SHA256 over the same
// signed content and with the standard-webhooks library's Verify. Compare
// the rows of one run as ratios:
//
//	go test -run '^$' -bench BenchmarkVerify -benchmem ./webhook
func BenchmarkVerify(b *testing.B) {
	for _, size := range []struct {
		name string
		n    int
	}{{"1KiB", 1 << 10}, {"64KiB", 64 << 10}} {
		body := bytes.Repeat([]byte(`{"k":"v"},`), size.n/10+1)[:size.n]
		now := time.Now()
		h, err := SignedHeaders(testSecret, "msg_bench", now, body)
		if err != nil {
			b.Fatal(err)
		}
		b.Run(size.name+"/ours", func(b *testing.B) {
			v, err := NewVerifier(testSecret, WithClock(func() time.Time { return now }))
			if err != nil {
				b.Fatal(err)
			}
			b.SetBytes(int64(len(body)))
			b.ReportAllocs()
			for b.Loop() {
				if err := v.Verify(h, body); err != nil {
					b.Fatal(err)
				}
			}
		})
		b.Run(size.name+"/hmac", func(b *testing.B) {
			prefix := []byte("msg_bench." + strconv.FormatInt(now.Unix(), 10) + ".")
			b.SetBytes(int64(len(body)))
			b.ReportAllocs()
			for b.Loop() {
				mac := hmac.New(sha256.New, testKey)
				mac.Write(prefix)
				mac.Write(body)
				mac.Sum(nil)
			}
		})
		b.Run(size.name+"/standardwebhooks", func(b *testing.B) {
			lib, err := standardwebhooks.NewWebhook(testSecret)
			if err != nil {
				b.Fatal(err)
			}
			b.SetBytes(int64(len(body)))
			b.ReportAllocs()
			for b.Loop() {
				if err := lib.Verify(body, h); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
