package portfolio

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"strings"
	"time"

	"github.com/registerdata/registerdata-go/changes"
	"github.com/registerdata/registerdata-go/redflags"
	"github.com/registerdata/registerdata-go/webhook"
)

// sendTimeout bounds a receiver's answer to one alert.
const sendTimeout = 10 * time.Second

// alertClient sends the alerts: it follows no redirect (a receiver
// cannot move an alert to another scheme or host) and waits sendTimeout.
var alertClient = &http.Client{
	Timeout:       sendTimeout,
	CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse },
}

// ReceiverError is the error of an alert the receiver refused or did not
// answer: Status is its HTTP status (0 when it did not answer), Answer
// the start of its body. It never holds the subscriber's URL path or
// secret.
type ReceiverError struct {
	Subscriber string
	Status     int
	Answer     string
	Err        error // the transport's error, when it did not answer
}

// Error says what the receiver did.
func (e *ReceiverError) Error() string {
	if e.Status == 0 {
		return fmt.Sprintf("portfolio: the subscriber %q did not answer: %v", e.Subscriber, e.Err)
	}
	if e.Answer != "" {
		return fmt.Sprintf("portfolio: the subscriber %q answered %d: %s", e.Subscriber, e.Status, e.Answer)
	}
	return fmt.Sprintf("portfolio: the subscriber %q answered %d", e.Subscriber, e.Status)
}

// Unwrap gives the transport's error.
func (e *ReceiverError) Unwrap() error { return e.Err }

// payload is the body of entry e for subscriber s, and its content type.
func (p *Portfolio) payload(s *Subscriber, e *Event, test bool) ([]byte, error) {
	switch s.Kind() {
	case kindSlack:
		return slackMessage(e, p.cfg.workplace, test)
	case kindTeams:
		return teamsMessage(e, p.cfg.workplace, test)
	}
	return webhookBody(e, test)
}

// webhookBody is entry e as JSON, as "portfolio events --json" writes it;
// a test message carries "test": true.
func webhookBody(e *Event, test bool) ([]byte, error) {
	if !test {
		return json.Marshal(e)
	}
	return json.Marshal(struct {
		*Event
		Test bool `json:"test"`
	}{e, true})
}

// send POSTs entry e to subscriber s; nil when it answered 2xx.
func (p *Portfolio) send(ctx context.Context, s *Subscriber, e *Event) error {
	if s.Kind() == kindMail {
		return p.sendMail(ctx, s, "High flag: "+e.Name+" ("+e.CompanyID+")", []Event{*e})
	}
	_, err := p.post(ctx, s, e, webhookID(e.Seq, s.Name), false)
	return err
}

// post POSTs entry e to subscriber s under the webhook-id id, and returns
// the receiver's status.
func (p *Portfolio) post(ctx context.Context, s *Subscriber, e *Event, id string, test bool) (int, error) {
	body, err := p.payload(s, e, test)
	if err != nil {
		return 0, fmt.Errorf("portfolio: writing journal entry %d for %q: %w", e.Seq, s.Name, err)
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, s.URL, bytes.NewReader(body))
	if err != nil {
		return 0, fmt.Errorf("portfolio: the URL of the subscriber %q (%s) cannot be sent to: remove it and add it again with a valid URL", s.Name, redactURL(s.URL))
	}
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("User-Agent", "registerdata-portfolio-alerts")
	if s.Kind() == kindWebhook {
		h, err := webhook.SignedHeaders(s.Secret.Reveal(), id, p.cfg.now(), body)
		if err != nil {
			return 0, fmt.Errorf("portfolio: signing journal entry %d for %q: its secret is not a Standard Webhooks secret: remove the subscriber and add it with one", e.Seq, s.Name)
		}
		for k, v := range h {
			req.Header[k] = v
		}
	}
	resp, err := alertClient.Do(req)
	if err != nil {
		var ue *url.Error
		if errors.As(err, &ue) {
			err = ue.Err // without the URL, whose path may be a credential
		}
		return 0, &ReceiverError{Subscriber: s.Name, Err: err}
	}
	defer resp.Body.Close()
	answer, _ := io.ReadAll(io.LimitReader(resp.Body, 300))
	_, _ = io.Copy(io.Discard, io.LimitReader(resp.Body, 1<<20))
	if resp.StatusCode < 200 || resp.StatusCode > 299 {
		return resp.StatusCode, &ReceiverError{Subscriber: s.Name, Status: resp.StatusCode, Answer: clipText(strings.TrimSpace(string(answer)), 200)}
	}
	return resp.StatusCode, nil
}

// TestAlert sends subscriber name one marked test message (a made-up
// entry with "test": true, webhook-id "test-<name>-<unix nanoseconds>"),
// and returns what the receiver answered: its status, and an error when
// it refused or did not answer.
func (p *Portfolio) TestAlert(ctx context.Context, name string) (int, error) {
	subs, err := p.subscribers(ctx, p.db)
	if err != nil {
		return 0, err
	}
	for i := range subs {
		if subs[i].Name != name {
			continue
		}
		now := p.cfg.now()
		e := &Event{CompanyID: "test", Name: "registerdata test message", Refs: []string{}, At: now,
			Changes: []changes.Change{}, Raised: []redflags.Flag{}, Cleared: []redflags.Flag{}, Sentences: []string{"This is a test message of the portfolio's alerts: nothing changed."}}
		if subs[i].Kind() == kindMail {
			if err := p.sendMail(ctx, &subs[i], "Test message of the portfolio's alerts", []Event{*e}); err != nil {
				return 0, err
			}
			return 250, nil // the server accepted it
		}
		return p.post(ctx, &subs[i], e, fmt.Sprintf("test-%s-%d", name, now.UnixNano()), true)
	}
	return 0, fmt.Errorf("%w named %q: list them with Subscribers", ErrNoSubscriber, name)
}
