package crm

import (
	"strings"
	"testing"

	"github.com/registerdata/registerdata-go/internal/matcheval"
)

// TestCommittedSetIsCurrent regenerates the CRM-export set and compares
// it with testdata/match_crm.jsonl, and checks that every kind of noise
// has enough records, present and absent.
func TestCommittedSetIsCurrent(t *testing.T) {
	cases := matcheval.Committed(t, Generate, "../../../testdata/match_crm.jsonl", "go run ./internal/matcheval/crm/gen > testdata/match_crm.jsonl")
	present := map[string]int{}
	for _, c := range cases {
		if c.Want != "" {
			present[c.Kind]++
		} else {
			present[strings.SplitN(c.Kind, "_", 2)[0]]++
		}
	}
	for _, k := range kinds {
		if present[k.name] < 30 {
			t.Errorf("kind %s: %d records of a company the register holds, want at least 30", k.name, present[k.name])
		}
	}
	if present["absent"] < 300 || present["ambiguous"] < 100 {
		t.Errorf("%d absent and %d ambiguous records, want at least 300 and 100", present["absent"], present["ambiguous"])
	}
}
