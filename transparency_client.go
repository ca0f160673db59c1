package registerdata

import (
	"context"
	"fmt"
	"net/http"
	"net/url"
	"strings"
	"time"
	"unicode"
)

// SetTransparencyCredentials stores a Transparenzregister login under
// creds.Name (DefaultCredentialName when empty) for later extracts; the
// service checks it against the Transparenzregister first. Storing again
// under the same name replaces the login. It costs nothing. Empty
// username or password, the reserved name SandboxCredentialName and a
// name that cannot be sent as a header value are refused before sending.
// The password never appears in an error.
func (c *Client) SetTransparencyCredentials(ctx context.Context, creds TransparencyCredentials, opts ...CallOption) error {
	switch {
	case strings.TrimSpace(creds.Username) == "":
		return fmt.Errorf("%w: Transparenzregister credentials: the username is empty", ErrInvalidRequest)
	case creds.Password == "":
		return fmt.Errorf("%w: Transparenzregister credentials for %q: the password is empty", ErrInvalidRequest, creds.Username)
	case creds.Name == SandboxCredentialName:
		return fmt.Errorf("%w: Transparenzregister credentials: the name %q is reserved for the test environment; choose another name or leave it empty for %q",
			ErrInvalidRequest, SandboxCredentialName, DefaultCredentialName)
	}
	if creds.Name != "" {
		if err := checkCredentialName(creds.Name); err != nil {
			return err
		}
	}
	body := credentialsBody{Username: creds.Username, Password: creds.Password.Reveal(), Name: creds.Name}
	return c.do(ctx, request{method: http.MethodPost, path: "/v1/transparenzregister/credentials", body: body, cost: CostTransparencyCredentials}, nil, opts)
}

// checkCredentialName refuses a name that cannot travel as a header value.
func checkCredentialName(name string) error {
	if strings.TrimSpace(name) == "" || len(name) > maxIDLength || strings.ContainsFunc(name, func(r rune) bool { return unicode.IsControl(r) || r > unicode.MaxASCII }) {
		return fmt.Errorf("%w: credential name %q: want printable ASCII text of at most %d bytes", ErrInvalidRequest, name, maxIDLength)
	}
	return nil
}

// extractBody is the body of POST /v1/transparenzregister/extracts.
type extractBody struct {
	CompanyID string `json:"company_id,omitempty"`
}

// RequestTransparencyExtract starts a Transparenzregister extract of
// req.CompanyID with the credentials named req.CredentialName (sent as
// X-Credential-Name, DefaultCredentialName when empty), or of the test
// EKRN in sandbox mode. The extract comes back processing: poll it with
// GetTransparencyExtract or WaitTransparencyExtract. It costs
// CostTransparencyExtract credits. Without stored credentials of that
// name the service answers 400 (ErrInvalidRequest).
func (c *Client) RequestTransparencyExtract(ctx context.Context, req TransparencyExtractRequest, opts ...CallOption) (*TransparencyExtract, error) {
	name := req.CredentialName
	if name == "" {
		name = DefaultCredentialName
	}
	if err := checkCredentialName(name); err != nil {
		return nil, err
	}
	if name == SandboxCredentialName {
		if req.CompanyID != "" {
			return nil, fmt.Errorf("%w: a sandbox extract is always of the test EKRN %s: leave CompanyID empty", ErrInvalidRequest, SandboxEKRN)
		}
	} else if err := checkCompanyID(req.CompanyID); err != nil {
		return nil, fmt.Errorf("%w (a production extract needs the company; use CredentialName %q to test without one)", err, SandboxCredentialName)
	}
	var out TransparencyExtract
	err := c.do(ctx, request{
		method: http.MethodPost, path: "/v1/transparenzregister/extracts",
		header: http.Header{"X-Credential-Name": {name}},
		body:   extractBody{CompanyID: req.CompanyID}, cost: CostTransparencyExtract,
	}, &out, opts)
	if err != nil {
		return nil, err
	}
	return &out, nil
}

// GetTransparencyExtract returns the extract id as it stands: processing,
// or completed with its documents and report, or failed. It costs
// nothing.
func (c *Client) GetTransparencyExtract(ctx context.Context, id string, opts ...CallOption) (*TransparencyExtract, error) {
	if err := checkPathID("extract id", id); err != nil {
		return nil, err
	}
	var out TransparencyExtract
	err := c.do(ctx, request{method: http.MethodGet, path: "/v1/transparenzregister/extracts/" + url.PathEscape(id), cost: CostTransparencyExtractPoll}, &out, opts)
	if err != nil {
		return nil, err
	}
	return &out, nil
}

// pollConfig is how WaitTransparencyExtract waits between polls.
type pollConfig struct {
	initial, max time.Duration                        // 0: DefaultPollInterval, DefaultMaxPollInterval
	after        func(time.Duration) <-chan time.Time // nil: time.After
}

// Polling defaults of WaitTransparencyExtract.
const (
	DefaultPollInterval    = time.Second
	DefaultMaxPollInterval = 30 * time.Second
)

// WithPollInterval sets how long WaitTransparencyExtract waits after the
// first poll (initial) and at most (max); each wait doubles the previous
// one. Both must be positive and initial at most max. Other calls ignore it.
func WithPollInterval(initial, max time.Duration) CallOption {
	return func(c *callConfig) {
		if initial <= 0 || max < initial {
			c.fail(fmt.Errorf("%w: WithPollInterval(%v, %v): want 0 < initial <= max", ErrInvalidRequest, initial, max))
			return
		}
		c.poll.initial, c.poll.max = initial, max
	}
}

// WithPollTimer makes WaitTransparencyExtract wait for after(d) instead of
// time.After(d) between polls: tests pass a function driven by a fake
// clock, so that waiting takes no real time. Other calls ignore it.
func WithPollTimer(after func(d time.Duration) <-chan time.Time) CallOption {
	return func(c *callConfig) {
		if after == nil {
			c.fail(fmt.Errorf("%w: WithPollTimer(nil): pass a function such as time.After", ErrInvalidRequest))
			return
		}
		c.poll.after = after
	}
}

// WaitTransparencyExtract polls the extract id until it is completed or
// failed and returns it (a failed extract too, with a nil error: check
// Status). It waits DefaultPollInterval after the first poll, doubling up
// to DefaultMaxPollInterval (see WithPollInterval, WithPollTimer), and
// returns ctx.Err() as soon as ctx ends. Polls cost nothing.
func (c *Client) WaitTransparencyExtract(ctx context.Context, id string, opts ...CallOption) (*TransparencyExtract, error) {
	cfg := newCallConfig(opts)
	if cfg.err != nil {
		return nil, cfg.err
	}
	wait, most, after := cfg.poll.initial, cfg.poll.max, cfg.poll.after
	if wait == 0 {
		wait, most = DefaultPollInterval, DefaultMaxPollInterval
	}
	if after == nil {
		after = time.After
	}
	for {
		ex, err := c.GetTransparencyExtract(ctx, id, opts...)
		if err != nil {
			return nil, err
		}
		if ex.Status.IsFinal() {
			return ex, nil
		}
		select {
		case <-ctx.Done():
			return nil, ctx.Err()
		case <-after(wait):
		}
		wait = min(2*wait, most)
	}
}
