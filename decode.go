package registerdata

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"reflect"
	"strings"

	"github.com/registerdata/registerdata-go/internal/jsonread"
)

// decoded is the decode stage: it asks the next stage (budget) for the
// answer and decodes it into out (decodeHeld). It returns the body, for
// the cache stage to keep once it decoded well. With a nil out (a call
// without an answer to decode) the body is not decoded.
func (c *Client) decoded(ctx context.Context, r request, out any, st *callState) ([]byte, error) {
	body, err := c.budgeted(ctx, r, st)
	if err != nil || out == nil {
		return body, err
	}
	return body, decodeHeld(r, st, body, out)
}

// decodeHeld decodes a body the call holds into out: the service's
// answer (decoded), an entry of the cache or the answer a concurrent
// identical lookup received (the cache stage). The call's last answer,
// if any, describes it in an error.
func decodeHeld(r request, st *callState, body []byte, out any) error {
	return decodeResponse(r, st.status, st.header.Get("X-Request-Id"), body, out)
}

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

// decodeResponse is the one entry of decoding: it decodes a 2xx body
// into out and checks that it holds a record (see identified). status
// and requestID describe the answer in the error. It is called through
// decodeHeld alone, whatever the answer came from: the service, the
// cache or a concurrent identical lookup.
//
// Before decoding, checkDecodeCost refuses a body whose decoding would
// pass maxDecodeBytes (decode_budget.go); decodeBody then picks the
// type's decoder.
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

// decodeBody decodes a whole answer into out, by one of three routes:
//
//   - a bodyDecoder (Company) decodes the whole body itself, in one pass
//     (decodeCompanyFast), falling back to encoding/json on what that
//     rejects (see Company.decodeJSON);
//   - a type of this package with its own UnmarshalJSON is handed the
//     body directly;
//   - any other type is decoded by encoding/json.
//
// Through json.Unmarshal the body would be scanned twice more (validated,
// then skipped over) before a type's own UnmarshalJSON is called; every
// such method of this package validates its input itself (each decodes
// through json.Unmarshal or the single-pass reader).
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
