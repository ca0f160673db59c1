package visible_test

import (
	"strings"
	"testing"
	"unicode"

	"github.com/registerdata/registerdata-go/internal/race"
	"github.com/registerdata/registerdata-go/visible"
	"github.com/stretchr/testify/assert"
)

// TestTextShowsBidiAndFormatCharactersAsCodePoints: the characters that
// would reorder or hide text (the bidirectional controls of the audit, the
// zero-width ones, a byte-order mark, a soft hyphen, controls) are shown
// as their code points; everything a person should read is kept.
func TestTextShowsBidiAndFormatCharactersAsCodePoints(t *testing.T) {
	for in, want := range map[string]string{
		"plain Müller GmbH & Co. KG":   "plain Müller GmbH & Co. KG",
		"\u202Egnp.exe-ref":            "⟨U+202E⟩gnp.exe-ref",
		"\u202Elive":                   "⟨U+202E⟩live",
		"a\u2066b\u2067c\u2068d\u2069": "a⟨U+2066⟩b⟨U+2067⟩c⟨U+2068⟩d⟨U+2069⟩",
		"\u200Eltr\u200Frtl\u061Calm":  "⟨U+200E⟩ltr⟨U+200F⟩rtl⟨U+061C⟩alm",
		"\u202A\u202B\u202C\u202D":     "⟨U+202A⟩⟨U+202B⟩⟨U+202C⟩⟨U+202D⟩",
		"zero\u200Bwidth\u2060join":    "zero⟨U+200B⟩width⟨U+2060⟩join",
		"\uFEFFbom":                    "⟨U+FEFF⟩bom",
		"soft\u00ADhyphen":             "soft⟨U+00AD⟩hyphen",
		"tag\U000E0041":                "tag⟨U+E0041⟩",
		"\x1b[31mred":                  "⟨U+001B⟩[31mred",
		"bell\x07 nul\x00 del\x7f":     "bell⟨U+0007⟩ nul⟨U+0000⟩ del⟨U+007F⟩",
		"c1\u0085\u009b":               "c1⟨U+0085⟩⟨U+009B⟩",
		"bad\xffbyte":                  "bad\uFFFDbyte",
		"two\nlines\tand\r\u2028sep":   "two\nlines\tand\r\u2028sep",
		"Straße 北京 🙂 عربي":             "Straße 北京 🙂 عربي",
	} {
		assert.Equal(t, want, visible.Text(in), "Text(%q)", in)
	}
}

// TestLineKeepsTextOnOneLine: Line is Text with the layout a text carries
// (tabs, line breaks, the line and paragraph separators) turned into
// spaces, so a piece of outside text cannot start a line of its own.
func TestLineKeepsTextOnOneLine(t *testing.T) {
	for in, want := range map[string]string{
		"plain":                           "plain",
		"two\nlines":                      "two lines",
		"tab\tcr\r\nend":                  "tab cr  end",
		"Bahnhofstraße 1\u2028Köln\u2029": "Bahnhofstraße 1 Köln ",
		"\u202Eevil\n#99":                 "⟨U+202E⟩evil #99",
	} {
		got := visible.Line(in)
		assert.Equal(t, want, got, "Line(%q)", in)
		assert.NotContains(t, got, "\n")
	}
}

// TestNothingHiddenSurvives: over every rune of the Basic Multilingual
// Plane and the planes of tags and private use, neither Text nor Line
// lets a format or control character through (other than the layout Text
// keeps), and each shows a hidden rune by its code point.
func TestNothingHiddenSurvives(t *testing.T) {
	for r := rune(0); r <= 0xE0FFF; r++ {
		if r >= 0x30000 && r < 0xE0000 || r >= 0xD800 && r <= 0xDFFF {
			continue
		}
		s := "x" + string(r) + "y"
		for _, out := range []string{visible.Text(s), visible.Line(s)} {
			for _, got := range out {
				if got == '\t' || got == '\n' || got == '\r' {
					continue
				}
				if unicode.Is(unicode.Cf, got) || unicode.IsControl(got) {
					t.Fatalf("U+%04X: %q keeps %U", r, out, got)
				}
			}
		}
		if visible.Hidden(r) {
			if want := "⟨U+"; !strings.Contains(visible.Text(s), want) {
				t.Fatalf("U+%04X is hidden but not shown by its code point: %q", r, visible.Text(s))
			}
		}
	}
}

// TestLineOfACleanTextAllocatesNothing: a text with nothing to show is
// returned as it is (the common case on every cell of a table).
func TestLineOfACleanTextAllocatesNothing(t *testing.T) {
	if race.Enabled {
		t.Skip("allocation counts mean nothing under the race detector")
	}
	s := strings.Repeat("Nordlicht Logistik GmbH, Hamburg · ", 10)
	if n := testing.AllocsPerRun(100, func() { _ = visible.Line(s) }); n != 0 {
		t.Errorf("Line of a clean text allocated %v times", n)
	}
}
