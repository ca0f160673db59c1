// Package output renders the command-line tool's tables and profiles:
// columns sized to the terminal, cells measured in display columns (so
// "Müller" and "Mueller" line up by what the eye sees, not by bytes) and
// service text cleaned before it reaches a terminal (Clean: the rule of
// package visible, on one line).
package output

import (
	"os"
	"strconv"
	"strings"
	"unicode"

	"github.com/registerdata/registerdata-go/visible"
)

// DefaultWidth is the width used when $COLUMNS does not say.
const DefaultWidth = 100

// MinWidth is the narrowest width honoured; narrower values of $COLUMNS
// would leave no room for a single column.
const MinWidth = 20

// TerminalWidth returns the width to render for: $COLUMNS as read by
// getenv when it is a number of at least 20, else DefaultWidth. A nil
// getenv reads the process environment.
func TerminalWidth(getenv func(string) string) int {
	if getenv == nil {
		getenv = os.Getenv
	}
	n, err := strconv.Atoi(strings.TrimSpace(getenv("COLUMNS")))
	if err != nil || n < MinWidth {
		return DefaultWidth
	}
	return n
}

// RuneWidth is the number of terminal columns r occupies: 0 for
// combining marks and format characters, 2 for East Asian wide and
// full-width characters, 1 otherwise.
func RuneWidth(r rune) int {
	if r < 0x300 && r != 0 && r != 0xAD { // ASCII and Latin up to the combining marks, soft hyphen aside
		return 1
	}
	switch {
	case r == 0 || unicode.Is(unicode.Mn, r) || unicode.Is(unicode.Me, r) || unicode.Is(unicode.Cf, r):
		return 0
	case isWide(r):
		return 2
	}
	return 1
}

// isWide reports the East Asian wide and full-width ranges a register
// name can plausibly hold (CJK, Hangul, full-width forms, emoji).
func isWide(r rune) bool {
	return r >= 0x1100 && (r <= 0x115F || // Hangul Jamo
		(r >= 0x2E80 && r <= 0xA4CF && r != 0x303F) || // CJK ... Yi
		(r >= 0xAC00 && r <= 0xD7A3) || // Hangul syllables
		(r >= 0xF900 && r <= 0xFAFF) || // CJK compatibility ideographs
		(r >= 0xFE30 && r <= 0xFE4F) || // CJK compatibility forms
		(r >= 0xFF00 && r <= 0xFF60) || // full-width forms
		(r >= 0xFFE0 && r <= 0xFFE6) ||
		(r >= 0x1F300 && r <= 0x1F64F) || // emoji
		(r >= 0x1F900 && r <= 0x1F9FF) ||
		(r >= 0x20000 && r <= 0x3FFFD)) // CJK extensions
}

// Width is the number of terminal columns s occupies on one line.
func Width(s string) int {
	n := 0
	for _, r := range s {
		n += RuneWidth(r)
	}
	return n
}

// Clean makes service text safe and single-line for a terminal, by the
// rule of every text for people (visible.Line): bidirectional controls,
// the other format characters and control characters (escape sequences
// among them) are shown as their code points, "⟨U+202E⟩", never obeyed;
// invalid UTF-8 becomes U+FFFD; line breaks, tabs, the line and paragraph
// separators and runs of white space become one space, and the ends are
// trimmed. Clean each piece of outside text, never a block the program
// laid out: its line breaks would become spaces.
func Clean(s string) string {
	s = visible.Line(s)
	clean := true
	for i, r := range s {
		if (r == ' ' && (i == 0 || i == len(s)-1 || s[i+1] == ' ')) || (r != ' ' && unicode.IsSpace(r)) {
			clean = false
			break
		}
	}
	if clean {
		return s
	}
	var b strings.Builder
	space := false
	for _, r := range s {
		if unicode.IsSpace(r) {
			space = b.Len() > 0
			continue
		}
		if space {
			b.WriteByte(' ')
			space = false
		}
		b.WriteRune(r)
	}
	return b.String()
}

// Truncate shortens s to at most w columns, ending it with "…" when
// anything was cut. It never splits a rune or separates a combining mark
// from its base.
func Truncate(s string, w int) string {
	if Width(s) <= w {
		return s
	}
	if w <= 0 {
		return ""
	}
	used := 0
	for i, r := range s {
		rw := RuneWidth(r)
		if used+rw > w-1 {
			return s[:i] + "…"
		}
		used += rw
	}
	return s // not reached: s is wider than w
}

// Pad fills s with spaces to w columns, on the right (left-aligned) or
// on the left (right-aligned). A wider s is returned unchanged.
func Pad(s string, w int, right bool) string {
	gap := w - Width(s)
	if gap <= 0 {
		return s
	}
	if right {
		return strings.Repeat(" ", gap) + s
	}
	return s + strings.Repeat(" ", gap)
}

// Wrap breaks s into lines of at most w columns at spaces. A word longer
// than w (an address, a URL) stands whole on a line of its own, so that it
// can still be copied; the terminal wraps it. It returns at least one line.
func Wrap(s string, w int) []string {
	words := strings.Fields(s)
	if len(words) == 0 {
		return []string{""}
	}
	var lines []string
	line := ""
	for _, word := range words {
		switch {
		case line == "":
			line = word
		case Width(line)+1+Width(word) <= w:
			line += " " + word
		default:
			lines = append(lines, line)
			line = word
		}
	}
	return append(lines, line)
}
