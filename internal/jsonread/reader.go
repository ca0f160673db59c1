// Package jsonread is a small, reflection-free JSON reader over a byte
// slice, for hand-written single-pass decoders.
//
// A Reader walks one JSON document from the front. Each method reads one
// value (a string, a number, an object, ...) and fails with an *Error
// carrying the byte offset when the input is not valid JSON or the value
// has another type. What it accepts is what encoding/json accepts: the
// grammar of RFC 8259, any bytes inside strings (invalid UTF-8 is
// replaced by U+FFFD when a string is read), nesting up to 10000 levels,
// white space around the top-level value and nothing after it.
//
// A Reader does not allocate except for the strings it returns and, for
// keys and strings with escapes, a scratch buffer it keeps.
package jsonread

import (
	"fmt"
)

// maxDepth is the deepest nesting encoding/json accepts.
const maxDepth = 10000

// Error is a syntax or type error at a byte offset of the input.
type Error struct {
	Offset int    // byte offset of the offending value or byte
	Msg    string // what was wrong and what was expected
}

// Error implements error.
func (e *Error) Error() string {
	return fmt.Sprintf("jsonread: %s at offset %d", e.Msg, e.Offset)
}

// Reader reads one JSON document. The zero Reader reads an empty input;
// use New.
type Reader struct {
	data    []byte
	pos     int
	depth   int
	scratch []byte // unescaped string or key
	fold    []byte // folded key
}

// New returns a Reader over data. The Reader does not copy data: it must
// not change while the Reader is in use.
func New(data []byte) *Reader { return &Reader{data: data} }

// Reset makes r read data from the start, keeping its scratch buffers.
func (r *Reader) Reset(data []byte) {
	r.data, r.pos, r.depth = data, 0, 0
}

// Offset returns the byte offset of the next unread byte.
func (r *Reader) Offset() int { return r.pos }

func (r *Reader) errorf(at int, format string, args ...any) error {
	return &Error{Offset: at, Msg: fmt.Sprintf(format, args...)}
}

// skipSpace moves past JSON white space and returns the next byte, or 0
// at the end of the input. Compact JSON has no white space between
// tokens: the first test returns a byte above ' ' at once.
func (r *Reader) skipSpace() byte {
	for ; r.pos < len(r.data); r.pos++ {
		if c := r.data[r.pos]; c > ' ' || c != ' ' && c != '\t' && c != '\n' && c != '\r' {
			return c
		}
	}
	return 0
}

// unexpected reports the byte at r.pos (or the end of the input) where
// what was expected.
func (r *Reader) unexpected(what string) error {
	if r.pos >= len(r.data) {
		return r.errorf(r.pos, "unexpected end of JSON input, want %s", what)
	}
	return r.errorf(r.pos, "invalid character %q, want %s", r.data[r.pos], what)
}

// Peek returns the first byte of the next value ('{', '[', '"', 't', 'f',
// 'n', '-' or a digit), or 0 at the end of the input. It consumes only
// white space.
func (r *Reader) Peek() byte { return r.skipSpace() }

// Null consumes a null literal and reports true when the next value is
// null; otherwise it consumes only white space and reports false.
func (r *Reader) Null() bool {
	if r.pos < len(r.data) && nonNull[r.data[r.pos]] {
		return false
	}
	return r.null()
}

// nonNull tells the bytes that start a value other than null (or are
// not JSON), before which Null needs not look further.
var nonNull = func() (t [256]bool) {
	for c := range t {
		t[c] = c > ' ' && c != 'n'
	}
	return t
}()

// null is Null after its first test.
func (r *Reader) null() bool {
	if r.skipSpace() == 'n' && r.hasLiteral("null") {
		r.pos += 4
		return true
	}
	return false
}

func (r *Reader) hasLiteral(lit string) bool {
	return len(r.data)-r.pos >= len(lit) && string(r.data[r.pos:r.pos+len(lit)]) == lit
}

// literal consumes lit (true, false or null), or fails.
func (r *Reader) literal(lit string) error {
	if !r.hasLiteral(lit) {
		for i := 0; i < len(lit); i++ {
			if r.pos+i >= len(r.data) || r.data[r.pos+i] != lit[i] {
				r.pos += i
				return r.unexpected("literal " + lit)
			}
		}
	}
	r.pos += len(lit)
	return nil
}

// Bool reads true or false.
func (r *Reader) Bool() (bool, error) {
	switch r.skipSpace() {
	case 't':
		return true, r.literal("true")
	case 'f':
		return false, r.literal("false")
	}
	return false, r.typeError("boolean")
}

// typeError reports that the value at r.pos is not a want. When the value
// is not even valid JSON, the syntax error is reported instead.
func (r *Reader) typeError(want string) error {
	start := r.pos
	if err := r.Skip(); err != nil {
		return err
	}
	return r.errorf(start, "cannot read %s as %s", r.data[start:min(r.pos, start+32)], want)
}

// End checks that only white space follows the value read last.
func (r *Reader) End() error {
	if r.skipSpace(); r.pos < len(r.data) {
		return r.errorf(r.pos, "invalid character %q after top-level value", r.data[r.pos])
	}
	return nil
}

// open consumes the opening bracket of an object or array ('{' or '['),
// counting the nesting depth the way encoding/json limits it, and reports
// whether the closing bracket follows at once (and was consumed).
func (r *Reader) open(bracket byte, what string) (empty bool, err error) {
	if r.skipSpace() != bracket {
		return false, r.typeError(what)
	}
	if r.depth++; r.depth > maxDepth {
		return false, r.errorf(r.pos, "exceeded max depth %d", maxDepth)
	}
	r.pos++
	return r.closed(bracket + 2), nil // '{'+2 == '}', '['+2 == ']'
}

// closed consumes the closing bracket and reports true when it is next.
func (r *Reader) closed(bracket byte) bool {
	if r.skipSpace() != bracket {
		return false
	}
	r.pos++
	r.depth--
	return true
}

// next moves past the ',' after a member or element, or reports the end
// of the object or array (having consumed its bracket).
func (r *Reader) next(bracket byte, what string) (done bool, err error) {
	if r.closed(bracket) {
		return true, nil
	}
	if r.pos == len(r.data) || r.data[r.pos] != ',' {
		return false, r.unexpected(what)
	}
	r.pos++
	return false, nil
}

// Object reads an object, calling member for each key in document order.
// key is the unescaped key; it is valid only until member reads the
// value. member must read or skip the value (exactly one).
func (r *Reader) Object(member func(key []byte) error) error {
	if empty, err := r.open('{', "object"); empty || err != nil {
		return err
	}
	for {
		if r.skipSpace() != '"' {
			return r.unexpected("string for an object key")
		}
		key, err := r.stringBytes()
		if err != nil {
			return err
		}
		if r.skipSpace() != ':' {
			return r.unexpected("':' after an object key")
		}
		r.pos++
		if err := member(key); err != nil {
			return err
		}
		if r.pos < len(r.data) && r.data[r.pos] == ',' { // compact JSON, at once
			r.pos++
			continue
		}
		if done, err := r.next('}', "',' or '}' after an object member"); done || err != nil {
			return err
		}
	}
}

// Array reads an array, calling elem for each element; elem must read or
// skip exactly one value.
func (r *Reader) Array(elem func() error) error {
	if empty, err := r.open('[', "array"); empty || err != nil {
		return err
	}
	for {
		if err := elem(); err != nil {
			return err
		}
		if r.pos < len(r.data) && r.data[r.pos] == ',' { // compact JSON, at once
			r.pos++
			continue
		}
		if done, err := r.next(']', "',' or ']' after an array element"); done || err != nil {
			return err
		}
	}
}

// Skip reads any value and discards it, checking that it is valid JSON.
func (r *Reader) Skip() error {
	switch c := r.skipSpace(); {
	case c == '{':
		return r.Object(func([]byte) error { return r.Skip() })
	case c == '[':
		return r.Array(r.Skip)
	case c == '"':
		return r.skipString()
	case c == 't':
		return r.literal("true")
	case c == 'f':
		return r.literal("false")
	case c == 'n':
		return r.literal("null")
	case c == '-' || c >= '0' && c <= '9':
		_, err := r.number()
		return err
	}
	return r.unexpected("a JSON value")
}

// RawValue reads any value and returns its bytes as they stand in the
// input, without surrounding white space. The slice aliases the input.
func (r *Reader) RawValue() ([]byte, error) {
	r.skipSpace()
	start := r.pos
	if err := r.Skip(); err != nil {
		return nil, err
	}
	return r.data[start:r.pos], nil
}

// Len returns the number of elements of the array that is the next
// value, without consuming it, so that a decoder can size a slice before
// reading the elements. It scans the array without checking it, which
// is left to reading it: for an invalid array the count is only a guess,
// at most the number of bytes of the input. Len returns 0 when the next
// value is not an array.
func (r *Reader) Len() int {
	if r.skipSpace() != '[' {
		return 0
	}
	depth, commas, empty := 0, 0, true
	for i := r.pos; i < len(r.data); i++ {
		switch c := r.data[i]; c {
		case '"':
			for i++; i < len(r.data) && r.data[i] != '"'; i++ {
				if r.data[i] == '\\' {
					i++
				}
			}
			empty = false
		case '[', '{':
			depth++
			empty = empty && depth == 1
		case ']', '}':
			if depth--; depth == 0 {
				if empty {
					return 0
				}
				return commas + 1
			}
		case ',':
			if depth == 1 {
				commas++
			}
		case ' ', '\t', '\n', '\r':
		default:
			empty = false
		}
	}
	return commas + 1
}
