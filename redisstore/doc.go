// Package redisstore keeps the shared state of registerdata clients and
// webhook receivers in Redis, for fleets running on several machines. It
// is a module of its own (github.com/registerdata/registerdata-go/redisstore),
// so the SDK itself does not depend on a Redis client.
//
// # Where to start, by job
//
//	Job                          Entry point
//	process a delivery once      NewDeduper, a webhook.Deduper for webhook.WithDeduper
//	share company lookups        NewCache, a registerdata.Cache for registerdata.WithCache
//	share change snapshots       NewStore, a changes.Store for changes.NewWatcher and changes.Poll
//
// # What each keeps
//
//   - NewDeduper is a webhook.Deduper: a delivery is processed once across
//     every receiver sharing the Redis, and a receiver that crashes while
//     processing does not block the redelivery for longer than its claim;
//   - NewCache is a registerdata.Cache: a company looked up by one worker
//     is served to every other from Redis, at no credit cost;
//   - NewStore is a changes.Store without expiry: the snapshots a
//     changes.Watcher or changes.Poll compares with, shared by every
//     receiver and kept across restarts.
//
// One Redis client can serve all three, each under its own key prefix:
//
//	rdb := redis.NewClient(&redis.Options{Addr: "localhost:6379"})
//	v, err := webhook.NewVerifier(secret, webhook.WithDeduper(
//		redisstore.NewDeduper(rdb, "myapp:webhook:", 24*time.Hour)))
//	c, err := registerdata.NewClient(registerdata.WithCache(
//		redisstore.NewCache(rdb, "myapp:registerdata:", 24*time.Hour)))
//
// Times to live run on Redis's clock: the now arguments of the Deduper
// interface are not used.
//
// # Delivery guarantee: at least once
//
// The Deduper gives at-least-once processing: a delivery is never lost
// because of it, but it can be processed twice when Redis forgets what it
// was told. A Redis restarted without persistence (the default of many
// container images, and of `redis-server --save "" --appendonly no`) comes
// back empty: every claim and every "done" mark is gone, so a redelivery
// of a webhook id that was already processed is claimed and processed
// again. The same happens when a done mark is evicted under memory
// pressure, or when a failover promotes a replica that had not yet
// received the mark (Redis replication is asynchronous).
//
// Duplicates are avoided, as far as Redis can avoid them, by a Redis that
// keeps every acknowledged write:
//
//   - appendonly yes with appendfsync always: each SET of a claim or a done
//     mark is on disk before Redis answers it (appendfsync everysec, the
//     usual setting, can lose the last second of marks on a crash);
//   - maxmemory-policy noeviction (or enough memory that nothing is
//     evicted): the done marks carry a time to live, so the volatile-* and
//     allkeys-* policies may drop them early;
//   - no automatic failover to a replica that may lag, or a failover that
//     waits for the replica to catch up;
//   - a ttl on NewDeduper at least as long as the service keeps redelivering
//     (the default, 2 * webhook.DefaultTolerance, covers every redelivery
//     whose timestamp still verifies).
//
// Even then one window remains that no store closes: a receiver that
// crashes after its callback took effect but before Release recorded the
// id as done leaves a claim that expires after MaxClaim, and the
// redelivery is processed again. Processing exactly once end to end needs
// a callback that is idempotent, for example one that records the webhook
// id (Event.ID) in the same transaction as its own effect and skips ids it
// has seen.
package redisstore
