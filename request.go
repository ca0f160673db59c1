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
