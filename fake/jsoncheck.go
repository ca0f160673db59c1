package fake

import (
	"bytes"
	"encoding"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"sync"
)

// decodeAt decodes the JSON document b strictly into v (a pointer) and,
// when it does not fit, says where: every problem names its JSON path
// ("$.representation[2].start_date") and what is wrong (invalid JSON at
// line and column, an unknown key, a value of the wrong kind, a value
// its type refuses, data after the document). It reports up to
// maxProblems problems of one document.
func decodeAt(b []byte, v any) error {
	var doc any
	if err := json.Unmarshal(b, &doc); err != nil {
		return syntaxProblem(b, err)
	}
	var problems []string
	checkValue(doc, reflect.TypeOf(v).Elem(), "$", &problems)
	if len(problems) > 0 {
		if len(problems) > maxProblems {
			problems = append(problems[:maxProblems], fmt.Sprintf("and %d more problems", len(problems)-maxProblems))
		}
		return errors.New(strings.Join(problems, "; "))
	}
	// The walk found every unknown key, also inside types with decoders
	// of their own, which a Decoder's DisallowUnknownFields misses.
	if err := json.Unmarshal(b, v); err != nil {
		return fmt.Errorf("$: %s", jsonProblem(err))
	}
	return nil
}

// maxProblems bounds the problems one document reports.
const maxProblems = 20

// syntaxProblem places a syntax error at its line and column.
func syntaxProblem(b []byte, err error) error {
	var se *json.SyntaxError
	if errors.As(err, &se) && strings.Contains(se.Error(), "after top-level value") {
		return fmt.Errorf("at byte %d: data after the JSON document: one document per file (or per line of a .jsonl file)", se.Offset)
	}
	if errors.As(err, &se) {
		if len(bytes.TrimSpace(b)) == 0 {
			return errors.New("the file is empty: it should hold one JSON object")
		}
		line, col := lineCol(b, se.Offset)
		return fmt.Errorf("line %d, column %d: not valid JSON: %s", line, col, strings.TrimPrefix(se.Error(), "json: "))
	}
	if errors.Is(err, io.EOF) {
		return errors.New("the file is empty: it should hold one JSON object")
	}
	if errors.Is(err, io.ErrUnexpectedEOF) {
		return errors.New("the JSON ends too early (a missing } or ])")
	}
	return fmt.Errorf("not valid JSON: %v", err)
}

func lineCol(b []byte, off int64) (line, col int) {
	off = min(max(off, 0), int64(len(b)))
	before := b[:off]
	line = bytes.Count(before, []byte{'\n'}) + 1
	col = int(off) - bytes.LastIndexByte(before, '\n')
	return line, col
}

var (
	unmarshalerType     = reflect.TypeFor[json.Unmarshaler]()
	textUnmarshalerType = reflect.TypeFor[encoding.TextUnmarshaler]()
	rawMessageType      = reflect.TypeFor[json.RawMessage]()
)

// checkValue checks the generic JSON value v
// against the Go type t at path, appending what does not fit.
func checkValue(v any, t reflect.Type, path string, problems *[]string) {
	if v == nil || t == rawMessageType || t.Kind() == reflect.Interface {
		return // null leaves a value as it is; validation checks required fields
	}
	for t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	if decodesItself(t) {
		b := quickJSON(v)
		if err := json.Unmarshal(b, reflect.New(t).Interface()); err != nil {
			*problems = append(*problems, fmt.Sprintf("%s: %s is not valid here: %s", path, b, strings.TrimPrefix(err.Error(), "json: ")))
			return
		}
		if _, isObject := v.(map[string]any); !isObject || t.Kind() != reflect.Struct {
			return // the type reads this form itself
		}
	}
	switch t.Kind() {
	case reflect.Struct:
		obj, ok := v.(map[string]any)
		if !ok {
			*problems = append(*problems, fmt.Sprintf("%s: %s where an object belongs", path, kindOf(v)))
			return
		}
		fields := jsonFields(t)
		for _, k := range sortedKeys(obj) {
			fv := obj[k]
			f, known := fields[k]
			if !known {
				*problems = append(*problems, fmt.Sprintf("%s: unknown key %q (keys here: %s)", path, k, fieldNames(fields)))
				continue
			}
			checkValue(fv, f, path+"."+k, problems)
		}
	case reflect.Slice, reflect.Array:
		arr, ok := v.([]any)
		if !ok {
			*problems = append(*problems, fmt.Sprintf("%s: %s where an array belongs", path, kindOf(v)))
			return
		}
		for i, e := range arr {
			checkValue(e, t.Elem(), path+"["+strconv.Itoa(i)+"]", problems)
		}
	case reflect.Map:
		obj, ok := v.(map[string]any)
		if !ok {
			*problems = append(*problems, fmt.Sprintf("%s: %s where an object belongs", path, kindOf(v)))
			return
		}
		for _, k := range sortedKeys(obj) {
			checkValue(obj[k], t.Elem(), path+"."+k, problems)
		}
	case reflect.String:
		if _, ok := v.(string); !ok {
			*problems = append(*problems, fmt.Sprintf("%s: %s where a string belongs", path, kindOf(v)))
		}
	case reflect.Bool:
		if _, ok := v.(bool); !ok {
			*problems = append(*problems, fmt.Sprintf("%s: %s where true or false belongs", path, kindOf(v)))
		}
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
		reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		n, ok := v.(float64)
		if !ok {
			*problems = append(*problems, fmt.Sprintf("%s: %s where an integer belongs", path, kindOf(v)))
		} else if n != math.Trunc(n) {
			*problems = append(*problems, fmt.Sprintf("%s: %g is not an integer", path, n))
		}
	case reflect.Float32, reflect.Float64:
		if _, ok := v.(float64); !ok {
			*problems = append(*problems, fmt.Sprintf("%s: %s where a number belongs", path, kindOf(v)))
		}
	}
}

var selfDecoding sync.Map // reflect.Type -> bool

// decodesItself reports whether t has its own JSON or text decoder (but
// strictCompany, whose lenient decoder is left out on purpose).
func decodesItself(t reflect.Type) bool {
	if v, ok := selfDecoding.Load(t); ok {
		return v.(bool)
	}
	yes := t != reflect.TypeFor[strictCompany]() &&
		(reflect.PointerTo(t).Implements(unmarshalerType) || reflect.PointerTo(t).Implements(textUnmarshalerType))
	selfDecoding.Store(t, yes)
	return yes
}

// quickJSON encodes a generic JSON value again; a plain string (the usual
// case: dates) without marshalling.
func quickJSON(v any) []byte {
	if s, ok := v.(string); ok && plainString(s) {
		b := make([]byte, 0, len(s)+2)
		return append(append(append(b, '"'), s...), '"')
	}
	b, _ := json.Marshal(v)
	return b
}

// plainString reports whether s needs no escaping in JSON.
func plainString(s string) bool {
	for i := 0; i < len(s); i++ {
		if c := s[i]; c < 0x20 || c == '"' || c == '\\' || c >= 0x80 {
			return false
		}
	}
	return true
}

// kindOf names a generic JSON value's kind, with the value when short.
func kindOf(v any) string {
	switch x := v.(type) {
	case string:
		if len(x) > 40 {
			x = x[:40] + "..."
		}
		return fmt.Sprintf("the string %q", x)
	case float64:
		return "the number " + strconv.FormatFloat(x, 'g', -1, 64)
	case bool:
		return fmt.Sprintf("%t", x)
	case []any:
		return "an array"
	case map[string]any:
		return "an object"
	}
	return "a value"
}

var fieldCache sync.Map // reflect.Type -> map[string]reflect.Type

// jsonFields maps the JSON keys of struct type t to their types, as
// encoding/json sees them (embedded structs promote their keys).
func jsonFields(t reflect.Type) map[string]reflect.Type {
	if m, ok := fieldCache.Load(t); ok {
		return m.(map[string]reflect.Type)
	}
	m := map[string]reflect.Type{}
	for i := range t.NumField() {
		f := t.Field(i)
		tag := f.Tag.Get("json")
		if tag == "-" {
			continue
		}
		name, _, _ := strings.Cut(tag, ",")
		if f.Anonymous && name == "" {
			et := f.Type
			if et.Kind() == reflect.Pointer {
				et = et.Elem()
			}
			if et.Kind() == reflect.Struct {
				for k, v := range jsonFields(et) {
					if _, shadowed := m[k]; !shadowed {
						m[k] = v
					}
				}
				continue
			}
		}
		if !f.IsExported() {
			continue
		}
		if name == "" {
			name = f.Name
		}
		m[name] = f.Type
	}
	fieldCache.Store(t, m)
	return m
}

// fieldNames lists the keys of fields, sorted, for a hint.
func fieldNames(fields map[string]reflect.Type) string {
	names := make([]string, 0, len(fields))
	for k := range fields {
		names = append(names, k)
	}
	slices.Sort(names)
	if len(names) > 12 {
		names = append(names[:12], "...")
	}
	return strings.Join(names, ", ")
}

func sortedKeys(m map[string]any) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	return keys
}
