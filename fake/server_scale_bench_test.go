package fake

import (
	"flag"
	"fmt"
	"runtime"
	"runtime/metrics"
	"testing"
	"time"

	"github.com/registerdata/registerdata-go/internal/rusage"
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

// BenchmarkFakeStartup starts a fake of n generated companies (the time
// per op is the start-up; cpu-s/startup is the processor time it took, on
// all cores, where the system can tell) and reports the live heap it
// holds per company, read from runtime.MemStats after a collection, with
// the heap before the start subtracted, and the peak of the heap during
// the start (peak-heap-MiB: heap objects, free and unreturned spans
// included, as runtime/metrics counts them, sampled every millisecond;
// the process's peak RSS is near it) and the process's peak RSS so far
// (max-RSS-MiB: the largest start-up run so far sets it, so run one size
// alone to read it for that size).
func BenchmarkFakeStartup(b *testing.B) {
	for _, n := range scaleSizes(b) {
		b.Run(fmt.Sprintf("n=%d", n), func(b *testing.B) {
			b.ReportAllocs()
			var perCompany, seconds, cpu float64
			var peak uint64
			for b.Loop() {
				before := liveHeap()
				stop := sampleHeapPeak()
				start, startCPU := time.Now(), rusage.CPU()
				s := scaleServer(b, n)
				seconds, cpu = time.Since(start).Seconds(), (rusage.CPU() - startCPU).Seconds()
				peak = max(peak, stop())
				perCompany = float64(liveHeap()-before) / float64(n)
				runtime.KeepAlive(s)
			}
			b.ReportMetric(perCompany, "heapB/company")
			b.ReportMetric(seconds, "s/startup")
			b.ReportMetric(cpu, "cpu-s/startup")
			b.ReportMetric(float64(peak)/(1<<20), "peak-heap-MiB")
			b.ReportMetric(float64(rusage.MaxRSS())/(1<<20), "max-RSS-MiB")
		})
	}
}

// sampleHeapPeak samples the heap's size in use (objects, and spans not
// returned to the system) until the function it returns is called, which
// returns the largest sample.
func sampleHeapPeak() func() uint64 {
	samples := []metrics.Sample{{Name: "/memory/classes/heap/objects:bytes"}, {Name: "/memory/classes/heap/unused:bytes"}, {Name: "/memory/classes/heap/free:bytes"}}
	done, result := make(chan struct{}), make(chan uint64)
	go func() {
		var peak uint64
		tick := time.NewTicker(time.Millisecond)
		defer tick.Stop()
		for {
			metrics.Read(samples)
			var sum uint64
			for _, s := range samples {
				sum += s.Value.Uint64()
			}
			peak = max(peak, sum)
			select {
			case <-done:
				result <- peak
				return
			case <-tick.C:
			}
		}
	}()
	return func() uint64 {
		close(done)
		return <-result
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
