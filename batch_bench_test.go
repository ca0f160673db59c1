package registerdata_test

import (
	"context"
	"fmt"
	"net/http"
	"testing"
	"time"

	registerdata "github.com/registerdata/registerdata-go"
	"github.com/registerdata/registerdata-go/fake"
)

// newBenchClient starts a fake of n generated companies with credits to
// spare and a client for it.
func newBenchClient(b *testing.B, n int, opts ...registerdata.Option) (*fake.Server, *registerdata.Client) {
	b.Helper()
	srv := fake.NewServer(fake.WithGenerated(n), fake.WithCredits(1<<50))
	b.Cleanup(srv.Close)
	base := []registerdata.Option{registerdata.WithAPIKey(srv.APIKey), registerdata.WithBaseURL(srv.URL),
		registerdata.WithHTTPClient(&http.Client{Transport: &http.Transport{MaxIdleConnsPerHost: 64}})}
	c, err := registerdata.NewClient(append(base, opts...)...)
	if err != nil {
		b.Fatal(err)
	}
	return srv, c
}

// BenchmarkGetCompaniesSeq looks up 1,000 distinct companies per
// operation with GetCompaniesSeq at concurrency 1 and 8, against the fake
// as it is ("latency=0", where both share the machine's cores with the
// fake) and with 1 ms added to every lookup ("latency=1ms", closer to a
// remote service). Compare the ns/op of c=1 and c=8 within each.
func BenchmarkGetCompaniesSeq(b *testing.B) {
	const n = 1000
	for _, latency := range []time.Duration{0, time.Millisecond} {
		for _, conc := range []int{1, 8} {
			b.Run(fmt.Sprintf("latency=%v/c=%d", latency, conc), func(b *testing.B) {
				srv, c := newBenchClient(b, n)
				ids := srv.CompanyIDs()[:n]
				ctx := context.Background()
				b.ReportAllocs()
				for b.Loop() {
					if latency > 0 {
						b.StopTimer()
						if err := srv.InjectFault(fake.Fault{PathPrefix: "/v1/company/", Count: n, Latency: latency}); err != nil {
							b.Fatal(err)
						}
						b.StartTimer()
					}
					got := 0
					for r, err := range c.GetCompaniesSeq(ctx, ids, registerdata.BatchOptions{Concurrency: conc}) {
						if err != nil || r.Err != nil {
							b.Fatal(err, r.Err)
						}
						got++
					}
					if got != n {
						b.Fatalf("%d results, want %d", got, n)
					}
				}
			})
		}
	}
}

// BenchmarkGetCompanyCache compares one GetCompany against the fake
// ("uncached") with the same lookup served from a warm NewMemoryCache
// ("cached"): no request, no credits, only the decoding of the stored
// answer.
func BenchmarkGetCompanyCache(b *testing.B) {
	for _, cached := range []bool{false, true} {
		name := "uncached"
		var opts []registerdata.Option
		if cached {
			name = "cached"
			opts = append(opts, registerdata.WithCache(registerdata.NewMemoryCache(100, time.Hour)))
		}
		b.Run(name, func(b *testing.B) {
			srv, c := newBenchClient(b, 0, opts...)
			id := srv.CompanyIDs()[0]
			ctx := context.Background()
			if _, err := c.GetCompany(ctx, id, nil); err != nil {
				b.Fatal(err)
			}
			spent := c.CreditsSpent()
			b.ReportAllocs()
			for b.Loop() {
				if _, err := c.GetCompany(ctx, id, nil); err != nil {
					b.Fatal(err)
				}
			}
			if cached && c.CreditsSpent() != spent {
				b.Fatalf("cached lookups spent %d credits", c.CreditsSpent()-spent)
			}
		})
	}
}
