package redisstore_test

import (
	"context"
	"log"
	"net/http"
	"time"

	"github.com/redis/go-redis/v9"

	registerdata "github.com/registerdata/registerdata-go"
	"github.com/registerdata/registerdata-go/redisstore"
	"github.com/registerdata/registerdata-go/webhook"
)

// Receivers on several machines behind a load balancer share one Redis,
// so each delivery is processed once across all of them.
func ExampleNewDeduper() {
	rdb := redis.NewClient(&redis.Options{Addr: "localhost:6379"})
	v, err := webhook.NewVerifier("whsec_cmVnaXN0ZXJkYXRhLXdlYmhvb2stdGVzdC1rZXktMzI=",
		webhook.WithDeduper(redisstore.NewDeduper(rdb, "myapp:webhook:", 24*time.Hour)))
	if err != nil {
		log.Fatal(err)
	}
	http.Handle("/webhooks/registerdata", webhook.Handler(v, func(ctx context.Context, ev *webhook.Event) error {
		log.Printf("%s changed: %v", ev.EntityID, ev.Categories)
		return nil
	}))
}

// Enrichment workers share one Redis cache: a company one of them paid
// for is served to the others at no cost.
func ExampleNewCache() {
	rdb := redis.NewClient(&redis.Options{Addr: "localhost:6379"})
	c, err := registerdata.NewClient(
		registerdata.WithCache(redisstore.NewCache(rdb, "myapp:registerdata:", 24*time.Hour)))
	if err != nil {
		log.Fatal(err)
	}
	var info registerdata.ResponseInfo
	co, err := c.GetCompany(context.Background(), "DE-HRB-F1103-267645", nil, registerdata.WithResponseInfo(&info))
	if err != nil {
		log.Fatal(err)
	}
	log.Printf("%s (from the cache: %v)", co.Name.Name, info.Cached)
}
