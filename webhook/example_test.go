package webhook_test

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"log"
	"net/http"
	"net/http/httptest"
	"time"

	"github.com/registerdata/registerdata-go/webhook"
)

// The signing secret as the dashboard shows it.
const secret = "whsec_ZXhhbXBsZS1zaWduaW5nLWtleS1mb3ItZG9jcy0xMjM="

func ExampleHandler() {
	sentAt := time.Date(2025, 3, 14, 9, 30, 0, 0, time.UTC)
	v, err := webhook.NewVerifier(secret,
		webhook.WithClock(func() time.Time { return sentAt }), // omit outside tests
	)
	if err != nil {
		log.Fatal(err)
	}
	mux := http.NewServeMux()
	mux.Handle("POST /webhooks/registerdata", webhook.Handler(v, func(ctx context.Context, ev *webhook.Event) error {
		fmt.Println(ev.ID, ev.Type, ev.EntityType, ev.EntityID, ev.Categories)
		return nil // queue the work and return quickly: the service waits 15 s at most
	}))

	// What the service sends (signed here for the example).
	body := []byte(`{"type":"monitor.change","entity_type":"company","entity_id":"DE-HRB-F1103-267645","categories":["basic","representation"]}`)
	for range 2 { // a delivery and its redelivery
		h, err := webhook.SignedHeaders(secret, "msg_2mXpA1b7", sentAt, body)
		if err != nil {
			log.Fatal(err)
		}
		req := httptest.NewRequest(http.MethodPost, "/webhooks/registerdata", bytes.NewReader(body))
		req.Header = h
		rec := httptest.NewRecorder()
		mux.ServeHTTP(rec, req)
		fmt.Println(rec.Code)
	}
	// Output:
	// msg_2mXpA1b7 monitor.change company DE-HRB-F1103-267645 [basic representation]
	// 204
	// 204
}

func ExampleSign() {
	sentAt := time.Date(2025, 3, 14, 9, 30, 0, 0, time.UTC)
	body := []byte(`{"type":"monitor.change","entity_type":"person","entity_id":"P-1","categories":["management_positions"]}`)

	sig, err := webhook.Sign(secret, "msg_1", sentAt, body)
	if err != nil {
		log.Fatal(err)
	}
	h := http.Header{}
	h.Set("webhook-id", "msg_1")
	h.Set("webhook-timestamp", fmt.Sprint(sentAt.Unix()))
	h.Set("webhook-signature", sig)

	v, err := webhook.NewVerifier(secret, webhook.WithClock(func() time.Time { return sentAt.Add(time.Minute) }))
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println("original:", v.Verify(h, body))
	fmt.Println("tampered:", v.Verify(h, append(body, ' ')) != nil)
	// Output:
	// original: <nil>
	// tampered: true
}

func ExampleVerifier_Parse() {
	sentAt := time.Date(2025, 3, 14, 9, 30, 0, 0, time.UTC)
	body := []byte(`{"type":"monitor.change","entity_type":"company","entity_id":"DE-HRB-F1103-267645","categories":["financials"],
		"detected_at":"2025-03-14T09:00:00Z","changes":[{"category":"financials","path":"indicators[0].revenue","before":100,"after":120}]}`)
	h, err := webhook.SignedHeaders(secret, "msg_7", sentAt, body)
	if err != nil {
		log.Fatal(err)
	}
	v, err := webhook.NewVerifier(secret, webhook.WithClock(func() time.Time { return sentAt }))
	if err != nil {
		log.Fatal(err)
	}
	ev, err := v.Parse(h, body)
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println(ev.ID, ev.Timestamp.Format(time.RFC3339), ev.DetectedAt.Format(time.RFC3339))
	for _, c := range ev.Changes {
		fmt.Printf("%s %s: %s -> %s\n", c.Category, c.Path, c.Before, c.After)
	}
	// Output:
	// msg_7 2025-03-14T09:30:00Z 2025-03-14T09:00:00Z
	// financials indicators[0].revenue: 100 -> 120
}

// A callback that cannot record a delivery now returns a *RetryLater:
// the service is answered 503 with a Retry-After and delivers the event
// again. WithoutDeduper leaves the de-duplication to the callback's own
// store, which records each webhook id once.
func ExampleRetryLater() {
	sentAt := time.Date(2025, 3, 14, 9, 30, 0, 0, time.UTC)
	v, err := webhook.NewVerifier(secret, webhook.WithClock(func() time.Time { return sentAt }))
	if err != nil {
		log.Fatal(err)
	}
	errDatabaseDown := errors.New("database down")
	down := true
	recorded := map[string]bool{} // a table with the webhook id as its key
	h := webhook.Handler(v, func(ctx context.Context, ev *webhook.Event) error {
		if down {
			return &webhook.RetryLater{After: 10 * time.Second, Err: errDatabaseDown}
		}
		recorded[ev.ID] = true // a redelivery finds its row and adds nothing
		return nil
	}, webhook.WithoutDeduper())

	body := []byte(`{"type":"monitor.change","entity_type":"company","entity_id":"DE-HRB-F1103-267645","categories":["basic"]}`)
	deliver := func() {
		hs, err := webhook.SignedHeaders(secret, "msg_2mXpA1b7", sentAt, body)
		if err != nil {
			log.Fatal(err)
		}
		req := httptest.NewRequest(http.MethodPost, "/webhooks/registerdata", bytes.NewReader(body))
		req.Header = hs
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, req)
		fmt.Printf("%d Retry-After=%q\n", rec.Code, rec.Header().Get("Retry-After"))
	}
	deliver() // while the database is down
	down = false
	deliver() // the service's redelivery
	fmt.Println(len(recorded))
	// Output:
	// 503 Retry-After="10"
	// 204 Retry-After=""
	// 1
}
