// Package redisstore keeps the shared state of registerdata clients and
// webhook receivers in Redis, for fleets running on several machines:
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
// It is a module of its own (github.com/registerdata/registerdata-go/redisstore),
// so the SDK itself does not depend on a Redis client.
//
//	rdb := redis.NewClient(&redis.Options{Addr: "localhost:6379"})
//	v, err := webhook.NewVerifier(secret, webhook.WithDeduper(
//		redisstore.NewDeduper(rdb, "myapp:webhook:", 24*time.Hour)))
//	c, err := registerdata.NewClient(registerdata.WithCache(
//		redisstore.NewCache(rdb, "myapp:registerdata:", 24*time.Hour)))
//
// Times to live run on Redis's clock: the now arguments of the Deduper
// interface are not used.
package redisstore
