package searchengine

import (
	"slices"
	"strings"
	"testing"
	"unicode"

	"github.com/stretchr/testify/require"
)

// TestTextCacheLowersLikeStrings runs texts through one cache, several
// times in an order that makes them evict each other, and compares every
// answer with lower-casing afresh.
func TestTextCacheLowersLikeStrings(t *testing.T) {
	texts := []string{"", " ", "Berlin", "BERLIN", "berlin", " Köln ", "MÜNCHEN", "Straße 1", "ǅemal", "\xff\xfeX", "A", "b"}
	for i := range 100 {
		texts = append(texts, strings.Repeat("Ab", i%7+1)+string(rune('A'+i%26)))
	}
	var tc *textCache
	for round := range 3 {
		for _, s := range texts {
			require.Equal(t, lowerText(s), tc.lower(s), "round %d %q", round, s)
			require.Equal(t, strings.ToLower(s), tc.lowerKey(s), "round %d %q", round, s)
		}
		if tc == nil {
			tc = new(textCache)
		}
	}
}

// TestTokensSplitLikeFieldsFunc compares tokens with splitting the
// lower-cased text at every rune that is neither letter nor digit.
func TestTokensSplitLikeFieldsFunc(t *testing.T) {
	for _, s := range []string{"", "  ", "Müller & Müller GmbH", "A-B_C.d  e", "x\xffy", "Ǆ 12ab 12AB", "ŁÓDŹ-Straße 7"} {
		want := strings.FieldsFunc(strings.ToLower(s), func(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsDigit(r) })
		slices.Sort(want)
		want = slices.Compact(want)
		got := tokens(make([]string, 0, 1), s)
		require.Equal(t, len(want), len(got), "%q: %q", s, got)
		for i := range want {
			require.Equal(t, want[i], got[i], "%q", s)
		}
	}
}
