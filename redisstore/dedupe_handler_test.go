package redisstore_test

import (
	"bytes"
	"context"
	"net/http"
	"net/http/httptest"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/registerdata/registerdata-go/redisstore"
	"github.com/registerdata/registerdata-go/webhook"
)

const testSecret = "whsec_cmVnaXN0ZXJkYXRhLXdlYmhvb2stdGVzdC1rZXktMzI="

var testBody = []byte(`{"type":"monitor.change","entity_type":"company","entity_id":"DE-HRB-F1103-267645","categories":["basic"],"detected_at":"2025-03-14T09:00:00Z","changes":[]}`)

// TestTwoReceiversProcessADeliveryOnce runs two receivers, each with its
// own Redis connection as on two machines, behind separate servers, and
// fires 100 concurrent redeliveries of one webhook id at them. The
// callback holds the delivery until the 99 others have been answered, so
// they all arrive while it is in progress: it runs exactly once.
func TestTwoReceiversProcessADeliveryOnce(t *testing.T) {
	rdb, prefix := newRedis(t)
	const n = 100
	var calls atomic.Int32
	othersAnswered := make(chan struct{})
	callback := func(ctx context.Context, ev *webhook.Event) error {
		calls.Add(1)
		select {
		case <-othersAnswered:
			return nil
		case <-ctx.Done():
			return ctx.Err()
		}
	}
	var urls []string
	for range 2 {
		v, err := webhook.NewVerifier(testSecret, webhook.WithDeduper(
			redisstore.NewDeduper(newClient(t, rdb.Options().Addr), prefix, time.Hour)))
		require.NoError(t, err)
		srv := httptest.NewServer(webhook.Handler(v, callback))
		t.Cleanup(srv.Close)
		urls = append(urls, srv.URL)
	}

	header, err := webhook.SignedHeaders(testSecret, "msg_2x7Kq", time.Now(), testBody)
	require.NoError(t, err)
	deliver := func(url string) int {
		req, err := http.NewRequest(http.MethodPost, url, bytes.NewReader(testBody))
		if err != nil {
			return -1
		}
		req.Header = header.Clone()
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			return -1
		}
		resp.Body.Close()
		return resp.StatusCode
	}

	statuses := make([]int, n)
	var wg sync.WaitGroup
	var answered atomic.Int32
	for i := range n {
		wg.Add(1)
		go func() {
			defer wg.Done()
			statuses[i] = deliver(urls[i%2])
			if statuses[i] != http.StatusNoContent && answered.Add(1) == n-1 {
				close(othersAnswered)
			}
		}()
	}
	wg.Wait()

	require.EqualValues(t, 1, calls.Load(), "the callback ran exactly once")
	counts := map[int]int{}
	for _, s := range statuses {
		counts[s]++
	}
	require.Equal(t, map[int]int{http.StatusNoContent: 1, http.StatusConflict: n - 1}, counts,
		"one delivery processed, the others told to retry while it ran")

	for _, u := range urls { // the service's later retries
		require.Equal(t, http.StatusNoContent, deliver(u))
	}
	require.EqualValues(t, 1, calls.Load(), "redeliveries after success are acknowledged without running it")
}
