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
// prepare does the work that needs no shared state. Records read with
// src.Into go to buffers that are reused once fn has seen them.
func eachRecord[T any](src Source, prepare func(c *registerdata.Company) T, fn func(i int, c *registerdata.Company, p T)) {
	type batch struct {
		bufs []registerdata.Company
		cs   []*registerdata.Company
		ps   []T
	}
	free := make(chan *batch, 2*runtime.GOMAXPROCS(0)+1) // batches fn is done with
	batches := (src.Len + sourceBatch - 1) / sourceBatch
	inBatches(batches, 1,
		func(b int) *batch {
			var bt *batch
			select {
			case bt = <-free:
			default:
				bt = &batch{}
				if src.Into != nil {
					bt.bufs = make([]registerdata.Company, sourceBatch)
				}
			}
			lo, hi := b*sourceBatch, min(src.Len, (b+1)*sourceBatch)
			bt.cs, bt.ps = bt.cs[:0], bt.ps[:0]
			for i := lo; i < hi; i++ {
				var c *registerdata.Company
				if src.Into != nil {
					c = src.Into(i, &bt.bufs[i-lo])
				} else {
					c = src.At(i)
				}
				bt.cs, bt.ps = append(bt.cs, c), append(bt.ps, prepare(c))
			}
			return bt
		},
		func(b int, bt *batch) {
			for k, c := range bt.cs {
				fn(b*sourceBatch+k, c, bt.ps[k])
			}
			clear(bt.cs) // drop what pointed to records of the source
			clear(bt.ps)
			select {
			case free <- bt:
			default:
			}
		})
}

// inOrder calls fn(i, prepare(i)) for i from 0 to n-1 in order, running
// prepare in one worker per processor, at most two batches each ahead of
// fn. prepare must be safe for concurrent use.
func inOrder[T any](n int, prepare func(i int) T, fn func(i int, p T)) {
	inBatches(n, sourceBatch, prepare, fn)
}

// inBatches is inOrder with batches of per items.
func inBatches[T any](n, per int, prepare func(i int) T, fn func(i int, p T)) {
	if n == 0 {
		return
	}
	batches := (n + per - 1) / per
	workers := min(runtime.GOMAXPROCS(0), batches)
	ready := make([]chan []T, batches)
	for b := range ready {
		ready[b] = make(chan []T, 1)
	}
	ahead := make(chan struct{}, 2*workers) // batches read but not yet consumed
	free := make(chan []T, 2*workers+1)     // consumed batches, for reuse
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
				lo, hi := b*per, min(n, (b+1)*per)
				var out []T
				select {
				case out = <-free:
				default:
					out = make([]T, 0, per)
				}
				for i := lo; i < hi; i++ {
					out = append(out, prepare(i))
				}
				ready[b] <- out
			}
		}()
	}
	for b := range ready {
		out := <-ready[b]
		for k, p := range out {
			fn(b*per+k, p)
		}
		clear(out)
		select {
		case free <- out[:0]:
		default:
		}
		<-ahead
	}
}
