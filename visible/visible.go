package visible

import (
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"
)

// Hidden reports whether Text shows r as its code point: a format
// character (Unicode category Cf: the bidirectional embeddings,
// overrides, isolates and marks U+202A-U+202E, U+2066-U+2069, U+200E,
// U+200F and U+061C, the zero-width characters, U+FEFF, U+00AD and the
// others) or a control character other than a tab, a line feed and a
// carriage return.
func Hidden(r rune) bool {
	if r < 0x7F {
		return r < 0x20 && r != '\t' && r != '\n' && r != '\r'
	}
	return unicode.IsControl(r) || unicode.Is(unicode.Cf, r)
}

// breaks reports the characters Line turns into a space.
func breaks(r rune) bool {
	return r == '\t' || r == '\n' || r == '\r' || r == '\u2028' || r == '\u2029'
}

// Text is s with every character Hidden reports shown as its code point,
// "⟨U+202E⟩" (four hex digits at least, upper case), and invalid UTF-8
// as U+FFFD. Everything else, tabs and line breaks among it, is kept.
// A text with nothing to show is returned as it is, without copying.
func Text(s string) string { return show(s, false) }

// Line is Text on one line: tabs, line feeds, carriage returns and the
// line and paragraph separators (U+2028, U+2029) become spaces.
func Line(s string) string { return show(s, true) }

func show(s string, oneLine bool) string {
	i := firstToShow(s, oneLine)
	if i < 0 {
		return s
	}
	var b strings.Builder
	b.Grow(len(s) + 16)
	b.WriteString(s[:i])
	for len(s[i:]) > 0 {
		r, n := utf8.DecodeRuneInString(s[i:])
		switch {
		case r == utf8.RuneError && n == 1:
			b.WriteRune(utf8.RuneError)
		case oneLine && breaks(r):
			b.WriteByte(' ')
		case Hidden(r):
			writeCodePoint(&b, r)
		default:
			b.WriteString(s[i : i+n])
		}
		i += n
	}
	return b.String()
}

// firstToShow is the byte offset of the first rune show changes, or -1.
func firstToShow(s string, oneLine bool) int {
	for i, r := range s {
		if r < 0x7F && r >= 0x20 {
			continue
		}
		if Hidden(r) || (oneLine && breaks(r)) {
			return i
		}
		if r == utf8.RuneError {
			if _, n := utf8.DecodeRuneInString(s[i:]); n == 1 {
				return i
			}
		}
	}
	return -1
}

// writeCodePoint writes "⟨U+202E⟩" for r.
func writeCodePoint(b *strings.Builder, r rune) {
	b.WriteString("⟨U+")
	hex := strings.ToUpper(strconv.FormatInt(int64(r), 16))
	for range 4 - len(hex) {
		b.WriteByte('0')
	}
	b.WriteString(hex)
	b.WriteString("⟩")
}
