package registerdata

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"time"

	"github.com/hashicorp/go-retryablehttp"
	"github.com/registerdata/registerdata-go/internal/jsonread"
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
	path   string     // escaped, starting with /v0/ or /v1/
	query  url.Values // may be nil
	body   any        // JSON-encoded when non-nil
	header http.Header
	cost   int64 // credits charged per successful attempt; held against the budget before sending
	cache  bool  // a lookup WithCache may serve (see Cache for the key)
}

// route is the method and path template of r (see routeOf).
func (r request) route() string { return routeOf(r.method, r.path) }

// identified is implemented by every response type. After a 2xx answer is
// decoded, missingIdentity names the key that identifies the record (such
// as "id") when the answer lacks it, and returns "" otherwise: a 200 with
// null, {} or a record without its identifier is an error, never a zero
// value passed off as data.
type identified interface{ missingIdentity() string }

// envelope is implemented by response types that wrap a list (search
// pages, the monitor list): listKey names the list's key and whether the
// decoded list is nil. The key must be in the answer; a null list is
// accepted as an empty one.
type envelope interface {
	listKey() (key string, isNil bool)
}

// do sends r with the call's options, retrying as configured, and decodes
// a 2xx body into out (when out is non-nil). Any other status becomes an
// *APIError.
func (c *Client) do(ctx context.Context, r request, out any, opts []CallOption) error {
	cfg := newCallConfig(opts)
	_, err := c.send(ctx, r, out, &cfg)
	return err
}

// send is do with the call's state returned, for callers that need to
// know how the attempts went (CreateMonitor's 409 after a lost answer).
func (c *Client) send(ctx context.Context, r request, out any, cfg *callConfig) (st *callState, err error) {
	if ctx == nil {
		return c.sendCall(ctx, r, out, cfg)
	}
	var info ResponseInfo
	user := cfg.info
	cfg.info = &info
	err = c.observed(ctx, r, &info, func(ctx context.Context) error {
		st, err = c.sendCall(ctx, r, out, cfg)
		c.logCall(ctx, r, &info, err)
		return err
	})
	cfg.info = user
	if user != nil {
		*user = info
	}
	return st, err
}

// logCall writes the debug record of a finished call: its route, the
// request id of the last answer and the credits it was charged, through
// the context so that a context-aware handler can add trace ids.
func (c *Client) logCall(ctx context.Context, r request, info *ResponseInfo, err error) {
	if !c.logger.Enabled(ctx, slog.LevelDebug) {
		return
	}
	attrs := []slog.Attr{
		slog.String("route", r.route()),
		slog.String("path", r.path),
		slog.Int("status", info.StatusCode),
		slog.String("request_id", info.RequestID),
		slog.Int64("credits", info.Charged),
		slog.Int("attempts", info.Attempts),
		slog.Bool("cached", info.Cached),
	}
	if err != nil {
		attrs = append(attrs, slog.String("error", err.Error()))
	}
	c.logger.LogAttrs(ctx, slog.LevelDebug, "registerdata: call", attrs...)
}

// sendCall is send after the observer.
func (c *Client) sendCall(ctx context.Context, r request, out any, cfg *callConfig) (st *callState, err error) {
	st = &callState{cost: r.cost, maxRetries: c.maxRetries, route: r.route()}
	if cfg.maxRetries >= 0 {
		st.maxRetries = cfg.maxRetries
	}
	if cfg.err != nil {
		cfg.fill(st, nil)
		return st, cfg.err
	}
	if ctx == nil {
		cfg.fill(st, nil)
		return st, fmt.Errorf("%w: nil context: pass context.Background() or a request's context", ErrInvalidRequest)
	}
	if cfg.timeout > 0 {
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeout(ctx, cfg.timeout)
		defer cancel()
	}
	if r.cache && c.cache != nil && out != nil {
		return st, c.sendCached(ctx, r, out, cfg, st)
	}
	resp, body, err := c.exchange(ctx, r, st)
	cfg.fill(st, resp)
	if err != nil || out == nil {
		return st, err
	}
	return st, decodeResponse(r, resp.StatusCode, resp.Header.Get("X-Request-Id"), body, out)
}

// exchange holds the request's price in the budget, sends it (retrying as
// configured) and reads a 2xx answer's body. Any other status becomes an
// *APIError. resp is the last answer (its body closed), or nil.
func (c *Client) exchange(ctx context.Context, r request, st *callState) (resp *http.Response, body []byte, err error) {
	if err := c.budget.reserve(r.cost); err != nil {
		return nil, nil, err
	}
	st.budget, st.reserved = &c.budget, r.cost
	defer func() { c.budget.settle(st.reserved, st.charged) }()

	req, err := c.newRequest(st.attach(ctx), r)
	if err != nil {
		return nil, nil, err
	}
	resp, err = c.http.Do(req)
	if err != nil {
		if resp != nil {
			resp.Body.Close()
		}
		if st.budgetErr != nil {
			return resp, nil, fmt.Errorf("%w (a retry was needed after an attempt whose answer was lost, which counts as charged)", st.budgetErr)
		}
		return resp, nil, c.transportError(ctx, r, err)
	}
	defer resp.Body.Close()

	if resp.StatusCode < 200 || resp.StatusCode > 299 {
		return resp, nil, newAPIError(r, resp)
	}
	body, err = readLimited(resp.Body, resp.ContentLength, maxResponseBytes)
	if err != nil {
		return resp, nil, fmt.Errorf("%w: %s %s: reading the %d answer: %w", ErrUnexpectedResponse, r.method, r.path, resp.StatusCode, err)
	}
	return resp, body, nil
}

// decodeResponse decodes a 2xx body into out and checks that it holds a
// record (see identified). status and requestID describe the answer in
// the error.
func decodeResponse(r request, status int, requestID string, body []byte, out any) error {
	fail := func(reason string, err error) error {
		return &ResponseError{Method: r.method, Path: r.path, StatusCode: status,
			RequestID: requestID, Body: body, Reason: reason, Err: err}
	}
	trimmed := bytes.TrimSpace(body)
	switch {
	case len(trimmed) == 0:
		return fail("the body is empty", nil)
	case bytes.Equal(trimmed, []byte("null")):
		return fail("the body is null", nil)
	}
	if err := decodeBody(body, out); err != nil {
		return fail("the body is not the expected JSON", err)
	}
	if id, ok := out.(identified); ok {
		if key := id.missingIdentity(); key != "" {
			return fail(fmt.Sprintf("the record lacks its identifier %q", key), nil)
		}
	}
	if e, ok := out.(envelope); ok {
		if key, isNil := e.listKey(); isNil && !hasTopLevelKey(body, key) {
			return fail(fmt.Sprintf("the answer lacks its list %q", key), nil)
		}
	}
	return nil
}

// hasTopLevelKey reports whether body is a JSON object with the member
// key (matched as encoding/json matches field names: case-insensitively).
func hasTopLevelKey(body []byte, key string) bool {
	found := false
	r := jsonread.New(body)
	_ = r.Object(func(k []byte) error {
		found = found || strings.EqualFold(string(k), key)
		return r.Skip()
	})
	return found
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
	for k, vs := range r.header {
		req.Header[k] = vs
	}
	req.Header.Set("Authorization", "Bearer "+c.apiKey())
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
	body, _ := readLimited(resp.Body, -1, maxErrorBytes)
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

// snippet quotes the start of a body for an error message.
func snippet(b []byte) string {
	const n = 120
	if len(b) > n {
		return strconv.Quote(string(b[:n])) + "..."
	}
	return strconv.Quote(string(b))
}

// errTooLarge is the error of readLimited for a body over the limit.
func errTooLarge(limit int64) error {
	return fmt.Errorf("the answer is larger than %d bytes, more than any answer of the service", limit)
}

// readLimited reads a body of at most limit bytes, failing on a larger
// one, without ever holding much more than limit: a body of known length
// (contentLength > 0) is read into one buffer of exactly that size, and
// one of unknown length in chunks of at most readChunkMax bytes that are
// joined at the end. A body over the limit is dropped as soon as that is
// known, so a hostile answer costs at most limit + readChunkMax bytes.
func readLimited(r io.Reader, contentLength, limit int64) ([]byte, error) {
	if contentLength > limit {
		return nil, errTooLarge(limit)
	}
	if contentLength > 0 {
		buf := make([]byte, contentLength)
		if _, err := io.ReadFull(r, buf); err != nil {
			return nil, err
		}
		return buf, nil
	}
	var chunks [][]byte
	total, size := int64(0), readChunkMin
	for {
		chunk := make([]byte, size)
		n, err := io.ReadFull(r, chunk)
		total += int64(n)
		if total > limit {
			return nil, errTooLarge(limit)
		}
		chunks = append(chunks, chunk[:n])
		if err == io.EOF || err == io.ErrUnexpectedEOF {
			break
		}
		if err != nil {
			return nil, err
		}
		size = min(size*2, readChunkMax, int(limit-total)+1)
	}
	if len(chunks) == 1 {
		return chunks[0], nil
	}
	return bytes.Join(chunks, nil), nil
}

const (
	readChunkMin = 32 << 10
	readChunkMax = 1 << 20
)
