package registerdata

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"reflect"
	"strconv"
	"strings"

	"github.com/registerdata/registerdata-go/internal/jsonread"
)

// Response size limits: a company record is tens of kilobytes and a
// search page a few hundred; anything near these is not the service.
// maxResponseBytes is also chosen for memory: reading a body of that size
// allocates at most twice its size (see readLimited), and decoding it at
// most maxDecodeBytes more, so one call stays under 64 MiB.
const (
	maxResponseBytes = 16 << 20
	maxErrorBytes    = 64 << 10
)

// decodeResponse decodes a 2xx body into out and checks that it holds a
// record (see identified). status and requestID describe the answer in
// the error.
func decodeResponse(r request, status int, requestID string, body []byte, out any) error {
	fail := func(reason string, err error) error {
		return &ResponseError{Method: r.method, Path: r.path, StatusCode: status,
			RequestID: requestID, Body: keptBody(body, requestSecrets(r, nil)), Reason: reason, Err: err}
	}
	trimmed := bytes.TrimSpace(body)
	switch {
	case len(trimmed) == 0:
		return fail("the body is empty", nil)
	case bytes.Equal(trimmed, []byte("null")):
		return fail("the body is null", nil)
	}
	if err := checkDecodeCost(body, out); err != nil {
		return fail("the body is too costly to decode", err)
	}
	if err := decodeBody(body, out); err != nil {
		if errors.Is(err, errOverBudget) { // a budgeted decoder stopped
			return fail("the body is too costly to decode", tooCostly(len(body)))
		}
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

// decodeBody decodes a whole answer into out. A type with its own
// UnmarshalJSON is handed the body directly: through json.Unmarshal the
// body would be scanned twice more (validated, then skipped over) before
// the method is called, and every such method validates its input itself
// (each decodes through json.Unmarshal or the single-pass reader).
func decodeBody(body []byte, out any) error {
	switch d := out.(type) {
	case bodyDecoder:
		return d.decodeJSON(body)
	case json.Unmarshaler:
		if ownType(out) {
			return d.UnmarshalJSON(bytes.TrimSpace(body))
		}
	}
	return json.Unmarshal(body, out) // also validates for others' methods (json.RawMessage keeps anything)
}

// ownType reports whether out points to a type of this package, whose
// UnmarshalJSON methods validate their input.
func ownType(out any) bool {
	t := reflect.TypeOf(out)
	return t.Kind() == reflect.Pointer && t.Elem().PkgPath() == packagePath
}

var packagePath = reflect.TypeFor[Company]().PkgPath()

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
// one. Memory follows the bytes received, never what the answer
// announces: the buffer starts at readChunkMin bytes (less for a shorter
// announced length) and doubles as data arrives, up to the announced
// length when there is one, so an answer that announces 16 MiB and sends
// nothing costs readChunkMin, and any answer at most about twice its size.
// A body over the limit is dropped as soon as that is known.
func readLimited(r io.Reader, contentLength, limit int64) ([]byte, error) {
	if contentLength > limit {
		return nil, errTooLarge(limit)
	}
	size := int64(readChunkMin)
	if contentLength >= 0 {
		size = min(size, contentLength+1) // +1: the end shows without growing
	}
	buf := make([]byte, 0, size)
	for {
		if len(buf) == cap(buf) {
			bound := limit + 1
			if contentLength >= int64(cap(buf)) {
				bound = min(bound, contentLength+1)
			}
			n := min(2*int64(cap(buf)), bound)
			if bound-n < n/2 {
				n = bound // a step that would leave a sliver makes the last one
			}
			grown := make([]byte, len(buf), max(n, int64(cap(buf))+1))
			copy(grown, buf)
			buf = grown
		}
		n, err := r.Read(buf[len(buf):cap(buf)])
		buf = buf[:len(buf)+n]
		if int64(len(buf)) > limit {
			return nil, errTooLarge(limit)
		}
		if err == io.EOF {
			return buf, nil
		}
		if err != nil {
			return nil, err
		}
	}
}

// keptBody is what a ResponseError keeps of a body: at most
// maxErrorBytes, copied, so that an error held for long (a batch
// waiting for a slow id) does not hold a whole rejected answer, and
// without the request's secrets.
func keptBody(body []byte, secrets []string) []byte {
	if len(body) > maxErrorBytes {
		body = bytes.Clone(body[:maxErrorBytes])
	}
	if len(secrets) > 0 {
		body = []byte(scrub(string(body), secrets))
	}
	return body
}

const readChunkMin = 32 << 10
