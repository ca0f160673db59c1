package portfolio

import (
	"context"
	"fmt"
	"sync"
	"sync/atomic"

	registerdata "github.com/registerdata/registerdata-go"
)

// chunk is up to importChunk rows of an import on their way: read, then
// begun (prepared, and their walk started or waiting to start).
type chunk struct {
	rows []Row
	err  error // why reading or preparing failed: yielded in its turn

	begun      bool
	items      []pending
	batch      registerdata.BatchOptions
	matches    <-chan matched // nil without queries
	matchedAll <-chan struct{}
	stop       func()
}

// closedChan is a channel that never blocks.
var closedChan = func() <-chan struct{} {
	ch := make(chan struct{})
	close(ch)
	return ch
}()

// readChunk reads the next chunk of rows; none when the input has ended.
// Rows before an input error are dropped with it, as the import stops
// there.
func readChunk(ctx context.Context, next func() (Row, error, bool)) chunk {
	rows := make([]Row, 0, importChunk)
	for len(rows) < importChunk {
		r, err, ok := next()
		if !ok {
			break
		}
		if err != nil {
			return chunk{err: fmt.Errorf("portfolio: Import: reading the rows: %w", err)}
		}
		if ctx.Err() != nil {
			return chunk{err: ctx.Err()}
		}
		rows = append(rows, r)
	}
	return chunk{rows: rows}
}

// sharesRef reports whether a row of later has the Ref of a row of
// earlier.
func sharesRef(earlier, later []Row) bool {
	refs := make(map[string]struct{}, len(earlier))
	for _, r := range earlier {
		refs[r.Ref] = struct{}{}
	}
	for _, r := range later {
		if _, ok := refs[r.Ref]; ok {
			return true
		}
	}
	return false
}

// begin prepares ch and starts the walk over its queries once after is
// closed: once every match of the chunk before has its answer, so that
// the two chunks' matches in flight never exceed b.Concurrency.
func (p *Portfolio) begin(ctx context.Context, ch *chunk, b registerdata.BatchOptions, after <-chan struct{}) error {
	items, queries, err := p.prepareChunk(ctx, ch.rows)
	if err != nil {
		return err
	}
	ch.begun, ch.items, ch.batch = true, items, b
	if len(queries) == 0 {
		ch.matchedAll = closedChan
		return nil
	}
	ch.matches, ch.matchedAll, ch.stop = p.matchAhead(ctx, queries, b, after)
	return nil
}

// halt stops the chunk's walk, if any, and waits for it.
func (ch *chunk) halt() {
	if ch.stop != nil {
		ch.stop()
	}
}

// matchWalks counts the goroutines of matchAhead running, so that tests
// can see that an import leaves none behind.
var matchWalks atomic.Int64

// matched is one answer of the match walk.
type matched struct {
	r   registerdata.MatchResult
	err error
}

// matchAhead runs MatchCompaniesSeq over queries in a goroutine, once
// after is closed, and hands its answers over an unbuffered channel, so
// that the importer can tell an answer that is ready from one it would
// wait for. all is closed once no match of the walk is in flight any more
// and none will be sent: every query has its answer, or the walk ended.
// stop ends the walk (cancelling what is in flight) and waits for the
// goroutine.
func (p *Portfolio) matchAhead(ctx context.Context, queries []registerdata.MatchQuery, b registerdata.BatchOptions, after <-chan struct{}) (_ <-chan matched, all <-chan struct{}, stop func()) {
	mctx, cancel := context.WithCancel(ctx)
	ch := make(chan matched)
	allCh := make(chan struct{})
	closeAll := sync.OnceFunc(func() { close(allCh) })
	progress := b.Progress
	b.Progress = func(pr registerdata.BatchProgress) {
		if progress != nil {
			progress(pr)
		}
		if pr.Done == pr.Total {
			closeAll()
		}
	}
	matchWalks.Add(1)
	go func() {
		defer matchWalks.Add(-1)
		defer close(ch)
		defer closeAll()
		select {
		case <-after:
		case <-mctx.Done():
		}
		if mctx.Err() != nil {
			return
		}
		for r, err := range p.c.MatchCompaniesSeq(mctx, queries, b) {
			select {
			case ch <- matched{r, err}:
			case <-mctx.Done():
				return
			}
			if err != nil {
				return
			}
		}
	}()
	return ch, allCh, func() {
		cancel()
		for range ch {
			// drained until the goroutine ends
		}
	}
}
