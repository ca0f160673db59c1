package matcheval

import (
	"bufio"
	"encoding/json"
	"fmt"
	"io"

	registerdata "github.com/registerdata/registerdata-go"
	"github.com/registerdata/registerdata-go/fake"
)

// The development set (testdata/match_dev.jsonl) is a sample of labelled
// queries written apart from the matcher and from this package's
// generators, over the register of DevServerOptions. Its lines carry a
// class: "present" (company_id is the Best), "ambiguous" (2 to 4 fit:
// Best must be nil), "conflict" (a register reference with another
// company's name: Best nil or the referenced company) and "absent".

// DevGenerated is how many generated companies the development set's
// register holds, besides the curated ones (no hard cases).
const DevGenerated = 20000

// DevServerOptions are the options of the fake whose register the
// development set was labelled against.
func DevServerOptions() []fake.Option {
	return []fake.Option{fake.WithGenerated(DevGenerated)}
}

// devLine is one line of the development set.
type devLine struct {
	Kind      string                  `json:"kind"`
	Class     string                  `json:"class"`
	Query     registerdata.MatchQuery `json:"query"`
	CompanyID string                  `json:"company_id"`
}

// ReadDev decodes the development set into cases: a present line's
// company is Want, a conflict's is Conflict.
func ReadDev(r io.Reader) ([]Case, error) {
	var out []Case
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 64<<10), 1<<20)
	for line := 1; sc.Scan(); line++ {
		var d devLine
		if err := json.Unmarshal(sc.Bytes(), &d); err != nil {
			return nil, fmt.Errorf("matcheval: development set, line %d: %w", line, err)
		}
		c := Case{Query: d.Query, Kind: d.Kind}
		switch d.Class {
		case "present":
			c.Want = d.CompanyID
		case "conflict":
			c.Conflict = d.CompanyID
		case "absent", "ambiguous":
		default:
			return nil, fmt.Errorf("matcheval: development set, line %d: class %q is none of present, ambiguous, conflict and absent", line, d.Class)
		}
		if d.Class == "present" && d.CompanyID == "" {
			return nil, fmt.Errorf("matcheval: development set, line %d: a present query without company_id", line)
		}
		out = append(out, c)
	}
	return out, sc.Err()
}
