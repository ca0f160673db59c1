package matcheval

import (
	"testing"
)

// TestCommittedSetIsCurrent regenerates the evaluation set and compares
// it with testdata/match_eval.jsonl: the generator is deterministic and
// the committed file is its output for the current register.
func TestCommittedSetIsCurrent(t *testing.T) {
	cases := Committed(t, Generate, "../../testdata/match_eval.jsonl", "go run ./internal/matcheval/gen > testdata/match_eval.jsonl")
	kinds := map[string]int{}
	for _, c := range cases {
		kinds[c.Kind]++
	}
	if n := len(cases) - kinds["absent"] - kinds["ambiguous"]; n < 2000 || kinds["absent"] < 300 {
		t.Errorf("%d labelled records of present companies and %d absent; want at least 2,000 and 300", n, kinds["absent"])
	}
	for _, k := range []string{"typo", "former_name", "register", "vat_id", "website", "lei", "transliterated", "suburb", "in_liquidation", "word_dropped", "reordered", "no_form", "form_spelled"} {
		if kinds[k] < 30 {
			t.Errorf("kind %s: %d records, want at least 30", k, kinds[k])
		}
	}
}
