package jsonread

import (
	"encoding/json"
	"errors"
	"math/rand/v2"
	"strconv"
	"strings"
	"testing"
	"unicode"
	"unicode/utf8"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// documents are JSON texts, valid and invalid, for the tests comparing
// the Reader with encoding/json.
var documents = []string{
	``, ` `, `null`, ` null `, `nul`, `nulll`, `true`, `false`, `tru`, `True`,
	`0`, `-0`, `01`, `-`, `-01`, `1.`, `.5`, `1.5`, `1e`, `1e+`, `1E-2`, `1e2`, `+1`, `0x10`, `NaN`,
	`9223372036854775807`, `9223372036854775808`, `-9223372036854775808`, `-9223372036854775809`,
	`18446744073709551616`, `1.0`, `1e400`, `-1e400`, `1e-400`, `5e-324`, `123456789012345`,
	`1234567890123456789`, `0.1`, `-0.0`,
	`""`, `"a"`, `"a`, `"\"`, `"\\"`, `"\/\b\f\n\r\t"`, `"\'"`, `"\x"`, `"\u00e9"`, `"\u00E9"`,
	`"\u12"`, `"\uZZZZ"`, `"\ud83d\ude00"`, `"\ud83d"`, `"\ude00"`, `"\ud83d\u0041"`, `"\ud83d\ud83d\ude00"`,
	`"\ud83dx"`, `"\ud83d\uZZZZ"`, "\"\xff\"", "\"a\xc3\"", "\"\xed\xa0\x80\"", "\"\x01\"", "\"\x7f\"", "\"tab\there\"",
	"\"é😀\"", `"\u0000"`,
	`{}`, `{ }`, `{"a":1}`, `{"a":1,}`, `{"a" 1}`, `{a:1}`, `{"a":1 "b":2}`, `{"a":1}}`, `{"a":{"b":[1,{"c":null}]}}`,
	`{"a":1,"a":2}`, `{,}`, `{"a"}`, `{"a":}`, `{1:1}`,
	`[]`, `[ ]`, `[1,2]`, `[1,]`, `[,1]`, `[1 2]`, `[[[]]]`, `[[]`, `]`, `[}`,
	" \t\r\n{}\r\n", "{}\x00", `{} x`, `{}{}`, `1 2`, "\xef\xbb\xbf{}", "\v{}", "\u00a0{}",
	strings.Repeat("[", 10000) + strings.Repeat("]", 10000),
	strings.Repeat("[", 10001) + strings.Repeat("]", 10001),
	strings.Repeat(`{"a":`, 10000) + "1" + strings.Repeat("}", 10000),
	strings.Repeat(`{"a":`, 10001) + "1" + strings.Repeat("}", 10001),
}

// readAll reads a whole document with the Reader.
func readAll(doc []byte) error {
	r := New(doc)
	if err := r.Skip(); err != nil {
		return err
	}
	return r.End()
}

func TestReaderAcceptsWhatEncodingJSONAccepts(t *testing.T) {
	for _, doc := range documents {
		err := readAll([]byte(doc))
		assert.Equal(t, json.Valid([]byte(doc)), err == nil, "%.60q: %v", doc, err)
	}
}

// TestReaderScalarsMatchEncodingJSON reads each document as a string, an
// int64, a float64 and a bool, and requires the outcome of json.Unmarshal
// into the same type.
func TestReaderScalarsMatchEncodingJSON(t *testing.T) {
	for _, doc := range documents {
		compareScalars(t, []byte(doc))
	}
}

// TestLongStringsAndNumbers: strings long enough to be scanned eight
// bytes at a time, with each kind of byte that needs a look (quote,
// escape, control character, multi-byte and invalid UTF-8) at each
// position of a word, and integers around the length the fast path of
// Int64 takes, read as encoding/json reads them.
func TestLongStringsAndNumbers(t *testing.T) {
	odd := []string{`"`, `\"`, `\\`, `\n`, `\u00e9`, "\x01", "\x1f", "\x7f", " ", "~",
		"\u00e4", "\u00df", "\u20ac", "\U0001F600", "\xff", "\xc3", "\xc0\xaf", "\xc2\x80", "\xdf\xbf", "\xe2\x82", "\xed\xa0\x80"}
	var docs []string
	for _, o := range odd {
		for p := 0; p <= 17; p++ {
			s := strings.Repeat("a", p) + o + strings.Repeat("b", 17-p)
			docs = append(docs, `"`+s+`"`, `"`+s, `["`+s+`",1]`)
		}
	}
	for n := 1; n <= 21; n++ {
		d := strings.Repeat("9", n)
		docs = append(docs, d, "-"+d, "1"+strings.Repeat("0", n-1), "-1"+strings.Repeat("0", n-1),
			d+".0", d+"e1", d+"E-1", "0"+d, "-0"+d, d+"x", "["+d+"]", " "+d+" ")
	}
	rnd := rand.New(rand.NewPCG(8, 18))
	for range 2000 {
		d := strconv.FormatUint(rnd.Uint64()>>rnd.IntN(64), 10)
		docs = append(docs, d, "-"+d, "["+d+","+d+"]", `{"a":`+d+`}`, d+[]string{".5", "e2", "0", "x", " "}[rnd.IntN(5)])
	}
	for _, doc := range docs {
		err := readAll([]byte(doc))
		assert.Equal(t, json.Valid([]byte(doc)), err == nil, "%q: %v", doc, err)
		compareScalars(t, []byte(doc))
	}
}

func compareScalars(t *testing.T, doc []byte) {
	t.Helper()
	compareScalar(t, doc, (*Reader).String)
	compareScalar(t, doc, (*Reader).Int64)
	compareScalar(t, doc, (*Reader).Float64)
	compareScalar(t, doc, (*Reader).Bool)
}

// compareScalar reads doc with read and with json.Unmarshal into a T.
// encoding/json lets null through (leaving the value as it is), the
// Reader's scalar methods do not: callers check Null first.
func compareScalar[T comparable](t *testing.T, doc []byte, read func(*Reader) (T, error)) {
	t.Helper()
	if !json.Valid(doc) || New(doc).Null() {
		return
	}
	var want T
	wantErr := json.Unmarshal(doc, &want)
	r := New(doc)
	got, err := read(r)
	if err == nil {
		err = r.End()
	}
	if wantErr != nil {
		assert.Error(t, err, "%q as %T: encoding/json says %v", doc, want, wantErr)
		return
	}
	if assert.NoError(t, err, "%q as %T", doc, want) {
		assert.Equal(t, want, got, "%q as %T", doc, want)
	}
}

func TestErrorsCarryTheOffset(t *testing.T) {
	for doc, offset := range map[string]int{
		`{"a":tru}`:      8,
		`[1,2,x]`:        5,
		`{"a":1,}`:       7,
		`"abc`:           4,
		"\"ab\x01\"":     3,
		`{"a":"\q"}`:     7,
		`{"a":1} {}`:     8,
		`-`:              1,
		`[` + `"\u12x"]`: 2,
	} {
		err := readAll([]byte(doc))
		var e *Error
		if assert.True(t, errors.As(err, &e), "%q: %v", doc, err) {
			assert.Equal(t, offset, e.Offset, "%q: %v", doc, err)
			assert.Contains(t, err.Error(), "offset", doc)
		}
	}
}

func TestTypeErrors(t *testing.T) {
	_, err := New([]byte(`{"a":1}`)).String()
	require.ErrorContains(t, err, `cannot read {"a":1} as string at offset 0`)
	_, err = New([]byte(`12.5`)).Int64()
	require.ErrorContains(t, err, "cannot read number 12.5 as int64")
	_, err = New([]byte(`9223372036854775808`)).Int64()
	require.ErrorContains(t, err, "overflows int64")
	_, err = New([]byte(`1e999`)).Float64()
	require.ErrorContains(t, err, "overflows float64")
	_, err = New([]byte(`"x"`)).Bool()
	require.ErrorContains(t, err, "as boolean")
	err = New([]byte(`[1,{]`)).Object(func([]byte) error { return nil })
	require.ErrorContains(t, err, "want string for an object key", "a syntax error wins over the type error")
}

func TestObjectArrayAndRawValue(t *testing.T) {
	r := New([]byte(` {"k\u00e9y": [1, "two", null], "n": {"x": [true]}, "k": -3} `))
	var keys []string
	var raws []string
	require.NoError(t, r.Object(func(key []byte) error {
		keys = append(keys, string(key))
		raw, err := r.RawValue()
		raws = append(raws, string(raw))
		return err
	}))
	require.NoError(t, r.End())
	assert.Equal(t, []string{"kéy", "n", "k"}, keys)
	assert.Equal(t, []string{`[1, "two", null]`, `{"x": [true]}`, `-3`}, raws)

	r = New([]byte(` [1, [2, [3]], {"a": [4]}] `))
	assert.Equal(t, 3, r.Len(), "top-level elements only")
	assert.Equal(t, 1, r.Offset(), "Len does not consume the array")
	for doc, n := range map[string]int{
		`[]`: 0, `[ ]`: 0, `[[]]`: 1, `[{}, {}]`: 2, `["]", "\"[", ","]`: 3, `[1,[2,3],{"a":[4,5]}]`: 3,
		`{}`: 0, `7`: 0, `[1, 2`: 2,
	} {
		assert.Equal(t, n, New([]byte(doc)).Len(), doc)
	}

	r = New([]byte(`[1, 2, 3]`))
	var sum int64
	require.NoError(t, r.Array(func() error {
		v, err := r.Int64()
		sum += v
		return err
	}))
	assert.Equal(t, int64(6), sum)

	r = New([]byte(`[null, 1]`))
	require.Equal(t, byte('['), r.Peek())
	require.NoError(t, r.Array(func() error {
		if r.Null() {
			return nil
		}
		return r.Skip()
	}))
	r.Reset([]byte(`nul`))
	assert.False(t, r.Null(), "a broken literal is not null")
	assert.Equal(t, 0, r.Offset())
}

// TestFoldKeyMatchesEqualFold checks FoldKey against the definition
// encoding/json uses, bytes.EqualFold: every rune that folds to an ASCII
// letter is equal to it under EqualFold, every rune equal to an ASCII
// letter folds to it, and only the Kelvin sign and the long s do.
func TestFoldKeyMatchesEqualFold(t *testing.T) {
	r := New(nil)
	var toASCII []rune
	for c := rune(0x80); c <= utf8.MaxRune; c++ {
		if !utf8.ValidRune(c) {
			continue
		}
		key := string(c)
		f := string(r.FoldKey([]byte(key)))
		asciiFold := len(f) == 1
		// Plain comparisons: testify's per-call cost over 1.1 million
		// runes was most of this package's test time under -race.
		if asciiFold {
			toASCII = append(toASCII, c)
			if !strings.EqualFold(key, f) {
				t.Fatalf("%U folds to %q, which strings.EqualFold does not take for it", c, f)
			}
			continue
		}
		if want := string(foldRune(c)); f != want {
			t.Fatalf("FoldKey(%U) = %q, want its folding %q", c, f, want)
		}
	}
	// For each ASCII letter, the runes EqualFold takes for it.
	for l := 'a'; l <= 'z'; l++ {
		for c := unicode.SimpleFold(l); c != l; c = unicode.SimpleFold(c) {
			assert.Equal(t, string(l), string(r.FoldKey([]byte(string(c)))), "%U is %c under EqualFold", c, l)
		}
	}
	assert.Equal(t, []rune{'\u017f', '\u212a'}, toASCII)
	assert.Equal(t, "wz2025_name-x", string(r.FoldKey([]byte("WZ2025_NaMe-X"))))
	assert.Equal(t, "status", string(r.FoldKey([]byte("\u017ftatu\u017f"))))
	assert.Equal(t, "\u00c9\ufffd", string(r.FoldKey([]byte("\u00e9\xff"))))
}

// FuzzReader: the Reader accepts exactly what encoding/json accepts, and
// reads scalars as encoding/json decodes them.
func FuzzReader(f *testing.F) {
	for _, doc := range documents {
		if len(doc) < 200 {
			f.Add([]byte(doc))
		}
	}
	f.Fuzz(func(t *testing.T, doc []byte) {
		err := readAll(doc)
		if json.Valid(doc) != (err == nil) {
			t.Fatalf("json.Valid %v, Reader error %v; input %q", json.Valid(doc), err, doc)
		}
		compareScalars(t, doc)
		var elems []json.RawMessage
		if json.Unmarshal(doc, &elems) == nil && elems != nil {
			if n := New(doc).Len(); n != len(elems) {
				t.Fatalf("Len %d, encoding/json finds %d elements in %q", n, len(elems), doc)
			}
		}
	})
}
