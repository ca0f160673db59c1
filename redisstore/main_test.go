package redisstore_test

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"fmt"
	"os"
	"strings"
	"testing"

	"github.com/redis/go-redis/v9"
)

// EnvTestAddr names the environment variable holding the address of the
// Redis server the tests run against (host:port). .ci/run starts one.
const EnvTestAddr = "REDISSTORE_TEST_ADDR"

func TestMain(m *testing.M) {
	if os.Getenv(EnvTestAddr) == "" {
		banner := strings.Repeat("!", 72)
		fmt.Fprintf(os.Stderr, "%s\nredisstore: %s is not set: the Redis tests are SKIPPED.\n"+
			"Start a server (redis-server --port 6390 --save '' --appendonly no) and run\n"+
			"  %s=127.0.0.1:6390 go test ./...\n%s\n", banner, EnvTestAddr, EnvTestAddr, banner)
		if os.Getenv("CI") == "true" {
			fmt.Fprintf(os.Stderr, "redisstore: CI=true, and CI must run the Redis tests: failing.\n")
			os.Exit(1)
		}
	}
	os.Exit(m.Run())
}

// newRedis returns a client of the test server and a prefix no other test
// uses; the keys under it are deleted at the end of the test.
func newRedis(t *testing.T) (*redis.Client, string) {
	t.Helper()
	addr := os.Getenv(EnvTestAddr)
	if addr == "" {
		t.Skipf("%s is not set: no Redis to test against", EnvTestAddr)
	}
	rdb := newClient(t, addr)
	if err := rdb.Ping(context.Background()).Err(); err != nil {
		t.Fatalf("Redis at %s (%s) does not answer: %v", addr, EnvTestAddr, err)
	}
	var b [6]byte
	_, _ = rand.Read(b[:])
	prefix := "redisstore-test:" + t.Name() + ":" + hex.EncodeToString(b[:]) + ":"
	t.Cleanup(func() {
		ctx := context.Background()
		iter := rdb.Scan(ctx, 0, prefix+"*", 100).Iterator()
		for iter.Next(ctx) {
			rdb.Del(ctx, iter.Val())
		}
	})
	return rdb, prefix
}

// newClient returns one more client of the server at addr (another
// machine's connection).
func newClient(t *testing.T, addr string) *redis.Client {
	t.Helper()
	rdb := redis.NewClient(&redis.Options{Addr: addr})
	t.Cleanup(func() { rdb.Close() })
	return rdb
}
