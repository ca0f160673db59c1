package searchengine

import (
	"runtime"
	"sync"

	registerdata "github.com/registerdata/registerdata-go"
)

// sourceBatch is how many records a worker of eachRecord reads at once.
const sourceBatch = 256

// eachRecord calls fn with every record of src in order, and with what
// prepare made of it. The records are read, and prepare runs, in the
// workers of inOrder: a source may build its records on demand, and
// prepare does the work that needs no shared state.
func eachRecord[T any](src Source, prepare func(c *registerdata.Company) T, fn func(i int, c *registerdata.Company, p T)) {
	type item struct {
		c *registerdata.Company
		p T
	}
	inOrder(src.Len,
		func(i int) item { c := src.At(i); return item{c, prepare(c)} },
		func(i int, it item) { fn(i, it.c, it.p) })
}

// inOrder calls fn(i, prepare(i)) for i from 0 to n-1 in order, running
// prepare in one worker per processor, at most two batches each ahead of
// fn. prepare must be safe for concurrent use.
func inOrder[T any](n int, prepare func(i int) T, fn func(i int, p T)) {
	if n == 0 {
		return
	}
	batches := (n + sourceBatch - 1) / sourceBatch
	workers := min(runtime.GOMAXPROCS(0), batches)
	ready := make([]chan []T, batches)
	for b := range ready {
		ready[b] = make(chan []T, 1)
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
				lo, hi := b*sourceBatch, min(n, (b+1)*sourceBatch)
				out := make([]T, 0, hi-lo)
				for i := lo; i < hi; i++ {
					out = append(out, prepare(i))
				}
				ready[b] <- out
			}
		}()
	}
	for b := range ready {
		for k, p := range <-ready[b] {
			fn(b*sourceBatch+k, p)
		}
		<-ahead
	}
}
