// Package changes says exactly what changed in a company or a person of
// the register: who joined or left the representation, which owner
// joined, left or holds another share, the new name or address, the
// figures of a new year, a new document, a proceeding in another status.
//
// # Where to start, by job
//
//	Job                             Entry point
//	compare two records             Company, Owners, Holdings, Person, Insolvency: each returns []Change
//	compare two saved JSON records  Diff (DetectRecord tells the record's type); DiffCurrent against its current version
//	changes from monitor webhooks   NewWatcher, then (*Watcher).Handle as the callback of webhook.Handler
//	changes without monitors        Poll with PollOptions: a Set for each entity whose records changed
//	compare from the first event    (*Watcher).Seed stores the baselines (see Baselines below)
//	keep the last records           NewMemoryStore, NewFileStore, or redisstore.NewStore (a Store)
//	show or send a change           Change.String reads as a sentence; a Change and a Set encode as JSON
//
// # Comparing
//
// Company, Owners, Holdings, Person and Insolvency compare two snapshots
// of a record and return typed Changes; each reads as a sentence
// (Change.String) and encodes as one JSON object. They compare meaning,
// not bytes: list members are matched by identity, order is ignored, a
// JSON round trip changes nothing.
//
// # Watching and polling
//
// A Watcher turns the service's monitor webhooks into Sets of changes
// (NewWatcher, Watcher.Handle with webhook.Handler); Poll produces the
// same Sets without monitoring, fetching a list of ids at an interval.
// Both keep the last records of each entity in a Store (NewMemoryStore,
// NewFileStore for a process that restarts, or redisstore.NewStore for a
// fleet of receivers).
//
// # Baselines
//
// A change is found by comparing with the records stored before, so the
// first check of an entity stores its baseline: Set.Baseline is true,
// and Set.Baselines lists each category seen for the first time (an
// ownership event for a company known from basic events: its owners were
// not stored yet). For those the Watcher reports what the event itself
// announced; everything after is compared in full. To compare from the
// first event, seed the baselines when the monitors are created, with
// the categories they watch:
//
//	w := changes.NewWatcher(c, store, notify)
//	err := w.Seed(ctx, ids, enums.PreferenceBasic, enums.PreferenceOwnership)
//
// Seed never replaces a stored record, so it is safe to call again
// (seeding what is stored costs nothing). Poll and the Watcher share
// their keys ("changes/company/ID", "changes/person/UUID") and their
// snapshots: a Poll round seeds the Watcher and Seed seeds Poll, and a
// first Poll round yields nothing but stores the baselines
// (`registerdata watch --once` says for how many ids).
//
// What each check fetches, by category (credits at the SDK's prices):
//
//	company basic, representation, financials, documents   the record (10)
//	company insolvencies    the record, and each proceeding it lists (10 each)
//	company ownership       the record and the owners (10 + 10)
//	company holdings        the holdings (10)
//	person management_positions   the person (10)
//	person holdings                the person and the holdings (10 + 10)
package changes
