package holdout

import (
	"strings"
	"testing"

	"github.com/registerdata/registerdata-go/internal/matcheval"
)

// TestCommittedSetIsCurrent regenerates the held-out set and compares it
// with testdata/match_holdout.jsonl, and checks that it holds every kind
// of noise with enough records.
func TestCommittedSetIsCurrent(t *testing.T) {
	cases := matcheval.Committed(t, Generate, "../../../testdata/match_holdout.jsonl", "go run ./internal/matcheval/holdout/gen > testdata/match_holdout.jsonl")
	kinds := map[string]int{}
	for _, c := range cases {
		kinds[strings.TrimPrefix(c.Kind, "ambiguous_")]++
		if c.Want == "" && !strings.HasPrefix(c.Kind, "ambiguous_") && !strings.HasPrefix(c.Kind, "absent") {
			t.Errorf("record of kind %s has no company", c.Kind)
		}
	}
	for _, k := range kindList {
		if kinds[k.name] < perKind {
			t.Errorf("kind %s: %d records, want %d", k.name, kinds[k.name], perKind)
		}
	}
	if kinds["absent"]+kinds["absent_other_form"] != absentRecords {
		t.Errorf("%d absent records, want %d", kinds["absent"]+kinds["absent_other_form"], absentRecords)
	}
}

func TestIdentity(t *testing.T) {
	for _, p := range [][2]string{{"Müller & Söhne Maschinenbau", "Mueller und Soehne Maschinenbau"}, {"NordBau", "Nord-Bau"}, {"Süd Handel", "SUEDHANDEL"}} {
		if identity(p[0]) != identity(p[1]) {
			t.Errorf("identity(%q) = %q, identity(%q) = %q: want equal", p[0], identity(p[0]), p[1], identity(p[1]))
		}
	}
	if identity("NordBau") == identity("NordBank") {
		t.Error("identity does not tell NordBau from NordBank")
	}
}
