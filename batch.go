package registerdata

import (
	"context"
	"errors"
	"fmt"
	"iter"
	"sync"
	"sync/atomic"
)

// MaxBatchConcurrency is the largest BatchOptions.Concurrency.
const MaxBatchConcurrency = 64

// BatchOptions configures GetCompaniesSeq and MatchCompaniesSeq.
type BatchOptions struct {
	// Concurrency is how many lookups are in flight at once, 1 to
	// MaxBatchConcurrency; 0 means 1. The client's rate limit
	// (WithRateLimit) still applies to every request.
	Concurrency int
	// Params apply to every lookup of GetCompaniesSeq, as in GetCompany;
	// nil for the defaults.
	Params *GetCompanyParams
	// Match applies to every match of MatchCompaniesSeq, as in
	// MatchCompany; nil for the defaults.
	Match *MatchOptions
	// Progress, when set, is called each time the lookup of a distinct id
	// ends, before its results are yielded. It runs on the goroutine that
	// ranges over the walk, never concurrently with itself or the loop
	// body, so it may update plain variables.
	Progress func(BatchProgress)
}

// BatchProgress is how far a GetCompaniesSeq walk has come. Counts are of
// distinct ids: an id given twice is looked up once.
type BatchProgress struct {
	// Done is the number of distinct ids whose lookup has ended, with a
	// record or an error.
	Done int
	// Total is the number of distinct ids of the walk.
	Total int
	// Failed is how many of the Done lookups ended with an error,
	// including ids not fetched because the budget ran out.
	Failed int
	// Cached is how many of the Done lookups were served by the cache
	// (WithCache) at no cost; for MatchCompaniesSeq, the matches whose
	// every call was answered by the cache or by the walk's kept
	// autocomplete answers (MatchOptions.Suggestions).
	Cached int
	// Charged is the credits the walk has added to Client.CreditsSpent.
	Charged int64
}

// BatchResult is the outcome of one id of GetCompaniesSeq.
type BatchResult struct {
	// ID is the id as given, at its position in the input.
	ID string
	// Company is the record, nil when Err is set. An id given several
	// times is looked up once and yields the same *Company at each of its
	// positions.
	Company *Company
	// Err is why this id has no record: the lookup's own error (matching
	// ErrNotFound, ErrInvalidRequest for a malformed id, ...), or an error
	// wrapping ErrBudgetExceeded for an id the walk did not fetch because
	// the credit budget could not pay for it.
	Err error
}

// GetCompaniesSeq looks up many companies, Concurrency at a time, and
// yields one BatchResult per id in the order of ids, each with its own
// error. It is for enriching large lists:
//
//	for r, err := range c.GetCompaniesSeq(ctx, ids, registerdata.BatchOptions{Concurrency: 8}) {
//		if err != nil {
//			return err // the walk itself failed: ctx ended, or invalid options
//		}
//		if r.Err != nil {
//			log.Printf("%s: %v", r.ID, r.Err)
//			continue
//		}
//		use(r.Company)
//	}
//
// Each lookup is a GetCompany with opts (except WithResponseInfo, which
// is filled once at the end of the walk with the total Attempts and
// Charged) and costs what GetCompany costs; ids given more than once are
// looked up once. The client's rate limit and cache apply. When the
// credit budget (WithCreditBudget) cannot pay for the next lookup even
// with no other lookup in flight, the walk stops sending: that id and
// every id not yet fetched get an error wrapping ErrBudgetExceeded, so
// the caller knows which to retry later.
//
// The second value is non-nil only when the whole walk fails: invalid
// options, or ctx ended (then in-flight lookups are cancelled and nothing
// more is yielded). Breaking out of the loop cancels the lookups in
// flight and returns once they have stopped: the walk leaves no goroutine
// behind. Results are yielded as soon as every earlier position has been;
// lookups run at most a bounded distance ahead of the loop, so a slow
// consumer holds only a few records in memory.
func (c *Client) GetCompaniesSeq(ctx context.Context, ids []string, o BatchOptions, opts ...CallOption) iter.Seq2[BatchResult, error] {
	return func(yield func(BatchResult, error) bool) {
		cfg := newCallConfig(opts)
		switch {
		case cfg.err != nil:
			yield(BatchResult{}, cfg.err)
			return
		case ctx == nil:
			yield(BatchResult{}, fmt.Errorf("%w: GetCompaniesSeq: nil context: pass context.Background() or a request's context", ErrInvalidRequest))
			return
		case o.Concurrency < 0 || o.Concurrency > MaxBatchConcurrency:
			yield(BatchResult{}, fmt.Errorf("%w: GetCompaniesSeq: BatchOptions.Concurrency is %d: want 1 to %d (0 means 1)", ErrInvalidRequest, o.Concurrency, MaxBatchConcurrency))
			return
		}
		fetch := func(ctx context.Context, id string, opts []CallOption) (*Company, error) {
			return c.GetCompany(ctx, id, o.Params, opts...)
		}
		skipped := func(id string, cause error) error {
			return fmt.Errorf("registerdata: company %q not fetched: the walk stopped because the credit budget cannot pay for more lookups: %w", id, cause)
		}
		w := newBatchWalk(ids, o, opts, "GetCompaniesSeq", fetch, skipped)
		defer w.stop()
		w.run(ctx, func(p int, co *Company, err error) bool {
			return yield(BatchResult{ID: ids[p], Company: co, Err: err}, nil)
		}, func(err error) { yield(BatchResult{}, err) })
		if info := cfg.info; info != nil {
			*info = ResponseInfo{Attempts: w.attempts, Charged: w.progress.Charged}
		}
	}
}

// batchWorkers counts the lookup goroutines of all walks running, so tests
// can see that a walk leaves none behind.
var batchWorkers atomic.Int64

// batchJob is one distinct key (an id, a query) to look up.
type batchJob struct {
	u  int // index into batchWalk.uniq
	id string
}

// batchDone is the outcome of a batchJob.
type batchDone[T any] struct {
	u    int
	co   T
	err  error
	info ResponseInfo
}

// batchUnique is the state of one distinct id.
type batchUnique[T any] struct {
	id      string
	state   uint8 // one of the batch* states below
	co      T
	err     error
	pending int // positions not yet yielded
}

const (
	batchWaiting  uint8 = iota // not sent yet
	batchInFlight              // a worker has it
	batchRefused               // the budget refused it while others were in flight; to be tried alone
	batchReady                 // co or err is set
)

// batchWalk runs one walk of GetCompaniesSeq or MatchCompaniesSeq: the
// goroutine ranging over the walk coordinates (dispatches jobs, collects
// outcomes, yields in order) and Concurrency workers call fetch, each
// distinct key once.
type batchWalk[T any] struct {
	fetch   func(ctx context.Context, key string, opts []CallOption) (T, error)
	skipped func(key string, cause error) error // the error of a key not fetched for the budget
	what    string                              // the walk's name, for errors
	opts    []CallOption
	conc    int
	window  int // positions dispatch may run ahead of the next to yield
	onProg  func(BatchProgress)

	pos  []int // position -> index into uniq
	uniq []batchUnique[T]

	yieldAt    int   // next position to yield
	dispatchAt int   // next position to consider for dispatch
	refused    []int // uniq indexes refused by the budget, oldest first
	inFlight   int
	soloU      int   // uniq index sent alone after refusals, or -1
	stopped    error // the budget cannot pay: nothing more is sent

	progress BatchProgress
	attempts int

	cancel  context.CancelFunc
	jobs    chan batchJob
	results chan batchDone[T]
	wg      sync.WaitGroup
}

func newBatchWalk[T any](keys []string, o BatchOptions, opts []CallOption, what string,
	fetch func(context.Context, string, []CallOption) (T, error), skipped func(string, error) error) *batchWalk[T] {
	conc := max(o.Concurrency, 1)
	w := &batchWalk[T]{
		fetch: fetch, skipped: skipped, what: what, conc: conc, window: max(64, 16*conc), onProg: o.Progress, soloU: -1,
		opts: append(append([]CallOption(nil), opts...), nil), // the last slot takes each lookup's WithResponseInfo
		pos:  make([]int, len(keys)),
	}
	index := make(map[string]int, len(keys))
	for p, id := range keys {
		u, ok := index[id]
		if !ok {
			u = len(w.uniq)
			index[id] = u
			w.uniq = append(w.uniq, batchUnique[T]{id: id})
		}
		w.uniq[u].pending++
		w.pos[p] = u
	}
	w.progress.Total = len(w.uniq)
	return w
}

// run yields each position's outcome in order through emit, or the
// walk's own failure (ctx ended) through fail.
func (w *batchWalk[T]) run(parent context.Context, emit func(p int, v T, err error) bool, fail func(error)) {
	var ctx context.Context
	ctx, w.cancel = context.WithCancel(parent)
	w.jobs = make(chan batchJob)
	w.results = make(chan batchDone[T], w.conc)
	for range min(w.conc, len(w.uniq)) {
		w.wg.Add(1)
		go w.work(ctx)
	}
	for {
		if err := parent.Err(); err != nil {
			fail(fmt.Errorf("registerdata: %s: %w", w.what, err))
			return
		}
		for w.yieldAt < len(w.pos) && w.uniq[w.pos[w.yieldAt]].state == batchReady {
			p := w.yieldAt
			un := &w.uniq[w.pos[p]]
			v, err := un.co, un.err
			if un.pending--; un.pending == 0 {
				var zero T
				un.co, un.err = zero, nil // yielded everywhere: let it go
			}
			w.yieldAt++
			if !emit(p, v, err) {
				return
			}
		}
		if w.yieldAt == len(w.pos) {
			return
		}
		var jobs chan batchJob
		job, ok := w.nextJob()
		if ok {
			jobs = w.jobs
		}
		select {
		case jobs <- job:
			w.uniq[job.u].state = batchInFlight
			w.inFlight++
		case d := <-w.results:
			w.inFlight--
			w.done(d)
		case <-parent.Done():
		}
	}
}

// nextJob picks the id to send next, if any may be sent now.
func (w *batchWalk[T]) nextJob() (batchJob, bool) {
	if w.stopped != nil {
		return batchJob{}, false
	}
	if len(w.refused) > 0 {
		// The budget refused a lookup while others held credits: once
		// they have settled, try the oldest refused one alone.
		if w.inFlight > 0 {
			return batchJob{}, false
		}
		w.soloU = w.refused[0]
		return batchJob{u: w.soloU, id: w.uniq[w.soloU].id}, true
	}
	for w.dispatchAt < len(w.pos) && w.dispatchAt < w.yieldAt+w.window {
		u := w.pos[w.dispatchAt]
		if w.uniq[u].state == batchWaiting {
			return batchJob{u: u, id: w.uniq[u].id}, true
		}
		w.dispatchAt++
	}
	return batchJob{}, false
}

// done records the outcome of one lookup.
func (w *batchWalk[T]) done(d batchDone[T]) {
	un := &w.uniq[d.u]
	w.attempts += d.info.Attempts
	w.progress.Charged += d.info.Charged
	refused := d.err != nil && d.info.Attempts == 0 && !d.info.Cached && errors.Is(d.err, ErrBudgetExceeded)
	solo := w.soloU == d.u
	if solo {
		w.soloU = -1
		w.refused = w.refused[1:]
	}
	if refused {
		un.state = batchRefused
		if !solo {
			w.refused = append(w.refused, d.u)
			return
		}
		// Refused with nothing else in flight: the budget cannot pay.
		w.stopped = d.err
		w.skipRest()
		return
	}
	w.finish(d.u, d.co, d.err, d.info.Cached)
	if solo {
		// The budget paid again: send the other refused ids normally.
		for _, u := range w.refused {
			w.uniq[u].state = batchWaiting
		}
		w.refused = w.refused[:0]
		w.dispatchAt = min(w.dispatchAt, w.yieldAt)
	}
}

// skipRest fails every id not yet fetched after the budget ran out.
func (w *batchWalk[T]) skipRest() {
	for u := range w.uniq {
		if s := w.uniq[u].state; s == batchWaiting || s == batchRefused {
			var zero T
			w.finish(u, zero, w.skipped(w.uniq[u].id, w.stopped), false)
		}
	}
	w.refused = nil
}

func (w *batchWalk[T]) finish(u int, co T, err error, cached bool) {
	un := &w.uniq[u]
	un.state, un.co, un.err = batchReady, co, err
	w.progress.Done++
	if err != nil {
		w.progress.Failed++
	}
	if cached {
		w.progress.Cached++
	}
	if w.onProg != nil {
		w.onProg(w.progress)
	}
}

// work looks companies up until the jobs end or the walk is cancelled.
func (w *batchWalk[T]) work(ctx context.Context) {
	defer w.wg.Done()
	batchWorkers.Add(1)
	defer batchWorkers.Add(-1)
	opts := append([]CallOption(nil), w.opts...)
	for job := range w.jobs {
		var info ResponseInfo
		opts[len(opts)-1] = WithResponseInfo(&info)
		co, err := w.fetch(ctx, job.id, opts)
		select {
		case w.results <- batchDone[T]{u: job.u, co: co, err: err, info: info}:
		case <-ctx.Done():
			return
		}
	}
}

// stop cancels the lookups in flight and waits for the workers to end.
func (w *batchWalk[T]) stop() {
	if w.cancel == nil {
		return
	}
	w.cancel()
	close(w.jobs)
	w.wg.Wait()
}
