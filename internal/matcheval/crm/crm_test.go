package crm

import (
	"bytes"
	"os"
	"strings"
	"testing"

	"github.com/registerdata/registerdata-go/internal/matcheval"
)

// TestCommittedSetIsCurrent regenerates the CRM-export set and compares
// it with testdata/match_crm.jsonl, and checks that every kind of noise
// has enough records, present and absent.
func TestCommittedSetIsCurrent(t *testing.T) {
	if testing.Short() {
		t.Skip("generates the whole set over 20,000 companies")
	}
	var buf bytes.Buffer
	if err := Generate(&buf); err != nil {
		t.Fatal(err)
	}
	committed, err := os.ReadFile("../../../testdata/match_crm.jsonl")
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(buf.Bytes(), committed) {
		t.Fatal("testdata/match_crm.jsonl is not what the generator writes: run go run ./internal/matcheval/crm/gen > testdata/match_crm.jsonl")
	}
	cases, err := matcheval.Read(&buf)
	if err != nil {
		t.Fatal(err)
	}
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
