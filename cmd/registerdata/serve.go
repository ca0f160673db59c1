package main

import (
	"context"
	"errors"
	"net"
	"net/http"
	"time"
)

// serveUntilDone serves srv on l until ctx ends (Ctrl-C), then shuts it
// down: requests in flight get 5 s to finish, and connections still open
// after that (an MCP client's event stream) are closed.
func serveUntilDone(ctx context.Context, srv *http.Server, l net.Listener) error {
	return runUntilDone(ctx, srv, func() error { return srv.Serve(l) })
}

// runUntilDone runs serve (srv's Serve or ServeTLS) until ctx ends, then
// shuts srv down as serveUntilDone says.
func runUntilDone(ctx context.Context, srv *http.Server, serve func() error) error {
	done := make(chan error, 1)
	go func() { done <- serve() }()
	select {
	case err := <-done:
		return err
	case <-ctx.Done():
	}
	sctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	if err := srv.Shutdown(sctx); err != nil {
		_ = srv.Close()
	}
	if err := <-done; !errors.Is(err, http.ErrServerClosed) {
		return err
	}
	return nil
}
