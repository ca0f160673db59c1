package main

import (
	"context"
	"net"
	"net/http"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/registerdata/registerdata-go/webhook"
)

const eventBody = `{"type":"monitor.change","entity_type":"company","entity_id":"DE-HRB-F1103-267645","categories":["basic"],"detected_at":"2026-01-15T12:00:00Z"}`

// signed returns the --id, --timestamp and --signature flags of a
// delivery of body signed at ts.
func signed(t *testing.T, secret, id string, ts time.Time, body string) []string {
	t.Helper()
	sig, err := webhook.Sign(secret, id, ts, []byte(body))
	if err != nil {
		t.Fatal(err)
	}
	return []string{"--id", id, "--timestamp", strconv.FormatInt(ts.Unix(), 10), "--signature", sig}
}

func TestWebhookVerify(t *testing.T) {
	now := time.Now()
	for _, tc := range []struct {
		name   string
		body   string // stdin
		flags  []string
		code   int
		stdout string // substring
		stderr string // substring
	}{
		{"valid", eventBody, signed(t, testSecret, "msg_1", now, eventBody), 0,
			"verified: monitor.change company DE-HRB-F1103-267645 [basic] (webhook id msg_1", ""},
		{"wrong secret", eventBody, signed(t, "whsec_"+strings.Repeat("A", 32), "msg_1", now, eventBody), 1,
			"", "not verified: webhook: no matching signature"},
		{"tampered body", eventBody + "\n", signed(t, testSecret, "msg_1", now, eventBody), 1,
			"", "no matching signature"},
		{"too old", eventBody, signed(t, testSecret, "msg_1", now.Add(-time.Hour), eventBody), 1,
			"", "timestamp too old"},
		{"old but within --tolerance", eventBody, append(signed(t, testSecret, "msg_1", now.Add(-time.Hour), eventBody), "--tolerance", "2h"), 0,
			"verified:", ""},
		{"missing signature", eventBody, []string{"--id", "msg_1", "--timestamp", "1"}, 1,
			"", "missing signature headers"},
		{"not an event", `[1]`, signed(t, testSecret, "msg_1", now, `[1]`), 1,
			"", "invalid payload"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			args := append([]string{"webhook", "verify", "--secret", testSecret}, tc.flags...)
			r := harness{stdin: tc.body}.run(t, args...).wantCode(t, tc.code)
			if !strings.Contains(r.stdout, tc.stdout) || !strings.Contains(r.stderr, tc.stderr) {
				t.Errorf("stdout %q, stderr %q; want %q and %q", r.stdout, r.stderr, tc.stdout, tc.stderr)
			}
		})
	}
}

func TestWebhookVerifyJSONAndSecretFromEnvironment(t *testing.T) {
	h := harness{stdin: eventBody, env: map[string]string{envWebhookSecret: testSecret}}
	r := h.run(t, append([]string{"--json", "webhook", "verify"}, signed(t, testSecret, "msg_2", time.Now(), eventBody)...)...).wantCode(t, 0)
	if r.stdout != eventBody+"\n" {
		t.Errorf("--json printed %q, want the body", r.stdout)
	}
}

func TestWebhookVerifyUsageErrors(t *testing.T) {
	r := harness{stdin: eventBody}.run(t, "webhook", "verify", "--id", "x").wantCode(t, exitUsage)
	if !strings.Contains(r.stderr, "no signing secret") {
		t.Errorf("stderr = %q", r.stderr)
	}
	r = harness{stdin: eventBody}.run(t, "webhook", "verify", "--secret", "not base64!").wantCode(t, exitUsage)
	if !strings.Contains(r.stderr, "invalid signing secret") {
		t.Errorf("stderr = %q", r.stderr)
	}
}

// TestWebhookListen runs the listener in-process on a port the test
// opened, and checks what it prints for a verified delivery, its
// redelivery and a forged one. The printing happens before the handler
// answers, so no waiting is needed.
func TestWebhookListen(t *testing.T) {
	t.Run("text", func(t *testing.T) { testWebhookListen(t, false) })
	t.Run("json", func(t *testing.T) { testWebhookListen(t, true) })
}

func testWebhookListen(t *testing.T, jsonOut bool) {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	var stdout, stderr syncBuffer
	a := &app{
		ctx: ctx, stdin: strings.NewReader(""), stdout: &stdout, stderr: &stderr,
		getenv: func(string) string { return "" }, budget: -1, now: func() time.Time { return testNow },
		listen: func(network, addr string) (net.Listener, error) {
			if network != "tcp" || addr != "127.0.0.1:0" {
				t.Errorf("listen(%q, %q)", network, addr)
			}
			return l, nil
		},
	}
	args := []string{"webhook", "listen", "--addr", "127.0.0.1:0", "--secret", testSecret}
	if jsonOut {
		args = append(args, "--json")
	}
	done := make(chan int, 1)
	go func() { done <- a.main(args) }()
	url := "http://" + l.Addr().String() + "/hooks"

	post := func(secret, id string) int {
		t.Helper()
		return postSigned(t, url, secret, id, eventBody)
	}

	if got := post(testSecret, "msg_a"); got != http.StatusNoContent {
		t.Errorf("verified delivery answered %d", got)
	}
	want := "monitor.change company DE-HRB-F1103-267645 [basic] (webhook id msg_a"
	if jsonOut {
		want = eventBody + "\n"
	}
	if out := stdout.String(); !strings.Contains(out, want) {
		t.Errorf("stdout = %q: want the event %q", out, want)
	}
	if got := post(testSecret, "msg_a"); got != http.StatusNoContent {
		t.Errorf("redelivery answered %d", got)
	}
	if got := post("whsec_"+strings.Repeat("B", 32), "msg_b"); got != http.StatusUnauthorized {
		t.Errorf("forged delivery answered %d", got)
	}
	cancel()
	if code := <-done; code != 0 {
		t.Errorf("exit status %d after the context ended; stderr %q", code, stderr.String())
	}
	if n := strings.Count(stdout.String(), "\n"); n != 1 {
		t.Errorf("stdout has %d lines, want the one event once: %q", n, stdout.String())
	}
	errs := stderr.String()
	for _, want := range []string{
		"listening on http://" + l.Addr().String(),
		"duplicate delivery msg_a answered 204",
		"rejected 401 POST /hooks from 127.0.0.1:",
		"webhook: no matching signature",
	} {
		if !strings.Contains(errs, want) {
			t.Errorf("stderr lacks %q:\n%s", want, errs)
		}
	}
}

// postSigned posts body to url as a delivery signed with secret under the
// webhook id, and returns the status of the answer.
func postSigned(t *testing.T, url, secret, id, body string) int {
	t.Helper()
	h, err := webhook.SignedHeaders(secret, id, time.Now(), []byte(body))
	if err != nil {
		t.Fatal(err)
	}
	req, err := http.NewRequest(http.MethodPost, url, strings.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	req.Header = h
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	return resp.StatusCode
}
