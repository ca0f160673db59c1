package jsonread

import (
	"encoding/binary"
	"math"
	"math/bits"
	"strconv"
	"unicode"
	"unicode/utf16"
	"unicode/utf8"
)

// String reads a string and returns it unescaped, with each byte of
// invalid UTF-8 replaced by U+FFFD as encoding/json does.
func (r *Reader) String() (string, error) {
	b, err := r.StringBytes()
	return string(b), err
}

// StringBytes is String without allocating: the bytes alias the input or
// a scratch buffer of r, and are valid until the next call on r.
func (r *Reader) StringBytes() ([]byte, error) {
	if r.skipSpace() != '"' {
		return nil, r.typeError("string")
	}
	return r.stringBytes()
}

// skipString checks the string at r.pos and moves past it.
func (r *Reader) skipString() error {
	_, err := r.stringBytes()
	return err
}

// stringBytes reads the string starting at r.pos (on its opening quote).
// A string without escapes and with valid UTF-8 is returned in place.
func (r *Reader) stringBytes() ([]byte, error) {
	data := r.data
	start := r.pos + 1
	for i := start; i < len(data); {
		if i = plainRun(data, i); i == len(data) {
			break
		}
		switch c := data[i]; {
		case c == '"':
			r.pos = i + 1
			return data[start:i], nil
		case c == '\\':
			return r.unescape(start, i)
		case c < ' ':
			r.pos = i
			return nil, r.unexpected("string character (control characters must be escaped)")
		case c < utf8.RuneSelf:
			i++
		case c >= 0xC2 && c < 0xE0 && i+1 < len(data) && data[i+1]&0xC0 == 0x80:
			i += 2 // a valid two-byte sequence (ä, ö, ü, ß, é, ...)
		default:
			rr, size := utf8.DecodeRune(data[i:])
			if rr == utf8.RuneError && size == 1 {
				return r.unescape(start, i)
			}
			i += size
		}
	}
	r.pos = len(data)
	return nil, r.unexpected("closing quote of a string")
}

// plainRun returns the offset of the first byte from i on that is not
// plain (see plain), or len(data). It looks at eight bytes at a time.
func plainRun(data []byte, i int) int {
	for ; i+8 <= len(data); i += 8 {
		if m := special(binary.LittleEndian.Uint64(data[i:])); m != 0 {
			return i + bits.TrailingZeros64(m)>>3
		}
	}
	for i < len(data) && plain[data[i]] {
		i++
	}
	return i
}

// special marks the bytes of x (eight bytes of a string, the first in
// the lowest bits) that are not plain: quotes, backslashes, control
// characters and bytes of multi-byte UTF-8 sequences. A marked byte has
// its high bit set in the result. A byte after a marked one may be
// marked wrongly (a borrow carries over from the one before), but the
// first marked byte is always the first byte that is not plain, and
// none is marked when all are: subtracting 1 from a byte sets its high
// bit, for a byte below 0x80, only when the byte was 0 (the quote or the
// backslash, after the xor), and subtracting 0x20 only when the byte
// was below 0x20; a borrow only comes from such a byte.
func special(x uint64) uint64 {
	const ones, highs = 0x0101010101010101, 0x8080808080808080
	q := x ^ (ones * '"')
	b := x ^ (ones * '\\')
	return ((q - ones) | (b - ones) | (x - ones*' ') | x) & highs
}

// plain tells the bytes that stand for themselves in a string: printable
// ASCII but the quote and the backslash.
var plain = func() (t [256]bool) {
	for c := ' '; c < utf8.RuneSelf; c++ {
		t[c] = c != '"' && c != '\\'
	}
	return t
}()

// unescape continues reading the string opened at start from i, where the
// first escape or invalid byte is, into r.scratch.
func (r *Reader) unescape(start, i int) ([]byte, error) {
	b := append(r.scratch[:0], r.data[start:i]...)
	defer func() { r.scratch = b[:0] }()
	for i < len(r.data) {
		switch c := r.data[i]; {
		case c == '"':
			r.pos = i + 1
			return b, nil
		case c == '\\':
			if i+1 >= len(r.data) {
				r.pos = len(r.data)
				return nil, r.unexpected("escape sequence")
			}
			if e := unescapeByte(r.data[i+1]); e != 0 {
				b = append(b, e)
				i += 2
				continue
			}
			if r.data[i+1] != 'u' {
				r.pos = i + 1
				return nil, r.unexpected("escape character (one of \"\\/bfnrtu)")
			}
			rr := getu4(r.data[i:])
			if rr < 0 {
				r.pos = i
				return nil, r.errorf(i, `invalid \u escape, want four hexadecimal digits`)
			}
			i += 6
			if utf16.IsSurrogate(rr) {
				if pair := utf16.DecodeRune(rr, getu4(r.data[i:])); pair != unicode.ReplacementChar {
					b = utf8.AppendRune(b, pair)
					i += 6
					continue
				}
				rr = unicode.ReplacementChar
			}
			b = utf8.AppendRune(b, rr)
		case c < ' ':
			r.pos = i
			return nil, r.unexpected("string character (control characters must be escaped)")
		case c < utf8.RuneSelf:
			b = append(b, c)
			i++
		default:
			rr, size := utf8.DecodeRune(r.data[i:])
			b = utf8.AppendRune(b, rr) // U+FFFD for an invalid byte
			i += size
		}
	}
	r.pos = len(r.data)
	return nil, r.unexpected("closing quote of a string")
}

// unescapeByte returns the byte a one-letter escape stands for, or 0.
func unescapeByte(e byte) byte {
	switch e {
	case '"', '\\', '/':
		return e
	case 'b':
		return '\b'
	case 'f':
		return '\f'
	case 'n':
		return '\n'
	case 'r':
		return '\r'
	case 't':
		return '\t'
	}
	return 0
}

// getu4 decodes `\uXXXX` at the start of s, or returns -1.
func getu4(s []byte) rune {
	if len(s) < 6 || s[0] != '\\' || s[1] != 'u' {
		return -1
	}
	var v rune
	for _, c := range s[2:6] {
		switch {
		case '0' <= c && c <= '9':
			c -= '0'
		case 'a' <= c && c <= 'f':
			c = c - 'a' + 10
		case 'A' <= c && c <= 'F':
			c = c - 'A' + 10
		default:
			return -1
		}
		v = v<<4 | rune(c)
	}
	return v
}

// number reads a number literal by the JSON grammar and returns it.
func (r *Reader) number() ([]byte, error) {
	start, i := r.pos, r.pos
	if i < len(r.data) && r.data[i] == '-' {
		i++
	}
	switch {
	case i < len(r.data) && r.data[i] == '0':
		i++
	case i < len(r.data) && r.data[i] >= '1' && r.data[i] <= '9':
		i = r.digits(i)
	default:
		r.pos = i
		return nil, r.unexpected("digit in a number")
	}
	if i < len(r.data) && r.data[i] == '.' {
		if i = r.digits(i + 1); i < 0 {
			return nil, r.unexpected("digit after the decimal point")
		}
	}
	if i < len(r.data) && (r.data[i] == 'e' || r.data[i] == 'E') {
		i++
		if i < len(r.data) && (r.data[i] == '+' || r.data[i] == '-') {
			i++
		}
		if i = r.digits(i); i < 0 {
			return nil, r.unexpected("digit in an exponent")
		}
	}
	r.pos = i
	return r.data[start:i], nil
}

// digits returns the offset after the run of digits at i, or -1 (with
// r.pos at i) when there is none.
func (r *Reader) digits(i int) int {
	j := i
	for j < len(r.data) && r.data[j] >= '0' && r.data[j] <= '9' {
		j++
	}
	if j == i {
		r.pos = i
		return -1
	}
	return j
}

// numberValue reads a value that must be a number and returns its offset
// and literal.
func (r *Reader) numberValue() (int, []byte, error) {
	if c := r.skipSpace(); c != '-' && (c < '0' || c > '9') {
		return r.pos, nil, r.typeError("number")
	}
	start := r.pos
	lit, err := r.number()
	return start, lit, err
}

// Int64 reads a number that is an integer in the range of int64. As with
// encoding/json, a fraction or exponent ("12.5", "1e3") is an error.
func (r *Reader) Int64() (int64, error) {
	// The common case in one scan: up to 18 digits (no overflow), without
	// a leading zero, fraction or exponent.
	c := r.skipSpace()
	data, i := r.data, r.pos
	if c == '-' {
		i++
	}
	var u uint64
	j := i
	// Eight bytes at a time, up to sixteen digits...
	for j+8 <= len(data) && j-i < 16 {
		d := binary.LittleEndian.Uint64(data[j:]) - 0x3030303030303030
		n := leadingDigits(d)
		if n == 0 {
			break
		}
		u = u*pow10[n] + eightDigits(d<<(64-8*n))
		if j += n; n < 8 {
			break
		}
	}
	// ...then one at a time, up to eighteen.
	for end := min(len(data), i+18); j < end; j++ {
		d := data[j] - '0'
		if d > 9 {
			break
		}
		u = u*10 + uint64(d)
	}
	if j > i && (j == i+1 || data[i] != '0') &&
		(j == len(data) || data[j] != '.' && data[j] != 'e' && data[j] != 'E' && data[j]-'0' > 9) {
		r.pos = j
		if c == '-' {
			return -int64(u), nil
		}
		return int64(u), nil
	}
	return r.int64Slow()
}

// leadingDigits returns how many of the eight bytes of d (bytes of the
// input less '0', the first in the lowest bits) are digits before the
// first that is not. A byte that is no digit gets its high bit set in d
// (below '0') or in d+0x76 (above '9'); the borrows and carries between
// bytes only come from such bytes, so the lowest marked byte is the
// first that is not a digit.
func leadingDigits(d uint64) int {
	return bits.TrailingZeros64((d|(d+0x7676767676767676))&0x8080808080808080) >> 3
}

// eightDigits returns the number written by the digits in the eight
// bytes of d (each 0 to 9, the most significant in the lowest bits),
// combining pairs of digits, then pairs of pairs, then the two halves.
func eightDigits(d uint64) uint64 {
	d = (d * (10<<8 + 1)) >> 8 & 0x00FF00FF00FF00FF
	d = (d * (100<<16 + 1)) >> 16 & 0x0000FFFF0000FFFF
	return (d * (10000<<32 + 1)) >> 32
}

// pow10[n] is 10 to the n.
var pow10 = [...]uint64{1, 10, 100, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8}

// int64Slow is Int64 for what its fast path leaves: errors, 19 digits
// and more, fractions and exponents.
func (r *Reader) int64Slow() (int64, error) {
	start, lit, err := r.numberValue()
	if err != nil {
		return 0, err
	}
	neg := lit[0] == '-'
	if neg {
		lit = lit[1:]
	}
	var u uint64
	for _, c := range lit {
		if c < '0' || c > '9' || u > (math.MaxUint64-9)/10 {
			return 0, r.errorf(start, "cannot read number %s as int64", r.data[start:r.pos])
		}
		u = u*10 + uint64(c-'0')
	}
	switch {
	case neg && u <= 1<<63:
		return -int64(u-1) - 1, nil
	case !neg && u < 1<<63:
		return int64(u), nil
	}
	return 0, r.errorf(start, "number %s overflows int64", r.data[start:r.pos])
}

// Float64 reads a number as strconv.ParseFloat reads its literal; a
// number out of the float64 range is an error.
func (r *Reader) Float64() (float64, error) {
	start, lit, err := r.numberValue()
	if err != nil {
		return 0, err
	}
	if f, ok := smallInt(lit); ok {
		return f, nil
	}
	f, err := strconv.ParseFloat(string(lit), 64)
	if err != nil {
		return 0, r.errorf(start, "number %s overflows float64", lit)
	}
	return f, nil
}

// smallInt converts an integer literal of up to 15 digits, which float64
// holds exactly, without going through strconv.
func smallInt(lit []byte) (float64, bool) {
	neg := lit[0] == '-'
	if neg {
		lit = lit[1:]
	}
	if len(lit) > 15 {
		return 0, false
	}
	var n int64
	for _, c := range lit {
		if c < '0' || c > '9' {
			return 0, false
		}
		n = n*10 + int64(c-'0')
	}
	if neg {
		return -float64(n), true // -0 stays negative zero, as ParseFloat gives
	}
	return float64(n), true
}
