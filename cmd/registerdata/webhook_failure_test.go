package main

import (
	"context"
	"net"
	"net/http"
	"strings"
	"testing"
	"time"

	registerdata "github.com/registerdata/registerdata-go"
	"github.com/registerdata/registerdata-go/fake"
)

// listenChanges runs "webhook listen --changes" against srv, with the
// app adjusted by setup, and returns a function that posts a signed
// delivery of body and stop, which ends the listener and returns its
// stdout and stderr.
func listenChanges(t *testing.T, srv *fake.Server, setup func(*app)) (post func(id, body string) int, stop func() (string, string)) {
	t.Helper()
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	env := map[string]string{"REGISTERDATA_API_KEY": srv.APIKey, "REGISTERDATA_BASE_URL": srv.URL}
	var stdout, stderr syncBuffer
	a := &app{
		ctx: ctx, stdin: strings.NewReader(""), stdout: &stdout, stderr: &stderr,
		getenv: func(k string) string { return env[k] }, budget: -1, now: func() time.Time { return testNow },
		listen: func(string, string) (net.Listener, error) { return l, nil },
		// One quick client retry, so a refused fetch fails at once.
		clientOptions: []registerdata.Option{registerdata.WithRetryWait(time.Millisecond, time.Millisecond, time.Millisecond)},
	}
	if setup != nil {
		setup(a)
	}
	done := make(chan int, 1)
	go func() {
		done <- a.main([]string{"webhook", "listen", "--addr", "127.0.0.1:0", "--secret", testSecret, "--changes"})
	}()
	post = func(id, body string) int {
		t.Helper()
		return postSigned(t, "http://"+l.Addr().String()+"/hooks", testSecret, id, body)
	}
	stop = func() (string, string) {
		cancel()
		if code := <-done; code != 0 {
			t.Errorf("exit status %d; stderr %s", code, stderr.String())
		}
		return stdout.String(), stderr.String()
	}
	return post, stop
}

// TestWebhookListenChangesSaysWhyADeliveryFailed makes the fetch of a
// delivery fail for each cause an operator can act on, and checks that
// the service gets a 5xx (so it redelivers), that stderr names the
// delivery, the cause with its status and what to do, and holds neither
// the API key nor the webhook secret, and that the redelivery goes
// through once the cause is gone.
func TestWebhookListenChangesSaysWhyADeliveryFailed(t *testing.T) {
	const gone = "DE-HRB-F1103-999999"
	goneBody := strings.Replace(eventBody, watchedID, gone, 1)
	for _, tc := range []struct {
		name  string
		body  string
		setup func(*testing.T, *fake.Server, *app)
		fix   func(*testing.T, *fake.Server) // removes the cause; nil: none can
		want  []string
	}{
		{
			name:  "out of credits",
			body:  eventBody,
			setup: func(_ *testing.T, srv *fake.Server, _ *app) { srv.SetCredits(srv.APIKey, 0) },
			fix:   func(_ *testing.T, srv *fake.Server) { srv.SetCredits(srv.APIKey, 1000) },
			want:  []string{"out of credits (402 Payment Required", "top up the account's credits"},
		},
		{
			name:  "over the budget",
			body:  eventBody,
			setup: func(_ *testing.T, _ *fake.Server, a *app) { a.budget = 5 },
			want:  []string{"over the credit budget of 5 credits", "larger --budget"},
		},
		{
			name: "deleted company",
			body: goneBody,
			want: []string{gone + " is not in the register (404 Not Found", "registerdata monitor delete " + gone},
		},
		{
			name: "rate-limited",
			body: eventBody,
			setup: func(t *testing.T, srv *fake.Server, _ *app) {
				if err := srv.InjectFault(fake.Fault{PathPrefix: "/v1/company/", Count: 1000, Status: http.StatusTooManyRequests}); err != nil {
					t.Fatal(err)
				}
			},
			fix:  func(_ *testing.T, srv *fake.Server) { srv.ClearFaults() },
			want: []string{"rate-limited by the service (429 Too Many Requests", "the service's next retry fetches again"},
		},
	} {
		t.Run(tc.name, func(t *testing.T) {
			srv := newFake(t, fake.WithClock(fake.NewClock(testNow)))
			post, stop := listenChanges(t, srv, func(a *app) {
				if tc.setup != nil {
					tc.setup(t, srv, a)
				}
			})
			if got := post("msg_f", tc.body); got < 500 {
				t.Errorf("the failed delivery answered %d: want a 5xx, so the service retries it", got)
			}
			if got := post("msg_f", tc.body); got < 500 {
				t.Errorf("its redelivery answered %d: want a 5xx again", got)
			}
			if tc.fix != nil {
				tc.fix(t, srv)
				if got := post("msg_f", tc.body); got != http.StatusNoContent {
					t.Errorf("the redelivery after the cause was removed answered %d", got)
				}
			}
			stdout, stderr := stop()
			want := append([]string{"delivery msg_f (monitor.change company ", "failed, answered 500 so the service retries it"}, tc.want...)
			for _, w := range want {
				if strings.Count(stderr, w) < 2 {
					t.Errorf("stderr does not say %q for each failed delivery:\n%s", w, stderr)
				}
			}
			if strings.Contains(stderr, "callback failed; retry later") {
				t.Errorf("stderr still gives only the service's reason:\n%s", stderr)
			}
			for _, secret := range []string{srv.APIKey, testSecret, strings.TrimPrefix(testSecret, "whsec_")} {
				if strings.Contains(stderr+stdout, secret) {
					t.Errorf("the output holds a secret %q:\n%s", secret, stderr)
				}
			}
			if tc.fix != nil && !strings.Contains(stdout, "watching "+watchedID+" from now on") {
				t.Errorf("the redelivery after the fix printed %q", stdout)
			}
		})
	}
}
