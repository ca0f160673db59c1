package fake

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"reflect"
	"strings"
	"unicode/utf8"
)

// readObject reads the JSON request body of r, at most limit bytes, and
// decodes it strictly into v: the body must be one JSON object in valid
// UTF-8, without unknown keys. Everything else (an empty body, null, an
// array, a number, invalid UTF-8, data after the object) is answered with
// 400 (413 when too large) before anything is changed or charged; the
// message says what is wrong without naming the fake's Go types.
func readObject(w http.ResponseWriter, r *http.Request, limit int64, v any) bool {
	raw, err := io.ReadAll(http.MaxBytesReader(w, r.Body, limit))
	if err != nil {
		var tooBig *http.MaxBytesError
		if errors.As(err, &tooBig) {
			writeErrorf(w, http.StatusRequestEntityTooLarge, CodeInvalidRequest, "the request body is larger than %d bytes", tooBig.Limit)
			return false
		}
		writeError(w, http.StatusBadRequest, CodeInvalidRequest, "the request body could not be read")
		return false
	}
	if msg := decodeObject(raw, v); msg != "" {
		writeError(w, http.StatusBadRequest, CodeInvalidRequest, "the request body is not valid: "+msg)
		return false
	}
	return true
}

// decodeObject decodes raw strictly into v and returns "" or what is
// wrong.
func decodeObject(raw []byte, v any) string {
	if !utf8.Valid(raw) {
		return "it is not valid UTF-8; send JSON encoded as UTF-8"
	}
	trimmed := bytes.TrimLeft(raw, " \t\r\n")
	if len(trimmed) == 0 {
		return "it is empty; send a JSON object ({} at least)"
	}
	if trimmed[0] != '{' {
		return "it is not a JSON object; send a JSON object ({} at least)"
	}
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		return jsonProblem(err)
	}
	if _, err := dec.Token(); err != io.EOF {
		return "data after the JSON object"
	}
	return ""
}

// jsonProblem describes a decoding error in terms of the JSON sent.
func jsonProblem(err error) string {
	var typeErr *json.UnmarshalTypeError
	var syntaxErr *json.SyntaxError
	switch {
	case errors.As(err, &typeErr):
		at := typeErr.Field
		if at == "" {
			at = "the top level"
		} else {
			at = fmt.Sprintf("%q", at)
		}
		return fmt.Sprintf("at %s: a JSON %s where %s belongs", at, typeErr.Value, jsonKind(typeErr.Type))
	case errors.As(err, &syntaxErr):
		return fmt.Sprintf("not valid JSON at byte %d: %s", syntaxErr.Offset, strings.TrimPrefix(syntaxErr.Error(), "json: "))
	case errors.Is(err, io.EOF), errors.Is(err, io.ErrUnexpectedEOF):
		return "the JSON ends too early"
	}
	msg := strings.TrimPrefix(err.Error(), "json: ")
	if strings.HasPrefix(msg, "unknown field ") {
		return "unknown key " + strings.TrimPrefix(msg, "unknown field ") + "; see the specification for the keys of this request"
	}
	return msg
}

// jsonKind names the JSON value a Go type decodes from.
func jsonKind(t reflect.Type) string {
	if t == nil {
		return "another value"
	}
	for t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	switch t.Kind() {
	case reflect.String:
		return "a string"
	case reflect.Bool:
		return "a boolean (true or false)"
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		return "an integer"
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		return "a non-negative integer"
	case reflect.Float32, reflect.Float64:
		return "a number"
	case reflect.Slice, reflect.Array:
		return "an array"
	case reflect.Struct, reflect.Map:
		return "an object"
	}
	return "another value"
}
