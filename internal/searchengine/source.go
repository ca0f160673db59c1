package searchengine

import (
	"runtime"
	"sync"

	registerdata "github.com/registerdata/registerdata-go"
)

// sourceBatch is how many records a worker of eachRecord reads at once.
const sourceBatch = 256

// eachRecord calls fn with every record of src in order. The records are
// read by one worker per processor, at most two batches each ahead of fn,
// as a source may build them on demand.
func eachRecord(src Source, fn func(i int, c *registerdata.Company)) {
	if src.Len == 0 {
		return
	}
	batches := (src.Len + sourceBatch - 1) / sourceBatch
	workers := min(runtime.GOMAXPROCS(0), batches)
	ready := make([]chan []*registerdata.Company, batches)
	for b := range ready {
		ready[b] = make(chan []*registerdata.Company, 1)
	}
	ahead := make(chan struct{}, 2*workers) // batches read but not yet consumed
	var next sync.Mutex
	nextBatch := 0
	done := make(chan struct{})
	defer close(done)
	for range workers {
		go func() {
			for {
				select {
				case ahead <- struct{}{}:
				case <-done:
					return
				}
				next.Lock()
				b := nextBatch
				nextBatch++
				next.Unlock()
				if b >= batches {
					return
				}
				lo, hi := b*sourceBatch, min(src.Len, (b+1)*sourceBatch)
				out := make([]*registerdata.Company, 0, hi-lo)
				for i := lo; i < hi; i++ {
					out = append(out, src.At(i))
				}
				ready[b] <- out
			}
		}()
	}
	for b := range ready {
		for k, c := range <-ready[b] {
			fn(b*sourceBatch+k, c)
		}
		<-ahead
	}
}
