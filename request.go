package registerdata

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"strconv"
	"time"

	"github.com/hashicorp/go-retryablehttp"
)

// Response size limits: a company record is tens of kilobytes and a
// search page a few hundred; anything near these is not the service.
const (
	maxResponseBytes = 32 << 20
	maxErrorBytes    = 64 << 10
)

// request describes one API call.
type request struct {
	method string
	path   string     // escaped, starting with /v1/
	query  url.Values // may be nil
	body   any        // JSON-encoded when non-nil
	cost   int64      // credits charged on success; checked against the budget before sending
}

// do sends r, retrying as configured, and decodes a 2xx body into out
// (when out is non-nil). Any other status becomes an *APIError. The cost
// is reserved against the budget before sending and counted as spent only
// when the service answered 2xx.
func (c *Client) do(ctx context.Context, r request, out any) error {
	if ctx == nil {
		return fmt.Errorf("%w: nil context: pass context.Background() or a request's context", ErrInvalidRequest)
	}
	if err := c.budget.reserve(r.cost); err != nil {
		return err
	}
	charged := false
	defer func() { c.budget.settle(r.cost, charged) }()

	req, err := c.newRequest(ctx, r)
	if err != nil {
		return err
	}
	resp, err := c.http.Do(req)
	if err != nil {
		if resp != nil {
			resp.Body.Close()
		}
		return c.transportError(ctx, r, err)
	}
	defer resp.Body.Close()

	if resp.StatusCode < 200 || resp.StatusCode > 299 {
		return newAPIError(r, resp)
	}
	charged = true
	body, err := readLimited(resp.Body, maxResponseBytes)
	if err != nil {
		return fmt.Errorf("registerdata: %s %s: reading response: %w", r.method, r.path, err)
	}
	if out == nil || len(body) == 0 && resp.StatusCode == http.StatusNoContent {
		return nil
	}
	if err := decodeBody(body, out); err != nil {
		return fmt.Errorf("registerdata: %s %s: decoding %d response (%s): %w", r.method, r.path, resp.StatusCode, snippet(body), err)
	}
	return nil
}

// bodyDecoder is implemented by response types that decode faster from
// the whole body than through json.Unmarshal (see Company.decodeJSON).
type bodyDecoder interface{ decodeJSON([]byte) error }

func decodeBody(body []byte, out any) error {
	if d, ok := out.(bodyDecoder); ok {
		return d.decodeJSON(body)
	}
	return json.Unmarshal(body, out)
}

func (c *Client) newRequest(ctx context.Context, r request) (*retryablehttp.Request, error) {
	u := c.baseURL.String() + r.path // r.path is escaped; the base has no query
	if q := r.query.Encode(); q != "" {
		u += "?" + q
	}
	var body []byte
	if r.body != nil {
		var err error
		if body, err = json.Marshal(r.body); err != nil {
			return nil, fmt.Errorf("%w: %s %s: encoding the body: %v", ErrInvalidRequest, r.method, r.path, err)
		}
	}
	var rawBody any // a nil []byte would still send Content-Length: 0
	if body != nil {
		rawBody = body
	}
	req, err := retryablehttp.NewRequestWithContext(ctx, r.method, u, rawBody)
	if err != nil {
		return nil, fmt.Errorf("registerdata: %s %s: %w", r.method, r.path, err)
	}
	req.Header.Set("Authorization", "Bearer "+c.apiKey)
	req.Header.Set("Accept", "application/json")
	req.Header.Set("User-Agent", c.userAgent)
	if body != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	return req, nil
}

// transportError explains a failure that produced no usable answer. A
// cancelled or expired context is returned as the context's error, so
// errors.Is(err, context.Canceled) works.
func (c *Client) transportError(ctx context.Context, r request, err error) error {
	if ctxErr := ctx.Err(); ctxErr != nil {
		return fmt.Errorf("registerdata: %s %s: %w", r.method, r.path, ctxErr)
	}
	var urlErr *url.Error
	if errors.As(err, &urlErr) {
		err = urlErr.Err // the URL is in our message already
	}
	return fmt.Errorf("%w: %s %s%s: no answer from the service: %w", ErrServer, r.method, c.baseURL.Host, r.path, err)
}

func newAPIError(r request, resp *http.Response) *APIError {
	body, _ := readLimited(resp.Body, maxErrorBytes)
	e := &APIError{
		StatusCode: resp.StatusCode,
		RequestID:  resp.Header.Get("X-Request-Id"),
		Body:       body,
		Method:     r.method,
		Path:       r.path,
	}
	e.Code, e.Message = parseErrorBody(body)
	if d, ok := retryAfter(resp, time.Now()); ok {
		e.RetryAfter = d
	}
	return e
}

// readLimited reads at most limit bytes and fails if there are more.
func readLimited(r io.Reader, limit int64) ([]byte, error) {
	var buf bytes.Buffer
	n, err := buf.ReadFrom(io.LimitReader(r, limit+1))
	if err != nil {
		return nil, err
	}
	if n > limit {
		return buf.Bytes()[:limit], fmt.Errorf("response larger than %d bytes", limit)
	}
	return buf.Bytes(), nil
}

// snippet quotes the start of a body for an error message.
func snippet(b []byte) string {
	const n = 120
	if len(b) > n {
		return strconv.Quote(string(b[:n])) + "..."
	}
	return strconv.Quote(string(b))
}
