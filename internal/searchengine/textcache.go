package searchengine

import "strings"

// textCache remembers the lower-cased form of recently indexed texts. Most
// text fields repeat a few values (cities, courts, purposes, first and
// last names), and lower-casing one allocates each time. One cache serves
// one worker at a time; a nil cache remembers nothing.
type textCache [recentSize]struct{ in, out string }

// lower is lowerText(s), from the cache when s was seen recently.
func (tc *textCache) lower(s string) string {
	if tc == nil {
		return lowerText(s)
	}
	e := &tc[recentSlot(s)]
	if e.in != s || e.out == "" && s != "" {
		e.in, e.out = s, lowerText(s)
	}
	return e.out
}

// lowerKey is strings.ToLower(s) (untrimmed), from the cache when s was
// seen recently.
func (tc *textCache) lowerKey(s string) string {
	if tc == nil || strings.TrimSpace(s) != s {
		return strings.ToLower(s)
	}
	return tc.lower(s)
}
