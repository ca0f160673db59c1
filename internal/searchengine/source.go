package searchengine

import (
	"runtime"
	"sync"

	registerdata "github.com/registerdata/registerdata-go"
)

// sourceBatch is how many records a worker of eachRecord reads at once.
const sourceBatch = 256

// eachRecord calls fn with every record of src in order, and with what
// prepare made of it. The records are read, and prepare runs, in one
// worker per processor, at most two batches each ahead of fn: a source
// may build its records on demand, and prepare does the work that needs
// no shared state.
func eachRecord[T any](src Source, prepare func(c *registerdata.Company) T, fn func(i int, c *registerdata.Company, p T)) {
	if src.Len == 0 {
		return
	}
	batches := (src.Len + sourceBatch - 1) / sourceBatch
	workers := min(runtime.GOMAXPROCS(0), batches)
	type item struct {
		c *registerdata.Company
		p T
	}
	ready := make([]chan []item, batches)
	for b := range ready {
		ready[b] = make(chan []item, 1)
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
				out := make([]item, 0, hi-lo)
				for i := lo; i < hi; i++ {
					c := src.At(i)
					out = append(out, item{c, prepare(c)})
				}
				ready[b] <- out
			}
		}()
	}
	for b := range ready {
		for k, it := range <-ready[b] {
			fn(b*sourceBatch+k, it.c, it.p)
		}
		<-ahead
	}
}
