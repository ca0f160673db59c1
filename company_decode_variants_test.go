package registerdata_test

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strings"
	"testing"
	"unicode/utf16"

	"github.com/stretchr/testify/require"
)

// A JSON document as a tree that keeps the order of object members, so
// that it can be written back with changes: objects are []member, arrays
// []any, numbers json.Number.
type member struct {
	key string
	val any
}

func parseTree(t testing.TB, data []byte) any {
	t.Helper()
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	v, err := readTree(dec)
	require.NoError(t, err)
	return v
}

func readTree(dec *json.Decoder) (any, error) {
	tok, err := dec.Token()
	if err != nil {
		return nil, err
	}
	switch tok {
	case json.Delim('{'):
		obj := []member{}
		for dec.More() {
			k, err := dec.Token()
			if err != nil {
				return nil, err
			}
			v, err := readTree(dec)
			if err != nil {
				return nil, err
			}
			obj = append(obj, member{k.(string), v})
		}
		_, err := dec.Token()
		return obj, err
	case json.Delim('['):
		arr := []any{}
		for dec.More() {
			v, err := readTree(dec)
			if err != nil {
				return nil, err
			}
			arr = append(arr, v)
		}
		_, err := dec.Token()
		return arr, err
	}
	return tok, nil
}

// countValues counts the values of a tree, itself included.
func countValues(v any) int {
	n := 1
	switch v := v.(type) {
	case []member:
		for _, m := range v {
			n += countValues(m.val)
		}
	case []any:
		for _, e := range v {
			n += countValues(e)
		}
	}
	return n
}

// writer writes a tree back as JSON, changed as its fields say.
type writer struct {
	key         func(string) string // rewrites each key
	escapeAll   bool                // writes every string character as \uXXXX
	decorate    bool                // adds odd characters to strings that are not dates
	space       string              // written around every token
	extra       bool                // adds unknown members to every object
	repeat      func(v any) []any   // the values to write for a member, in order
	number      func(i int) string  // replaces the i-th number
	replace     bool                // replaces value number replaceAt (preorder)
	replaceAt   int                 //
	replacement any                 //
	seen        int                 // values written so far
	numbers     int                 // numbers written so far
}

func (w writer) emit(tree any) []byte {
	var b bytes.Buffer
	w.value(&b, tree)
	return b.Bytes()
}

func (w *writer) value(b *bytes.Buffer, v any) {
	at := w.seen
	w.seen++
	if w.replace && at == w.replaceAt {
		w.replace = false
		w.value(b, w.replacement)
		w.seen = at + countValues(v) // keep the numbering of the original tree
		return
	}
	b.WriteString(w.space)
	defer b.WriteString(w.space)
	switch v := v.(type) {
	case []member:
		b.WriteByte('{')
		for i, m := range v {
			if i > 0 {
				b.WriteByte(',')
			}
			w.member(b, m)
		}
		if w.extra {
			if len(v) > 0 {
				b.WriteByte(',')
			}
			b.WriteString(`"x_unknown":{"a":[1,-2.5e3,{"b":null,"c":true}],"d":"\u00e9\ud83d\ude00"},"Extra_Array":[[],{}]`)
		}
		b.WriteByte('}')
	case []any:
		b.WriteByte('[')
		for i, e := range v {
			if i > 0 {
				b.WriteByte(',')
			}
			w.value(b, e)
		}
		b.WriteByte(']')
	case string:
		w.string(b, v)
	case json.Number:
		if w.number != nil {
			w.numbers++
			b.WriteString(w.number(w.numbers))
		} else {
			b.WriteString(string(v))
		}
	case bool:
		fmt.Fprint(b, v)
	case nil:
		b.WriteString("null")
	default:
		panic(fmt.Sprintf("writer: unexpected %T", v))
	}
}

func (w *writer) member(b *bytes.Buffer, m member) {
	k := m.key
	if w.key != nil {
		k = w.key(k)
	}
	vals := []any{m.val}
	if w.repeat != nil {
		vals = w.repeat(m.val)
	}
	start := w.seen
	for i, v := range vals {
		if i > 0 {
			b.WriteByte(',')
		}
		w.seen = start
		w.string(b, k)
		b.WriteByte(':')
		w.value(b, v)
	}
}

func (w *writer) string(b *bytes.Buffer, s string) {
	if w.decorate && !looksLikeDate(s) {
		s += "\x00\U0001F600\u212a"
	}
	if !w.escapeAll || looksLikeDate(s) { // an escaped date is no date

		enc, _ := json.Marshal(s)
		b.Write(enc)
		if w.decorate && !looksLikeDate(s) {
			b.Truncate(b.Len() - 1)
			b.WriteString(`\ud800\udc00\ud800x\udc00` + "\xff\xfe" + `\/\b\f\n\r\t"`)
		}
		return
	}
	b.WriteByte('"')
	for _, r := range s {
		for _, u := range utf16.Encode([]rune{r}) {
			fmt.Fprintf(b, `\u%04X`, u)
		}
	}
	b.WriteByte('"')
}

func looksLikeDate(s string) bool { return len(s) == 10 && s[4] == '-' && s[7] == '-' }

// variants lists rewrites of a document that must decode the same way
// with both decoders (and successfully).
func variants() map[string]writer {
	twice := func(v any) []any { return []any{v, v} }
	return map[string]writer{
		"as is":      {},
		"upper keys": {key: strings.ToUpper},
		"title keys": {key: func(k string) string { return strings.ToUpper(k[:1]) + k[1:] }},
		"fold runes": {key: strings.NewReplacer("k", "\u212a", "s", "\u017f", "i", "\u0131", "d", "D").Replace},
		"dotted I":   {key: strings.NewReplacer("i", "\u0130").Replace},
		"not folded": {key: strings.NewReplacer("e", "\u00e9").Replace}, // every key unknown
		"escaped":    {escapeAll: true},
		"decorated":  {decorate: true},
		"spaced":     {space: " \t\r\n"},
		"unknown":    {extra: true},
		"duplicates": {repeat: twice},
		"null first": {repeat: func(v any) []any { return []any{nil, v} }},
		"null last":  {repeat: func(v any) []any { return []any{v, nil} }},
		"empty first": {repeat: func(v any) []any {
			switch v.(type) {
			case []member:
				return []any{[]member{}, v}
			case []any:
				return []any{[]any{}, v}
			}
			return []any{v}
		}},
		"arrays shrink and grow": {repeat: func(v any) []any {
			a, ok := v.([]any)
			if !ok || len(a) == 0 {
				return []any{v}
			}
			return []any{a, a[:1], []any{}, a[:1], a}
		}},
		"int64 bounds": {number: func(i int) string {
			return [...]string{"9223372036854775807", "-9223372036854775808", "-0", "0"}[i%4]
		}},
	}
}
