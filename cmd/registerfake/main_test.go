package main

import (
	"bufio"
	"bytes"
	"context"
	"fmt"
	"io"
	"net/http"
	"os"
	"strings"
	"sync"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	registerdata "github.com/registerdata/registerdata-go"
	"github.com/registerdata/registerdata-go/fake"
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
		done <- run(ctx, []string{"-addr", "127.0.0.1:0", "-api-key", "cli-key", "-credits", "100", "-generated", "10", "-history-processing", "1"}, &syncWriter{pw: pw}, io.Discard)
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

	// -history-processing 1: the first request of a history answers 202, unbilled.
	for _, want := range []int{http.StatusAccepted, http.StatusOK} {
		req, err = http.NewRequest("GET", baseURL+"/v1/company/DE-HRB-F1103-267645/owners/historical", nil)
		require.NoError(t, err)
		req.Header.Set("Authorization", "Bearer "+key)
		res, err = http.DefaultClient.Do(req)
		require.NoError(t, err)
		res.Body.Close()
		assert.Equal(t, want, res.StatusCode)
	}
	res, err = http.Get(baseURL + "/_fake/credits")
	require.NoError(t, err)
	body, _ := io.ReadAll(res.Body)
	res.Body.Close()
	assert.JSONEq(t, fmt.Sprintf(`{"credits": %d}`, 100-registerdata.DefaultPrices().Of("GET /v1/company/{company_id}", false)-registerdata.DefaultPrices().Of("GET /v1/company/{company_id}/owners/historical", false)), string(body), "the 202 was not billed")

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
		{"-history-processing", "-1"},
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

// get sends an authenticated GET and returns the status and body.
func get(t *testing.T, url, key string) (int, []byte) {
	t.Helper()
	req, err := http.NewRequest(http.MethodGet, url, nil)
	require.NoError(t, err)
	req.Header.Set("Authorization", "Bearer "+key)
	res, err := http.DefaultClient.Do(req)
	require.NoError(t, err)
	defer res.Body.Close()
	b, err := io.ReadAll(res.Body)
	require.NoError(t, err)
	return res.StatusCode, b
}

func TestRunServesADataDirectory(t *testing.T) {
	base, key, stop := startRun(t, "-data", "../../fake/testdata/example-register", "-curated=false")
	status, body := get(t, base+"/v1/company/DE-HRB-F1103-500002", key)
	require.Equal(t, http.StatusOK, status, "%s", body)
	assert.Contains(t, string(body), "Beispiel Software GmbH")
	status, _ = get(t, base+"/v1/company/DE-HRB-F1103-267645", key)
	assert.Equal(t, http.StatusNotFound, status, "-curated=false leaves the curated register out")
	require.NoError(t, stop())
}

func TestRunRefusesABrokenDataDirectory(t *testing.T) {
	var stderr bytes.Buffer
	err := run(context.Background(), []string{"-addr", "127.0.0.1:0", "-data", t.TempDir() + "/missing"}, io.Discard, &stderr)
	require.Error(t, err)
	assert.Contains(t, err.Error(), "data directory")
}

func TestRunSnapshotKeepsTheStateAcrossRestarts(t *testing.T) {
	file := t.TempDir() + "/state.json"
	base, _, stop := startRun(t, "-snapshot", file, "-credits", "500")
	req, err := http.NewRequest(http.MethodPut, base+"/_fake/credits", strings.NewReader(`{"credits": 123}`))
	require.NoError(t, err)
	req.Header.Set("Content-Type", "application/json")
	res, err := http.DefaultClient.Do(req)
	require.NoError(t, err)
	res.Body.Close()
	require.Equal(t, http.StatusOK, res.StatusCode)
	require.NoError(t, stop())
	_, err = os.Stat(file)
	require.NoError(t, err, "the state is written at shutdown")

	base, _, stop = startRun(t, "-snapshot", file, "-credits", "500")
	status, body := get(t, base+"/_fake/credits", "")
	require.Equal(t, http.StatusOK, status)
	assert.JSONEq(t, `{"credits": 123}`, string(body), "the restored fake has the saved credits, not -credits")
	require.NoError(t, stop())

	require.NoError(t, os.WriteFile(file, []byte(`{"format": "registerfake-snapshot", "version": 99}`), 0o600))
	err = run(context.Background(), []string{"-addr", "127.0.0.1:0", "-snapshot", file}, io.Discard, io.Discard)
	require.Error(t, err)
	assert.Contains(t, err.Error(), "version 99")
}

// TestListPrintsTheCuratedRegister: registerfake -list prints the curated
// register, one company a line after a header, as the package
// documentation shows it, and serves nothing (issue 34, item 14).
func TestListPrintsTheCuratedRegister(t *testing.T) {
	var out bytes.Buffer
	require.NoError(t, run(context.Background(), []string{"-list"}, &out, nil))
	list, err := fake.CuratedRegister()
	require.NoError(t, err)
	lines := strings.Split(strings.TrimRight(out.String(), "\n"), "\n")
	require.Len(t, lines, len(list)+1)
	assert.Regexp(t, `^ID +NAME +SHOWS$`, lines[0])
	for i, c := range list {
		assert.True(t, strings.HasPrefix(lines[i+1], c.ID+" "), lines[i+1])
		assert.Contains(t, lines[i+1], c.Name)
		assert.True(t, strings.HasSuffix(lines[i+1], c.Shows), lines[i+1])
	}
	assert.NotContains(t, out.String(), "listening", "-list serves nothing")
}
