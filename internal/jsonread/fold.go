package jsonread

import (
	"unicode"
	"unicode/utf8"
)

// FoldKey returns key folded the way encoding/json matches object keys to
// struct fields when no field name matches exactly: two keys fold to the
// same bytes exactly when encoding/json takes them for the same name.
// Each rune folds to the smallest rune of its Unicode simple case folding
// orbit, as in encoding/json, except that ASCII letters fold to lower
// case, so that a key matches a field named in lower-case ASCII when
// FoldKey(key) equals that name. Besides ASCII letters, only the Kelvin
// sign K and the long s ſ fold to ASCII ('k' and 's').
// The result is valid until the next call on r.
func (r *Reader) FoldKey(key []byte) []byte {
	out := r.fold[:0]
	for i := 0; i < len(key); {
		c := key[i]
		if c < utf8.RuneSelf {
			out = append(out, lowerASCII(c))
			i++
			continue
		}
		rr, n := utf8.DecodeRune(key[i:])
		if f := foldRune(rr); f < utf8.RuneSelf {
			out = append(out, lowerASCII(byte(f)))
		} else {
			out = utf8.AppendRune(out, f)
		}
		i += n
	}
	r.fold = out
	return out
}

func lowerASCII(c byte) byte {
	if 'A' <= c && c <= 'Z' {
		return c + 'a' - 'A'
	}
	return c
}

// foldRune returns the smallest rune of the case folding orbit of r.
func foldRune(r rune) rune {
	least := r
	for f := unicode.SimpleFold(r); f != r; f = unicode.SimpleFold(f) {
		least = min(least, f)
	}
	return least
}
