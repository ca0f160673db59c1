package redisstore

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"fmt"
	"time"

	"github.com/redis/go-redis/v9"

	"github.com/registerdata/registerdata-go/webhook"
)

// MaxClaim is the longest a delivery stays claimed by a receiver that
// neither succeeds nor fails (because it crashed, or lost Redis): after
// it, a redelivery may be processed elsewhere. The service gives up on a
// delivery after 15 seconds, so a callback running longer than MaxClaim
// has long been retried anyway. A Deduper whose ttl is shorter holds
// claims for ttl.
const MaxClaim = time.Minute

// Values stored under a delivery's key: "done" once it succeeded, or the
// claim of the receiver processing it.
const (
	doneValue   = "done"
	claimPrefix = "claim:"
)

// claimScript claims KEYS[1] for ARGV[1] (the claim value) for ARGV[2]
// milliseconds unless the id is claimed (3) or done (2): 1 when claimed.
// One script, so the check and the claim are one atomic step.
var claimScript = redis.NewScript(`
local v = redis.call('GET', KEYS[1])
if v == false then
  redis.call('SET', KEYS[1], ARGV[1], 'PX', ARGV[2])
  return 1
end
if v == 'done' then
  return 2
end
return 3
`)

// forgetScript deletes KEYS[1] only while it holds the claim ARGV[1], so a
// receiver whose claim expired cannot drop another receiver's claim.
var forgetScript = redis.NewScript(`
if redis.call('GET', KEYS[1]) == ARGV[1] then
  return redis.call('DEL', KEYS[1])
end
return 0
`)

// NewDeduper returns a webhook.Deduper keeping webhook ids in Redis under
// prefix (for example "myapp:webhook:"), shared by every receiver that
// uses the same Redis and prefix:
//
//   - Claim marks an id as being processed with SET ... PX in one atomic
//     script: of concurrent deliveries of one id, on any machine, exactly
//     one gets webhook.ClaimAcquired; the others get webhook.ClaimBusy (or
//     webhook.ClaimDone once it succeeded);
//   - the claim expires after min(ttl, MaxClaim), so a receiver that
//     crashes mid-delivery blocks the redelivery only that long;
//   - Release(true) remembers the id as done for ttl (2 *
//     webhook.DefaultTolerance when ttl <= 0, which covers every
//     redelivery whose timestamp still verifies); Release(false) forgets
//     it, so the redelivery is processed again, unless the claim has
//     meanwhile expired and passed to another receiver.
//
// Redis errors are returned, and webhook.Handler answers them with a
// retryable status. The client is not closed by the Deduper.
func NewDeduper(client *redis.Client, prefix string, ttl time.Duration) webhook.Deduper {
	if ttl <= 0 {
		ttl = 2 * webhook.DefaultTolerance
	}
	return &deduper{rdb: client, prefix: prefix, ttl: ttl, claim: min(ttl, MaxClaim), owner: claimPrefix + randomToken()}
}

type deduper struct {
	rdb    *redis.Client
	prefix string
	ttl    time.Duration // how long a done id is remembered
	claim  time.Duration // how long a claim lasts without Release
	owner  string        // the claim value of this Deduper
}

// Claim implements webhook.Deduper.
func (d *deduper) Claim(ctx context.Context, id string, _ time.Time) (webhook.ClaimResult, error) {
	if d.rdb == nil {
		return 0, errNilClient
	}
	res, err := claimScript.Run(ctx, d.rdb, []string{d.prefix + id}, d.owner, d.claim.Milliseconds()).Int()
	if err != nil {
		return 0, fmt.Errorf("redisstore: claiming webhook id %q: %w", id, err)
	}
	switch res {
	case 1:
		return webhook.ClaimAcquired, nil
	case 2:
		return webhook.ClaimDone, nil
	default:
		return webhook.ClaimBusy, nil
	}
}

// Release implements webhook.Deduper.
func (d *deduper) Release(ctx context.Context, id string, succeeded bool, _ time.Time) error {
	if d.rdb == nil {
		return errNilClient
	}
	var err error
	if succeeded {
		err = d.rdb.Set(ctx, d.prefix+id, doneValue, d.ttl).Err()
	} else {
		err = forgetScript.Run(ctx, d.rdb, []string{d.prefix + id}, d.owner).Err()
	}
	if err != nil {
		return fmt.Errorf("redisstore: releasing webhook id %q: %w", id, err)
	}
	return nil
}

var errNilClient = fmt.Errorf("redisstore: the Redis client is nil: pass redis.NewClient(...)")

// randomToken tells the claims of one Deduper from another's.
func randomToken() string {
	var b [12]byte
	_, _ = rand.Read(b[:]) // crypto/rand.Read never fails on supported platforms
	return hex.EncodeToString(b[:])
}
