package main

import (
	"context"
	"fmt"
	"io"
	"net/http"
	"strings"
	"sync"

	"github.com/registerdata/registerdata-go/webhook"
)

// hookPath is where the receiver accepts deliveries. Configure
// https://<your host>/hooks/registerdata as the endpoint in the dashboard.
const hookPath = "/hooks/registerdata"

// newReceiver returns the receiver's routes: webhook.Handler on hookPath,
// which verifies each delivery with secret before handle sees it. Mount
// it without CSRF protection or any middleware that reads the body.
func newReceiver(secret string, handle func(context.Context, *webhook.Event) error, opts ...webhook.Option) (http.Handler, error) {
	v, err := webhook.NewVerifier(secret, opts...)
	if err != nil {
		return nil, err
	}
	mux := http.NewServeMux()
	mux.Handle("POST "+hookPath, webhook.Handler(v, handle))
	return mux, nil
}

// printer writes each verified event to w, one at a time.
type printer struct {
	mu sync.Mutex
	w  io.Writer
}

// handle is the callback of webhook.Handler. It only prints; a real
// receiver hands the event to a queue and returns quickly, because the
// service waits at most 15 seconds for the answer.
func (p *printer) handle(_ context.Context, ev *webhook.Event) error {
	p.mu.Lock()
	defer p.mu.Unlock()
	fmt.Fprintf(p.w, "verified event %s (detected %s)\n", ev.ID, ev.DetectedAt.UTC().Format("2006-01-02 15:04:05"))
	fmt.Fprintf(p.w, "  %s for %s %s: %s\n", ev.Type, ev.EntityType, ev.EntityID, strings.Join(ev.Categories, ", "))
	for _, c := range ev.Changes {
		fmt.Fprintf(p.w, "  %-14s %s\n      before: %s\n      after:  %s\n", c.Category, c.Path, orNull(c.Before), orNull(c.After))
	}
	return nil
}

func orNull(b []byte) string {
	if len(b) == 0 {
		return "null"
	}
	return string(b)
}
