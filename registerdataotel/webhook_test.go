package registerdataotel_test

import (
	"bytes"
	"context"
	"errors"
	"math/rand/v2"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/registerdata/registerdata-go/webhook"
	"go.opentelemetry.io/otel/attribute"
	"go.opentelemetry.io/otel/trace"
)

const secret = "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw"

func TestWebhookDeliveries(t *testing.T) {
	r := newRig(t)
	v, err := webhook.NewVerifier(secret)
	if err != nil {
		t.Fatal(err)
	}
	fail := true
	var callbackSpan trace.SpanContext
	h := webhook.Handler(v, func(ctx context.Context, ev *webhook.Event) error {
		callbackSpan = trace.SpanContextFromContext(ctx)
		if fail {
			fail = false
			return errors.New("database down")
		}
		return nil
	}, webhook.WithObserver(r.obs.WebhookOutcome))
	hs := httptest.NewServer(r.obs.WebhookMiddleware(h))
	defer hs.Close()

	body := []byte(`{"type":"monitor.change","entity_type":"company","entity_id":"DE-HRB-F1103-267645","categories":["basic"],"changes":[]}`)
	send := func(id string, tamper bool) int {
		hdr, err := webhook.SignedHeaders(secret, id, time.Now(), body)
		if err != nil {
			t.Fatal(err)
		}
		b := body
		if tamper {
			b = append([]byte(nil), body...)
			b[len(b)-2] = ' '
		}
		req, _ := http.NewRequest(http.MethodPost, hs.URL, bytes.NewReader(b))
		for k, vs := range hdr {
			req.Header[k] = vs
		}
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		return resp.StatusCode
	}
	statuses := []int{send("msg_1", false), send("msg_1", false), send("msg_1", false), send("msg_2", true)}
	if want := []int{500, 204, 204, 401}; statuses[0] != want[0] || statuses[1] != want[1] || statuses[2] != want[2] || statuses[3] != want[3] {
		t.Fatalf("statuses %v, want %v", statuses, want)
	}
	m := r.metrics(t)["registerdata.webhook.deliveries"]
	for outcome, want := range map[string]int64{"callback_failed": 1, "verified": 1, "duplicate": 1, "rejected": 1} {
		if got := sum(t, m, attribute.String("registerdata.webhook.outcome", outcome)); got != want {
			t.Errorf("%s: %d, want %d", outcome, got, want)
		}
	}
	if got := sum(t, m, attribute.String("registerdata.webhook.reason", "no_matching_signature")); got != 1 {
		t.Errorf("rejections for the signature: %d, want 1", got)
	}
	spans := r.ended()
	if len(spans) != 4 {
		t.Fatalf("%d spans, want one per delivery (4)", len(spans))
	}
	if !callbackSpan.IsValid() || callbackSpan.SpanID() != spans[1].SpanContext().SpanID() {
		t.Errorf("the callback did not run inside the delivery's span")
	}
	if a := attrs(spans[1]); a["registerdata.webhook.id"].AsString() != "msg_1" || a["registerdata.webhook.outcome"].AsString() != "verified" {
		t.Errorf("verified delivery's span: %v", spans[1].Attributes())
	}
}

// TestWebhookMadeUpMethodsAreOther sends 200 deliveries with made-up
// methods: the delivery spans record "_OTHER", never the method.
func TestWebhookMadeUpMethodsAreOther(t *testing.T) {
	r := newRig(t)
	v, err := webhook.NewVerifier("whsec_" + strings.Repeat("k", 32))
	if err != nil {
		t.Fatal(err)
	}
	h := r.obs.WebhookMiddleware(webhook.Handler(v, func(context.Context, *webhook.Event) error { return nil },
		webhook.WithObserver(r.obs.WebhookOutcome)))
	rng := rand.New(rand.NewPCG(33, 3))
	methods := map[string]bool{}
	for len(methods) < 200 {
		m := strings.ToUpper(lowerWord(rng))
		methods[m] = true
		h.ServeHTTP(httptest.NewRecorder(), httptest.NewRequest(m, "/hook", strings.NewReader("{}")))
	}
	h.ServeHTTP(httptest.NewRecorder(), httptest.NewRequest(http.MethodPost, "/hook", strings.NewReader("{}")))
	seen := map[string]int{}
	for _, s := range r.ended() {
		seen[attrs(s)["http.request.method"].AsString()]++
	}
	if seen["_OTHER"] != 200 || seen["POST"] != 1 || len(seen) != 2 {
		t.Errorf("http.request.method values %v, want 200 _OTHER and 1 POST", seen)
	}
}
