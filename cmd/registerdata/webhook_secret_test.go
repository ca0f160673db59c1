package main

import (
	"context"
	"errors"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// TestWebhookSecretSources: the environment and --secret-file are the
// quiet ways; --secret works with a warning; the secret is never printed.
func TestWebhookSecretSources(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "secret")
	if err := os.WriteFile(file, []byte(testSecret+"\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	empty := filepath.Join(dir, "empty")
	if err := os.WriteFile(empty, []byte("\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	delivery := signed(t, testSecret, "msg_s", time.Now(), eventBody)
	for _, tc := range []struct {
		name  string
		env   map[string]string
		flags []string
		code  int
		warn  bool
		want  string // on stderr
	}{
		{"environment", map[string]string{envWebhookSecret: testSecret}, nil, 0, false, ""},
		{"file", nil, []string{"--secret-file", file}, 0, false, ""},
		{"file over environment", map[string]string{envWebhookSecret: "whsec_" + strings.Repeat("C", 32)}, []string{"--secret-file", file}, 0, false, ""},
		{"command line", nil, []string{"--secret", testSecret}, 0, true, "warning: --secret shows the secret to every local user"},
		{"both flags", nil, []string{"--secret", testSecret, "--secret-file", file}, exitUsage, false, "not both"},
		{"empty file", nil, []string{"--secret-file", empty}, exitUsage, false, "the first line is empty"},
		{"missing file", nil, []string{"--secret-file", filepath.Join(dir, "nope")}, exitUsage, false, "--secret-file"},
		{"none", nil, nil, exitUsage, false, "no signing secret: set REGISTERDATA_WEBHOOK_SECRET or pass --secret-file FILE"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			args := append(append([]string{"webhook", "verify"}, tc.flags...), delivery...)
			r := harness{stdin: eventBody, env: tc.env}.run(t, args...).wantCode(t, tc.code)
			if strings.Contains(r.stderr, "warning") != tc.warn || !strings.Contains(r.stderr, tc.want) {
				t.Errorf("stderr = %q, want %q (a warning: %v)", r.stderr, tc.want, tc.warn)
			}
			if strings.Contains(r.stdout+r.stderr, strings.TrimPrefix(testSecret, "whsec_")) {
				t.Errorf("the secret was printed: %q %q", r.stdout, r.stderr)
			}
		})
	}
}

// TestWebhookHelpShowsTheSafeWay: no example puts a secret on the
// command line.
func TestWebhookHelpShowsTheSafeWay(t *testing.T) {
	for _, cmd := range []string{"verify", "listen"} {
		r := cli(t, "webhook", cmd, "--help").wantCode(t, 0)
		ex := r.stdout[strings.Index(r.stdout, "Examples:"):strings.Index(r.stdout, "Flags:")]
		if strings.Contains(ex, "--secret ") || !strings.Contains(r.stdout, "--secret-file") || !strings.Contains(r.stdout, envWebhookSecret) {
			t.Errorf("webhook %s --help:\n%s", cmd, r.stdout)
		}
	}
}

// TestWebhookListenDefaultsToLoopback: without --addr the receiver
// listens on 127.0.0.1:8080 only.
func TestWebhookListenDefaultsToLoopback(t *testing.T) {
	var got string
	h := harness{env: map[string]string{envWebhookSecret: testSecret}, setup: func(a *app) {
		a.listen = func(_, addr string) (net.Listener, error) {
			got = addr
			return nil, errors.New("not listening in this test")
		}
	}}
	h.run(t, "webhook", "listen").wantCode(t, exitUsage)
	if got != "127.0.0.1:8080" {
		t.Errorf("listened on %q, want 127.0.0.1:8080", got)
	}
}

// TestWebhookServerLimits: header, body and idle timeouts and a header
// size limit, so trickling connections cannot starve a delivery.
func TestWebhookServerLimits(t *testing.T) {
	srv := webhookServer(http.NotFoundHandler(), listenLimits)
	if srv.Addr != "" || srv.ReadHeaderTimeout <= 0 || srv.ReadTimeout <= 0 || srv.IdleTimeout <= 0 || srv.WriteTimeout <= 0 ||
		srv.MaxHeaderBytes <= 0 || srv.MaxHeaderBytes > 64<<10 || srv.ReadHeaderTimeout > srv.ReadTimeout {
		t.Errorf("server limits: %+v", srv)
	}
}

// TestWebhookListenCutsATricklingClient: a client that sends half its
// headers and then nothing is disconnected by the header timeout; a
// delivery meanwhile is answered. The server runs with a short header
// timeout; the test waits on the connection's end, not a clock.
func TestWebhookListenCutsATricklingClient(t *testing.T) {
	lim := listenLimits
	lim.header = 100 * time.Millisecond
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	srv := webhookServer(http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) { w.WriteHeader(http.StatusNoContent) }), lim)
	go func() { _ = srv.Serve(l) }()
	defer srv.Shutdown(context.Background())

	slow, err := net.Dial("tcp", l.Addr().String())
	if err != nil {
		t.Fatal(err)
	}
	defer slow.Close()
	if _, err := slow.Write([]byte("POST /hooks HTTP/1.1\r\nHost: x\r\n")); err != nil {
		t.Fatal(err)
	}
	resp, err := http.Post("http://"+l.Addr().String()+"/hooks", "application/json", strings.NewReader(eventBody))
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusNoContent {
		t.Errorf("a delivery beside a trickling client answered %d", resp.StatusCode)
	}
	// The server closes the trickling connection: the read ends (EOF or a
	// 408 answer) instead of blocking; the deadline only guards the test.
	_ = slow.SetReadDeadline(time.Now().Add(50 * lim.header))
	buf := make([]byte, 512)
	for {
		if _, err := slow.Read(buf); err != nil {
			var ne net.Error
			if errors.As(err, &ne) && ne.Timeout() {
				t.Fatal("the trickling connection was still open after 50 header timeouts")
			}
			return
		}
	}
}
