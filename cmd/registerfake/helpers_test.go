package main

import (
	"bufio"
	"context"
	"io"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// startRun runs registerfake with args until the test ends and returns
// its base URL and API key, and a stop function that shuts it down and
// returns run's error.
func startRun(t *testing.T, args ...string) (baseURL, key string, stop func() error) {
	t.Helper()
	pr, pw := io.Pipe()
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() {
		done <- run(ctx, append([]string{"-addr", "127.0.0.1:0"}, args...), &syncWriter{pw: pw}, io.Discard)
		pw.Close()
	}()
	lines := bufio.NewScanner(pr)
	for (baseURL == "" || key == "") && lines.Scan() {
		if v, ok := strings.CutPrefix(lines.Text(), "REGISTERDATA_BASE_URL="); ok {
			baseURL = v
		}
		if v, ok := strings.CutPrefix(lines.Text(), "REGISTERDATA_API_KEY="); ok {
			key = v
		}
	}
	go func() { _, _ = io.Copy(io.Discard, pr) }()
	var stopped bool
	var err error
	stop = func() error {
		if !stopped {
			stopped = true
			cancel()
			err = <-done
		}
		return err
	}
	t.Cleanup(func() { _ = stop() })
	if baseURL == "" {
		require.NoError(t, stop(), "registerfake did not start")
		t.Fatal("registerfake did not print its address")
	}
	return baseURL, key, stop
}
