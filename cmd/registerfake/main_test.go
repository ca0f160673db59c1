package main

import (
	"bufio"
	"bytes"
	"context"
	"io"
	"net/http"
	"strings"
	"sync"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// syncWriter lets the test read what run prints while it runs.
type syncWriter struct {
	mu sync.Mutex
	pw *io.PipeWriter
}

func (w *syncWriter) Write(p []byte) (int, error) {
	w.mu.Lock()
	defer w.mu.Unlock()
	return w.pw.Write(p)
}

func TestRunServesAndShutsDown(t *testing.T) {
	pr, pw := io.Pipe()
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() {
		done <- run(ctx, []string{"-addr", "127.0.0.1:0", "-api-key", "cli-key", "-credits", "30", "-generated", "10"}, &syncWriter{pw: pw}, io.Discard)
		pw.Close()
	}()

	lines := bufio.NewScanner(pr)
	var baseURL, key string
	for (baseURL == "" || key == "") && lines.Scan() {
		if v, ok := strings.CutPrefix(lines.Text(), "REGISTERDATA_BASE_URL="); ok {
			baseURL = v
		}
		if v, ok := strings.CutPrefix(lines.Text(), "REGISTERDATA_API_KEY="); ok {
			key = v
		}
	}
	require.NotEmpty(t, baseURL)
	assert.Equal(t, "cli-key", key)
	go func() { _, _ = io.Copy(io.Discard, pr) }()

	req, err := http.NewRequest("GET", baseURL+"/v1/company/DE-HRB-F1103-267645", nil)
	require.NoError(t, err)
	req.Header.Set("Authorization", "Bearer "+key)
	res, err := http.DefaultClient.Do(req)
	require.NoError(t, err)
	res.Body.Close()
	assert.Equal(t, http.StatusOK, res.StatusCode)

	res, err = http.Get(baseURL + "/_fake/credits")
	require.NoError(t, err)
	body, _ := io.ReadAll(res.Body)
	res.Body.Close()
	assert.JSONEq(t, `{"credits": 20}`, string(body))

	cancel()
	require.NoError(t, <-done)
	_, err = http.Get(baseURL + "/_fake/clock")
	assert.Error(t, err, "the server is down")
}

func TestRunRejectsBadFlags(t *testing.T) {
	for _, args := range [][]string{
		{"-credits", "-1"},
		{"-api-key", ""},
		{"-generated", "-5"},
		{"-webhook-url", "http://127.0.0.1:9/hook"},
		{"-no-such-flag"},
		{"extra"},
		{"-addr", "256.1.1.1:0"},
	} {
		var stderr bytes.Buffer
		err := run(context.Background(), args, io.Discard, &stderr)
		assert.Error(t, err, "%q", args)
	}
}

func TestHelpListsControlsAndSucceeds(t *testing.T) {
	var stdout, stderr bytes.Buffer
	require.NoError(t, run(context.Background(), []string{"-h"}, &stdout, &stderr))
	for _, want := range []string{"-allow-remote", "-addr", "POST    /_fake/clock/advance", "/_fake/inspector/{bin}/requests", "PUT     /_fake/webhook"} {
		assert.Contains(t, stdout.String(), want)
	}
	assert.Empty(t, stderr.String())
}

func TestNonLoopbackNeedsAllowRemote(t *testing.T) {
	for _, addr := range []string{"0.0.0.0:0", ":0", "[::]:0", "example.com:0"} {
		err := run(context.Background(), []string{"-addr", addr}, io.Discard, io.Discard)
		require.Error(t, err, addr)
		assert.Contains(t, err.Error(), "-allow-remote", addr)
	}
	for _, addr := range []string{"127.0.0.1:0", "localhost:0", "[::1]:0"} {
		ok, err := isLoopback(addr)
		require.NoError(t, err)
		assert.True(t, ok, addr)
	}

	ctx, cancel := context.WithCancel(context.Background())
	cancel() // serve, warn, and shut down at once
	var stderr bytes.Buffer
	require.NoError(t, run(ctx, []string{"-addr", "0.0.0.0:0", "-allow-remote"}, io.Discard, &stderr))
	assert.Contains(t, stderr.String(), "WARNING")
	assert.Contains(t, stderr.String(), "/_fake/")
}
