package changes

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"time"

	registerdata "github.com/registerdata/registerdata-go"
	"github.com/registerdata/registerdata-go/enums"
	"github.com/registerdata/registerdata-go/webhook"
)

// Set is the changes of one entity found by one check: one webhook event
// (Watcher) or one poll round (Poll). Encoded as JSON it is one line of
// JSON Lines: {"entity_type", "entity_id", "event_id", "detected_at",
// "baseline", "changes": [...], "credits"}.
type Set struct {
	// EntityType is "company" or "person".
	EntityType enums.EntityType `json:"entity_type"`
	// EntityID is the company identifier or the person UUID.
	EntityID string `json:"entity_id"`
	// EventID is the webhook id of the event (identical across its
	// redeliveries); "" for a poll round.
	EventID string `json:"event_id,omitempty"`
	// DetectedAt is when the service detected the change (the event's
	// detected_at), or when the poll round fetched the records.
	DetectedAt time.Time `json:"detected_at"`
	// Baseline is true for the first check of an entity: there was no
	// snapshot to compare with, so the records fetched were stored as the
	// baseline. Changes then holds only what the event itself announced
	// (see Watcher.Handle); a poll round reports no baseline.
	Baseline bool `json:"baseline,omitempty"`
	// Baselines are the categories of the check seen for the first time:
	// a record they need was not in the snapshot (an ownership event for
	// a company known from basic events: its owners), so it was stored as
	// the baseline of that category, and what it holds is not a change.
	// For those categories Changes holds what the event itself announced
	// (see Watcher.Handle). Changes of these categories found in records
	// that were stored (a shareholder in the company record) are reported
	// as ever. Every category of the check is listed when Baseline is
	// true; Watcher.Seed stores baselines ahead of the first event.
	Baselines []enums.Preference `json:"baselines,omitempty"`
	// Changes are the changes found, never nil.
	Changes []Change `json:"changes"`
	// Credits is what the fetches of this check cost.
	Credits int64 `json:"credits"`
}

// Watcher turns the service's monitor events into typed changes: for each
// event it fetches the records the event's categories need, compares them
// with the snapshot in its Store, and calls its callback with the Set of
// changes; the new records are stored once the callback succeeded.
//
// Use Handle as the callback of webhook.Handler:
//
//	w := changes.NewWatcher(c, changes.NewMemoryStore(), notify)
//	http.Handle("/hooks", webhook.Handler(v, w.Handle))
//
// With the handler's Deduper, each delivery reaches the callback exactly
// once: a redelivery of a delivery that succeeded is acknowledged without
// a call, and a callback error keeps the old snapshot, so the redelivery
// computes the same changes again. Give it a client without a cache
// (WithCache): a cached record would hide the change the event announces,
// so an answer from the cache fails the check with an error saying so.
type Watcher struct {
	k   checker
	fn  func(context.Context, Set) error
	now func() time.Time
}

// NewWatcher returns a Watcher fetching with c, keeping snapshots in store
// and reporting to fn. fn runs once per event, the first event of an
// entity included (Set.Baseline true); its error answers the delivery
// with 500 and leaves the stored snapshot as it was.
func NewWatcher(c *registerdata.Client, store Store, fn func(context.Context, Set) error) *Watcher {
	return &Watcher{k: checker{c: c, store: store}, fn: fn, now: time.Now}
}

// Handle processes one verified event, as webhook.Handler's callback:
//
//   - an event of another type than monitor.change is acknowledged and
//     ignored; one with an unknown entity type or a missing entity id is
//     an error (the delivery stays failed, nothing is lost);
//   - the records the event's categories need are fetched (see the
//     package documentation): the company record, its owners, its
//     holdings, its insolvency proceedings; or the person and the
//     person's holdings;
//   - they are compared with the stored snapshot and fn is called with
//     every change found in them, including changes in categories the
//     event did not name (storing those records without reporting them
//     would lose them for good);
//   - a category seen for the first time (Set.Baseline, Set.Baselines)
//     has nothing to compare with: its records are stored as its
//     baseline, and the changes the event itself announced in it are
//     reported, read from the event (typed as Company and Owners would
//     give them where the event's path names a field or member of the
//     company record or its owners, else with the path as Field and the
//     JSON values as Before and After), so that a first event is never
//     an empty "no change". Watcher.Seed stores the baselines before the
//     first event, so that every event is compared;
//   - a person's insolvencies are in no record the SDK can fetch: the
//     event's own changes of that category are reported as they came,
//     Field being their path;
//   - only when fn returns nil is the new snapshot stored, with the
//     event's id and its Set. A redelivery of the event whose Set was
//     stored calls fn again with that same Set, without fetching
//     anything (Credits 0): the same changes under the same EventID,
//     even when the store applied the snapshot but answered with an
//     error (a timeout). Deduplicate on EventID where a repeat would
//     hurt.
//
// Events of one entity are processed one at a time by a Watcher; several
// processes sharing a store should route each entity to one of them (the
// last to store wins otherwise).
func (w *Watcher) Handle(ctx context.Context, ev *webhook.Event) error {
	switch {
	case w == nil || w.fn == nil || w.k.c == nil || w.k.store == nil:
		return errors.New("changes: the Watcher needs a client, a store and a callback: use NewWatcher")
	case ev == nil:
		return errors.New("changes: Handle got a nil event")
	case ev.Type != "" && ev.Type != webhook.EventTypeMonitorChange:
		return nil
	case !ev.EntityType.IsKnown():
		return fmt.Errorf("changes: event %s has entity type %q, neither company nor person; nothing was fetched", ev.ID, ev.EntityType)
	case ev.EntityID == "":
		return fmt.Errorf("changes: event %s names no entity id; nothing was fetched", ev.ID)
	}
	cats := make([]enums.Preference, 0, len(ev.Categories))
	for _, c := range ev.Categories {
		cats = append(cats, enums.Preference(c))
	}
	key := storeKey(ev.EntityType, ev.EntityID)
	unlock := w.k.lock(key)
	defer unlock()
	old, found, err := w.k.load(ctx, key)
	if err != nil {
		return err
	}
	if last := old.Last; last != nil && ev.ID != "" && last.EventID == ev.ID {
		// A redelivery of the event whose Set was stored: the same Set.
		set := last.Set
		set.Credits = 0
		if set.Changes == nil {
			set.Changes = []Change{}
		}
		return w.fn(ctx, set)
	}
	r, err := w.k.check(ctx, ev.EntityType, ev.EntityID, cats, old, found)
	if err != nil {
		return err
	}
	r.set.EventID = ev.ID
	r.set.DetectedAt = ev.DetectedAt
	if r.set.DetectedAt.IsZero() {
		r.set.DetectedAt = w.now().UTC()
	}
	for _, c := range r.set.Baselines {
		r.set.Changes = append(r.set.Changes, announced(ev, c, r.newParts)...)
	}
	if ev.EntityType == enums.EntityTypePerson {
		r.set.Changes = append(r.set.Changes, eventChanges(ev, enums.PreferenceInsolvencies)...)
	}
	if err := w.fn(ctx, r.set); err != nil {
		return err
	}
	if ev.ID != "" {
		r.next.Last = &lastReport{EventID: ev.ID, Set: r.set}
	}
	return w.k.commit(ctx, r.key, &r.next)
}

// eventChanges are the event's own changes of category cat, with their
// path as Field and their JSON values, compacted, as Before and After.
func eventChanges(ev *webhook.Event, cat enums.Preference) []Change {
	var out []Change
	for _, c := range ev.Changes {
		if c.Category == string(cat) {
			out = append(out, eventChange(cat, c)...)
		}
	}
	return out
}

// eventChange is one change of an event as it came: nothing when it has
// no value on either side.
func eventChange(cat enums.Preference, c webhook.Change) []Change {
	b, a := rawValue(c.Before), rawValue(c.After)
	k := Modified
	switch {
	case b == "" && a == "":
		return nil
	case b == "":
		k = Added
	case a == "":
		k = Removed
	}
	return []Change{{Category: cat, Kind: k, Field: strings.TrimPrefix(c.Path, "/"), Before: b, After: a}}
}

// rawValue is a JSON value as display text: a string without quotes,
// anything else compacted, null or absent as "".
func rawValue(v []byte) string {
	v = bytes.TrimSpace(v)
	if len(v) == 0 || string(v) == "null" {
		return ""
	}
	var b bytes.Buffer
	if err := json.Compact(&b, v); err != nil {
		return string(v)
	}
	s := b.String()
	if len(s) >= 2 && s[0] == '"' && !strings.ContainsAny(s[1:len(s)-1], `"\`) {
		return s[1 : len(s)-1]
	}
	return s
}
