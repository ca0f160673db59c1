package places

import (
	"fmt"
	"slices"
	"strings"
	"testing"
)

// The cache of split city texts answers as splitting does, and stays
// within its bounds whatever texts arrive.
func TestCityWordsCacheAnswersAsSplittingAndStaysBounded(t *testing.T) {
	texts := []string{"Frankfurt a.M.", "Berlin-Mitte", "Schwabing", "Münster (Westf.)", "  Köln, Nippes ", "", "Freiburg i. Br."}
	for _, s := range texts {
		first, again := cityWords(s), cityWords(s)
		if want := splitCityWords(s); !slices.Equal(first, want) || !slices.Equal(again, want) {
			t.Errorf("cityWords(%q) = %v then %v, want %v", s, first, again, want)
		}
	}
	long := strings.Repeat("Großstadt ", 20)
	if !SameCity(long, long) {
		t.Errorf("a long city text is not the same city as itself")
	}
	for i := range 2 * maxCachedCities {
		SameCity(fmt.Sprintf("Ort %d", i), "Berlin")
	}
	n := 0
	cityWordsCache.Range(func(k, _ any) bool {
		n++
		if len(k.(string)) > maxCachedCity {
			t.Errorf("cached a text of %d bytes, more than %d", len(k.(string)), maxCachedCity)
		}
		return true
	})
	if n > maxCachedCities || int64(n) != cityWordsCached.Load() {
		t.Errorf("the cache holds %d texts (counted %d), at most %d allowed", n, cityWordsCached.Load(), maxCachedCities)
	}
	if !SameCity("Ort 99999", "Ort 99999") || SameCity("Ort 99998", "Berlin") {
		t.Errorf("texts beyond the cache's bound are not compared as before")
	}
}
