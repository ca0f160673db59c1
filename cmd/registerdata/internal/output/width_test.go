package output

import (
	"strings"
	"testing"
	"unicode"
)

func TestWidth(t *testing.T) {
	for _, tc := range []struct {
		s    string
		want int
	}{
		{"Müller", 6},
		{"Mu\u0308ller", 6}, // u + combining diaeresis
		{"Straße", 6},
		{"ÄÖÜäöüß", 7},
		{"東京", 4},
		{"", 0},
		{"a\u200db", 2}, // zero-width joiner
	} {
		if got := Width(tc.s); got != tc.want {
			t.Errorf("Width(%q) = %d, want %d", tc.s, got, tc.want)
		}
	}
}

func TestTruncate(t *testing.T) {
	for _, tc := range []struct {
		s    string
		w    int
		want string
	}{
		{"Müllerstraße", 20, "Müllerstraße"},
		{"Müllerstraße", 6, "Mülle…"},
		{"Müllerstraße", 1, "…"},
		{"Müllerstraße", 0, ""},
		{"東京都", 4, "東…"},
	} {
		if got := Truncate(tc.s, tc.w); got != tc.want || Width(got) > tc.w {
			t.Errorf("Truncate(%q, %d) = %q, want %q", tc.s, tc.w, got, tc.want)
		}
	}
}

// TestCleanShowsHiddenCharactersOnOneLine: Clean follows the rule of
// every text for people (package visible): bidirectional controls, the
// other format characters and terminal escapes are shown as their code
// points, never obeyed; line breaks and runs of white space become one
// space.
func TestCleanShowsHiddenCharactersOnOneLine(t *testing.T) {
	for in, want := range map[string]string{
		"plain":                     "plain",
		"two\nlines":                "two lines",
		"\x1b[31mred\x1b[0m":        "⟨U+001B⟩[31mred⟨U+001B⟩[0m",
		"  padded  ":                "padded",
		"tab\tand  double":          "tab and double",
		"bad\xffbyte":               "bad\uFFFDbyte",
		"Bahnhofstraße 1\u2028Köln": "Bahnhofstraße 1 Köln",
		"\u202Eevil":                "⟨U+202E⟩evil",
		"gnp\u2066.exe\u2069-ref":   "gnp⟨U+2066⟩.exe⟨U+2069⟩-ref",
		"zero\u200Bwidth\u200E":     "zero⟨U+200B⟩width⟨U+200E⟩",
		"\u061Cx \r\n y":            "⟨U+061C⟩x y",
	} {
		got := Clean(in)
		if got != want {
			t.Errorf("Clean(%q) = %q, want %q", in, got, want)
		}
		for _, r := range got {
			if unicode.IsControl(r) || unicode.Is(unicode.Cf, r) {
				t.Errorf("Clean(%q) kept %U", in, r)
			}
		}
	}
}

func TestWrapKeepsLongWordsWhole(t *testing.T) {
	url := "https://example.de/a/very/long/address/that/must/stay/whole"
	got := Wrap("see "+url+" now", 20)
	want := []string{"see", url, "now"}
	if strings.Join(got, "|") != strings.Join(want, "|") {
		t.Errorf("Wrap = %q, want %q", got, want)
	}
}

func TestTerminalWidth(t *testing.T) {
	for v, want := range map[string]int{"": DefaultWidth, "120": 120, "x": DefaultWidth, "5": DefaultWidth, " 80 ": 80} {
		if got := TerminalWidth(func(string) string { return v }); got != want {
			t.Errorf("COLUMNS=%q: %d, want %d", v, got, want)
		}
	}
}
