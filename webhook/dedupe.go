package webhook

import (
	"container/list"
	"context"
	"fmt"
	"sync"
	"time"
)

// DefaultMaxEntries is the number of ids a MemoryDeduper remembers at most.
const DefaultMaxEntries = 100_000

// ClaimResult is the answer of Deduper.Claim.
type ClaimResult int

const (
	// ClaimAcquired: the id is now in progress for the caller, who processes
	// the delivery and must then call Release.
	ClaimAcquired ClaimResult = iota + 1
	// ClaimDone: a delivery with this id already succeeded; acknowledge it
	// without processing it again.
	ClaimDone
	// ClaimBusy: another delivery with this id is being processed right now;
	// answer with a retryable status so the service tries again later.
	ClaimBusy
)

// Deduper remembers which webhook ids are being processed or have been
// processed successfully, so that Handler runs its callback at most once per
// successful delivery. Implementations must be safe for concurrent use; a
// store shared by several processes (a database, Redis) makes the guarantee
// hold across them: the module github.com/registerdata/registerdata-go/redisstore
// has one in Redis (redisstore.NewDeduper). now is the verifier's clock.
type Deduper interface {
	// Claim marks id as in progress unless it is already in progress
	// (ClaimBusy) or already succeeded and not yet expired (ClaimDone).
	Claim(ctx context.Context, id string, now time.Time) (ClaimResult, error)
	// Release ends a claim: a succeeded id is remembered as done; a failed
	// one is forgotten so that the redelivery is processed again.
	Release(ctx context.Context, id string, succeeded bool, now time.Time) error
}

// WithoutDeduper makes Handler call its callback for every verified
// delivery, without the verifier's Deduper (WithDeduper): no id is
// claimed or remembered, so redeliveries and concurrent duplicates reach
// the callback and no 409 is answered. It is for a callback that
// de-duplicates by itself, such as one that records the webhook id under
// a unique key in the transaction of its work, for which the in-memory
// default would only hold ids in memory.
func WithoutDeduper() HandlerOption {
	return func(hd *handler) { hd.noDedup = true }
}

// MemoryDeduper is the default Deduper: an in-memory store for one process.
// Succeeded ids are remembered for a fixed time to live and at most a fixed
// number of ids is kept; when full, the oldest succeeded id is forgotten
// first. The zero value is not usable; call NewMemoryDeduper.
type MemoryDeduper struct {
	ttl time.Duration
	max int

	mu      sync.Mutex
	entries map[string]*dedupEntry
	done    *list.List // of string ids, in order of completion
}

type dedupEntry struct {
	busy    bool
	expires time.Time     // when done: the end of the time to live
	elem    *list.Element // when done: the id's place in MemoryDeduper.done
}

// NewMemoryDeduper returns a MemoryDeduper remembering succeeded ids for ttl
// (2*DefaultTolerance when ttl <= 0) and holding at most maxEntries ids
// (DefaultMaxEntries when maxEntries <= 0). A ttl of at least twice the
// verifier's tolerance covers every redelivery whose timestamp still passes
// verification.
func NewMemoryDeduper(ttl time.Duration, maxEntries int) *MemoryDeduper {
	if ttl <= 0 {
		ttl = 2 * DefaultTolerance
	}
	if maxEntries <= 0 {
		maxEntries = DefaultMaxEntries
	}
	return &MemoryDeduper{
		ttl:     ttl,
		max:     maxEntries,
		entries: make(map[string]*dedupEntry),
		done:    list.New(),
	}
}

// Claim implements Deduper.
func (d *MemoryDeduper) Claim(_ context.Context, id string, now time.Time) (ClaimResult, error) {
	d.mu.Lock()
	defer d.mu.Unlock()
	d.expire(now)
	if e, ok := d.entries[id]; ok {
		if e.busy {
			return ClaimBusy, nil
		}
		if now.Before(e.expires) {
			return ClaimDone, nil
		}
		d.forget(id, e)
	}
	if len(d.entries) >= d.max {
		front := d.done.Front()
		if front == nil {
			return 0, fmt.Errorf("%w: %d deliveries are being processed; answer retryably and let the service redeliver", ErrDeduperFull, len(d.entries))
		}
		oldest := front.Value.(string)
		d.forget(oldest, d.entries[oldest])
	}
	d.entries[id] = &dedupEntry{busy: true}
	return ClaimAcquired, nil
}

// Release implements Deduper. Releasing an id that is not in progress does
// nothing.
func (d *MemoryDeduper) Release(_ context.Context, id string, succeeded bool, now time.Time) error {
	d.mu.Lock()
	defer d.mu.Unlock()
	e, ok := d.entries[id]
	if !ok || !e.busy {
		return nil
	}
	if !succeeded {
		delete(d.entries, id)
		return nil
	}
	e.busy = false
	e.expires = now.Add(d.ttl)
	e.elem = d.done.PushBack(id)
	return nil
}

// Len returns the number of ids currently remembered, in progress or done.
func (d *MemoryDeduper) Len() int {
	d.mu.Lock()
	defer d.mu.Unlock()
	return len(d.entries)
}

// expire forgets the succeeded ids whose time to live has passed.
func (d *MemoryDeduper) expire(now time.Time) {
	for front := d.done.Front(); front != nil; front = d.done.Front() {
		id := front.Value.(string)
		e := d.entries[id]
		if now.Before(e.expires) {
			return
		}
		d.forget(id, e)
	}
}

func (d *MemoryDeduper) forget(id string, e *dedupEntry) {
	if e.elem != nil {
		d.done.Remove(e.elem)
	}
	delete(d.entries, id)
}
