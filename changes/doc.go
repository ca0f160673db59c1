// Package changes says exactly what changed in a company or a person of
// the register: who joined or left the representation, which owner
// joined, left or holds another share, the new name or address, the
// figures of a new year, a new document, a proceeding in another status.
//
// Company, Owners, Holdings, Person and Insolvency compare two snapshots
// of a record and return typed Changes; each reads as a sentence
// (Change.String) and encodes as one JSON object. They compare meaning,
// not bytes: list members are matched by identity, order is ignored, a
// JSON round trip changes nothing.
//
// A Watcher turns the service's monitor webhooks into Sets of changes
// (NewWatcher, Watcher.Handle with webhook.Handler); Poll produces the
// same Sets without monitoring, fetching a list of ids at an interval.
// Both keep the last records of each entity in a Store (NewMemoryStore,
// NewFileStore for a process that restarts, or redisstore.NewStore for a
// fleet of receivers).
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
