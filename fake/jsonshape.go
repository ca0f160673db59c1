package fake

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"reflect"
	"strconv"
	"strings"
)

// Decoding a data file in a small multiple of its size: decodeAt (the
// detailed check) builds a generic value of the whole document and
// re-encodes parts of it, which costs tens of times the bytes of a large
// document. decodeDoc first walks the bytes against the Go type without
// building anything (shapeScan), then decodes into the type once; only a
// document that fails, and is small, gets decodeAt's detailed report.

// maxDetailedCheck bounds the documents that get decodeAt's report of
// every problem; a larger one that fails gets the first problem, found
// without building the document.
const maxDetailedCheck = 1 << 20

// decodeDoc decodes the JSON document b strictly into v (a pointer): an
// unknown key at any depth, a value of the wrong kind, a value its type
// refuses or data after the document fail with the JSON path of the
// problem, as decodeAt does.
func decodeDoc(b []byte, v any) error {
	if !json.Valid(b) {
		return syntaxProblem(b, json.Unmarshal(b, new(struct{}))) // fails in the syntax check, before decoding
	}
	sc := shapeScan{b: b}
	err := sc.value(reflect.TypeOf(v).Elem())
	if err == nil {
		if len(sc.sizes) > 0 {
			presize(reflect.ValueOf(v).Elem(), sc.sizes)
		}
		if uerr := json.Unmarshal(b, v); uerr != nil {
			err = fmt.Errorf("$: %s", jsonProblem(uerr))
		}
	}
	if err != nil && len(b) <= maxDetailedCheck {
		if detailed := decodeAt(b, v); detailed != nil {
			return detailed
		}
	}
	return err
}

// shapeScan walks a valid JSON document and checks it against a Go type
// the way checkValue does (every key known, every value of a kind the
// field takes, values of types with their own decoder accepted by it),
// without allocating for what passes.
type shapeScan struct {
	b       []byte
	i       int
	path    []pathStep           // where the walk is, for the error
	scratch map[reflect.Type]any // a value of each self-decoding type, reused by every check
	sizes   map[string]int       // the length of each large array reached through keys alone ("representation")
}

// largeArray is the length from which an array's length is kept, so
// that the decoding allocates its slice once instead of growing it (a
// growing slice allocates about five times its final size in all).
const largeArray = 256

type pathStep struct {
	key   []byte // nil for an array index
	index int
}

func (sc *shapeScan) fail(format string, args ...any) error {
	var p strings.Builder
	p.WriteString("$")
	for _, s := range sc.path {
		if s.key != nil {
			p.WriteString(".")
			p.Write(s.key)
		} else {
			p.WriteString("[" + strconv.Itoa(s.index) + "]")
		}
	}
	return errors.New(p.String() + ": " + fmt.Sprintf(format, args...))
}

func (sc *shapeScan) ws() {
	for sc.i < len(sc.b) {
		switch sc.b[sc.i] {
		case ' ', '\t', '\n', '\r':
			sc.i++
		default:
			return
		}
	}
}

// value checks the value at sc.i against t and moves past it.
func (sc *shapeScan) value(t reflect.Type) error {
	sc.ws()
	c := sc.b[sc.i]
	if c == 'n' { // null leaves a value as it is; validation checks required fields
		sc.i += len("null")
		return nil
	}
	if t == rawMessageType || t.Kind() == reflect.Interface {
		sc.skip()
		return nil
	}
	for t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	if decodesItself(t) && (c != '{' || t.Kind() != reflect.Struct) {
		start := sc.i
		sc.skip()
		if err := sc.decodeScalar(t, sc.b[start:sc.i]); err != nil {
			return sc.fail("%.80s is not valid here: %s", sc.b[start:sc.i], strings.TrimPrefix(err.Error(), "json: "))
		}
		return nil
	}
	switch t.Kind() {
	case reflect.Struct:
		if c != '{' {
			return sc.fail("%s where an object belongs", sc.kind())
		}
		return sc.object(jsonFields(t), nil)
	case reflect.Map:
		if c != '{' {
			return sc.fail("%s where an object belongs", sc.kind())
		}
		return sc.object(nil, t.Elem())
	case reflect.Slice, reflect.Array:
		if c != '[' {
			return sc.fail("%s where an array belongs", sc.kind())
		}
		return sc.array(t.Elem())
	case reflect.String:
		if c != '"' {
			return sc.fail("%s where a string belongs", sc.kind())
		}
	case reflect.Bool:
		if c != 't' && c != 'f' {
			return sc.fail("%s where true or false belongs", sc.kind())
		}
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
		reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		if c != '-' && (c < '0' || c > '9') {
			return sc.fail("%s where an integer belongs", sc.kind())
		}
		start := sc.i
		sc.skip()
		if lit := sc.b[start:sc.i]; strings.ContainsAny(string(lit), ".eE") {
			return sc.fail("%s is not an integer", lit)
		}
		return nil
	case reflect.Float32, reflect.Float64:
		if c != '-' && (c < '0' || c > '9') {
			return sc.fail("%s where a number belongs", sc.kind())
		}
	}
	sc.skip()
	return nil
}

// decodeScalar runs the decoder of type t on raw, calling
// UnmarshalJSON or UnmarshalText directly (json.Unmarshal would allocate
// a decoder state for each date of a large document).
func (sc *shapeScan) decodeScalar(t reflect.Type, raw []byte) error {
	if sc.scratch == nil {
		sc.scratch = map[reflect.Type]any{}
	}
	v, ok := sc.scratch[t]
	if !ok {
		v = reflect.New(t).Interface()
		sc.scratch[t] = v
	}
	if u, ok := v.(json.Unmarshaler); ok {
		return u.UnmarshalJSON(raw)
	}
	if u, ok := v.(interface{ UnmarshalText([]byte) error }); ok && raw[0] == '"' && bytes.IndexByte(raw, '\\') < 0 {
		return u.UnmarshalText(raw[1 : len(raw)-1])
	}
	return json.Unmarshal(raw, v)
}

// object walks the object at sc.i: a struct's, whose keys are fields,
// or a map's, whose values are of type elem.
func (sc *shapeScan) object(fields map[string]reflect.Type, elem reflect.Type) error {
	sc.i++ // {
	for {
		sc.ws()
		if sc.b[sc.i] == '}' {
			sc.i++
			return nil
		}
		if sc.b[sc.i] == ',' {
			sc.i++
			sc.ws()
		}
		key := sc.str()
		sc.ws()
		sc.i++ // :
		t := elem
		if fields != nil {
			var known bool
			if t, known = fields[string(key)]; !known {
				return sc.fail("unknown key %q (keys here: %s)", key, fieldNames(fields))
			}
		}
		sc.path = append(sc.path, pathStep{key: key})
		if err := sc.value(t); err != nil {
			return err
		}
		sc.path = sc.path[:len(sc.path)-1]
	}
}

// array walks the array at sc.i, each element of type elem.
func (sc *shapeScan) array(elem reflect.Type) error {
	sc.i++ // [
	for n := 0; ; n++ {
		sc.ws()
		if sc.b[sc.i] == ']' {
			sc.i++
			if n >= largeArray {
				sc.keepSize(n)
			}
			return nil
		}
		if sc.b[sc.i] == ',' {
			sc.i++
		}
		sc.path = append(sc.path, pathStep{index: n})
		if err := sc.value(elem); err != nil {
			return err
		}
		sc.path = sc.path[:len(sc.path)-1]
	}
}

// keepSize records the length n of the array at the current path when
// the path is keys alone.
func (sc *shapeScan) keepSize(n int) {
	var key []byte
	for i, s := range sc.path {
		if s.key == nil {
			return
		}
		if i > 0 {
			key = append(key, '.')
		}
		key = append(key, s.key...)
	}
	if sc.sizes == nil {
		sc.sizes = map[string]int{}
	}
	sc.sizes[string(key)] = n
}

// presize gives the slices of v (a struct, through pointers) named in
// sizes their capacity, which encoding/json fills without growing them.
func presize(v reflect.Value, sizes map[string]int) {
	for path, n := range sizes {
		at := v
		for name := range strings.SplitSeq(path, ".") {
			for at.Kind() == reflect.Pointer {
				if at.IsNil() {
					at.Set(reflect.New(at.Type().Elem()))
				}
				at = at.Elem()
			}
			if at.Kind() != reflect.Struct {
				at = reflect.Value{}
				break
			}
			at = fieldByJSONName(at, name)
			if !at.IsValid() {
				break
			}
		}
		if at.IsValid() && at.Kind() == reflect.Slice && at.CanSet() {
			at.Set(reflect.MakeSlice(at.Type(), 0, n))
		}
	}
}

// fieldByJSONName returns the field of struct v whose JSON key is name,
// or an invalid Value.
func fieldByJSONName(v reflect.Value, name string) reflect.Value {
	t := v.Type()
	for i := range t.NumField() {
		f := t.Field(i)
		if !f.IsExported() {
			continue
		}
		tag, _, _ := strings.Cut(f.Tag.Get("json"), ",")
		if tag == name || (tag == "" && f.Name == name) {
			return v.Field(i)
		}
	}
	return reflect.Value{}
}

// str reads the string at sc.i and returns its text; a string with
// escapes is unescaped (the one case that allocates).
func (sc *shapeScan) str() []byte {
	start := sc.i
	sc.skip()
	raw := sc.b[start+1 : sc.i-1]
	for _, c := range raw {
		if c == '\\' {
			var s string
			_ = json.Unmarshal(sc.b[start:sc.i], &s) // valid JSON: cannot fail
			return []byte(s)
		}
	}
	return raw
}

// skip moves past the value at sc.i.
func (sc *shapeScan) skip() {
	sc.ws()
	switch sc.b[sc.i] {
	case '"':
		sc.i++
		for sc.b[sc.i] != '"' {
			if sc.b[sc.i] == '\\' {
				sc.i++
			}
			sc.i++
		}
		sc.i++
	case '{', '[':
		depth := 0
		for {
			switch sc.b[sc.i] {
			case '"':
				sc.skip()
				continue
			case '{', '[':
				depth++
			case '}', ']':
				depth--
			}
			sc.i++
			if depth == 0 {
				return
			}
		}
	default: // a number, true, false or null
		for sc.i < len(sc.b) {
			switch c := sc.b[sc.i]; {
			case c == ',' || c == '}' || c == ']' || c == ' ' || c == '\t' || c == '\n' || c == '\r':
				return
			}
			sc.i++
		}
	}
}

// kind names the kind of the value at sc.i, with the value when short.
func (sc *shapeScan) kind() string {
	switch c := sc.b[sc.i]; {
	case c == '"':
		start := sc.i
		save := sc.i
		sc.skip()
		s := sc.b[start:sc.i]
		sc.i = save
		if len(s) > 42 {
			return fmt.Sprintf("the string %s...", s[:41])
		}
		return "the string " + string(s)
	case c == '{':
		return "an object"
	case c == '[':
		return "an array"
	case c == 't' || c == 'f':
		return string(map[byte]string{'t': "true", 'f': "false"}[c])
	}
	return "the number"
}
