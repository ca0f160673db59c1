package fake

import (
	"flag"
	"fmt"
	"runtime"
	"testing"
	"time"

	registerdata "github.com/registerdata/registerdata-go"
	"github.com/registerdata/registerdata-go/filters"
)

// million adds the register of 1,000,000 generated companies to the scale
// benchmarks. It needs a few gigabytes and minutes, so it is off by
// default and ignored with -short.
var million = flag.Bool("million", false, "also run the scale benchmarks at 1,000,000 generated companies")

// scaleSizes are the register sizes of the scale benchmarks.
func scaleSizes(b *testing.B) []int {
	sizes := []int{10_000, 100_000}
	if *million && !testing.Short() {
		sizes = append(sizes, 1_000_000)
	}
	return sizes
}

// scaleServer builds, without listening, a fake holding n generated
// companies on a fixed clock.
func scaleServer(b *testing.B, n int) *Server {
	b.Helper()
	cfg := defaultConfig()
	cfg.clock = NewClock(testStart)
	cfg.generated = n
	s, err := newServer(cfg)
	if err != nil {
		b.Fatal(err)
	}
	return s
}

// BenchmarkFakeKeywordSearch searches the fake's register for companies
// whose purpose contains "und", first page and page 100 (results 1,981
// to 2,000). The keyword matches nine in ten generated companies, so the
// search cannot start from a small candidate list. One search runs before
// the clock starts, as the index builds some of its parts on first use.
func BenchmarkFakeKeywordSearch(b *testing.B) {
	for _, n := range scaleSizes(b) {
		s := scaleServer(b, n)
		engine := extState[searchState](s).engine
		for _, page := range []int{1, 100} {
			req := registerdata.CompanySearchRequest{
				Filters:    []filters.Filter{{Field: filters.Purpose, Keywords: []string{"und"}}},
				Pagination: registerdata.PageRequest{Page: page, PerPage: 20},
			}
			b.Run(fmt.Sprintf("n=%d/page=%d", n, page), func(b *testing.B) {
				b.ReportAllocs()
				if _, err := engine.SearchCompanies(req); err != nil {
					b.Fatal(err)
				}
				for b.Loop() {
					res, err := engine.SearchCompanies(req)
					if err != nil || len(res.Results) != 20 {
						b.Fatalf("got %d results, %v", len(res.Results), err)
					}
				}
			})
		}
		runtime.KeepAlive(s)
	}
}

// BenchmarkFakeStartup starts a fake of n generated companies (the time
// per op is the start-up; cpu-s/startup is the processor time it took, on
// all cores, where the system can tell) and reports the live heap it
// holds per company, read from runtime.MemStats after a collection, with
// the heap before the start subtracted.
func BenchmarkFakeStartup(b *testing.B) {
	for _, n := range scaleSizes(b) {
		b.Run(fmt.Sprintf("n=%d", n), func(b *testing.B) {
			b.ReportAllocs()
			var perCompany, seconds, cpu float64
			for b.Loop() {
				before := liveHeap()
				start, startCPU := time.Now(), cpuTime()
				s := scaleServer(b, n)
				seconds, cpu = time.Since(start).Seconds(), (cpuTime() - startCPU).Seconds()
				perCompany = float64(liveHeap()-before) / float64(n)
				runtime.KeepAlive(s)
			}
			b.ReportMetric(perCompany, "heapB/company")
			b.ReportMetric(seconds, "s/startup")
			b.ReportMetric(cpu, "cpu-s/startup")
		})
	}
}

// liveHeap returns the bytes of live heap objects after a full collection.
func liveHeap() uint64 {
	runtime.GC()
	runtime.GC()
	var m runtime.MemStats
	runtime.ReadMemStats(&m)
	return m.HeapAlloc
}
