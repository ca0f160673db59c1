// Package matcheval is the evaluation set of MatchCompany: labelled
// customer records built from the fake's register with the noise real
// customer data has, and the register they were built from. The set is
// testdata/match_eval.jsonl, written by the program in ./gen:
//
//	go run ./internal/matcheval/gen > testdata/match_eval.jsonl
package matcheval

import (
	"bufio"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"slices"
	"strings"

	registerdata "github.com/registerdata/registerdata-go"
	"github.com/registerdata/registerdata-go/fake"
)

// Generated is how many generated companies the register of the set
// holds, besides the curated ones and the hard cases.
const Generated = 2000

// ServerOptions are the options of the fake whose register the set was
// built from.
func ServerOptions() []fake.Option {
	return []fake.Option{fake.WithGenerated(Generated), fake.WithHardCases()}
}

// Case is one labelled query.
type Case struct {
	// Query is the customer record.
	Query registerdata.MatchQuery `json:"query"`
	// Want is the company the record means; empty when the register does
	// not hold it (Kind "absent") or the record cannot tell two
	// companies apart (Kind "ambiguous").
	Want string `json:"want,omitempty"`
	// Kind is the noise the record carries ("typo", "former_name", ...),
	// or "absent" or "ambiguous".
	Kind string `json:"kind"`
	// Conflict, when set, is the company whose register reference the
	// record gives with another company's name: no Best, or this one, is
	// right.
	Conflict string `json:"conflict,omitempty"`
}

// Write writes cases as JSON Lines to w, one case a line, with "<", ">"
// and "&" as they are: the form the sets are committed in and Read
// reads.
func Write(w io.Writer, cases []Case) error {
	out := bufio.NewWriter(w)
	enc := json.NewEncoder(out)
	enc.SetEscapeHTML(false)
	for _, c := range cases {
		if err := enc.Encode(c); err != nil {
			return err
		}
	}
	return out.Flush()
}

// Read decodes a set written by the generator.
func Read(r io.Reader) ([]Case, error) {
	var out []Case
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 64<<10), 1<<20)
	for line := 1; sc.Scan(); line++ {
		var c Case
		if err := json.Unmarshal(sc.Bytes(), &c); err != nil {
			return nil, fmt.Errorf("matcheval: line %d: %w", line, err)
		}
		out = append(out, c)
	}
	return out, sc.Err()
}

// Figures are the outcome of matching a set.
type Figures struct {
	Present, Absent, Ambiguous int // cases of each label
	Conflicts                  int // cases with another company's register reference
	BestSet, BestRight         int // present cases with a Best, and with the right one
	WrongOnOthers              int // absent or ambiguous cases given a Best
	NoneOnAbsent               int // absent cases without a Best
	NoneOnAmbiguous            int // ambiguous cases without a Best
	Credits                    int64
	Errors                     int // matches that failed, but for Refused
	Refused                    int // queries the matcher refused as invalid: no Best
	// Kinds are the figures of each kind of record.
	Kinds map[string]*KindFigures
}

// KindFigures are the outcome of the records of one kind.
type KindFigures struct {
	Cases   int   // records of the kind
	Right   int   // the right outcome: the company meant, or no Best when none is meant
	Wrong   int   // a Best that is not the company meant
	Credits int64 // credits spent on them
}

// Rate is the share of the kind's records with the right outcome.
func (k KindFigures) Rate() float64 { return ratio(k.Right, k.Cases) }

// MeanCredits is the credits spent per record of the kind.
func (k KindFigures) MeanCredits() float64 {
	if k.Cases == 0 {
		return 0
	}
	return float64(k.Credits) / float64(k.Cases)
}

// KindNames are the kinds seen, sorted.
func (f Figures) KindNames() []string {
	out := make([]string, 0, len(f.Kinds))
	for k := range f.Kinds {
		out = append(out, k)
	}
	slices.Sort(out)
	return out
}

// Add counts one outcome.
func (f *Figures) Add(c Case, m *registerdata.Match, err error) {
	switch {
	case c.Want != "":
		f.Present++
	case c.Kind == "absent" || strings.HasPrefix(c.Kind, "absent_"):
		f.Absent++
	case c.Conflict != "":
		f.Conflicts++
	default:
		f.Ambiguous++
	}
	if f.Kinds == nil {
		f.Kinds = map[string]*KindFigures{}
	}
	k := f.Kinds[c.Kind]
	if k == nil {
		k = &KindFigures{}
		f.Kinds[c.Kind] = k
	}
	k.Cases++
	if errors.Is(err, registerdata.ErrInvalidRequest) {
		// The matcher refuses the query (an identifier failing its
		// check digits and nothing else): no Best.
		f.Refused++
		err, m = nil, &registerdata.Match{}
	}
	if err != nil {
		f.Errors++
		return
	}
	f.Credits += m.Credits
	k.Credits += m.Credits
	switch {
	case m.Best == nil && c.Want == "", m.Best != nil && m.Best.CompanyID == c.Want,
		c.Conflict != "" && m.Best != nil && m.Best.CompanyID == c.Conflict:
		k.Right++
	case m.Best != nil:
		k.Wrong++
	}
	switch {
	case c.Want != "" && m.Best != nil:
		f.BestSet++
		if m.Best.CompanyID == c.Want {
			f.BestRight++
		}
	case c.Conflict != "":
		if m.Best != nil && m.Best.CompanyID != c.Conflict {
			f.WrongOnOthers++
		}
	case c.Want == "" && m.Best != nil:
		f.WrongOnOthers++
	case c.Kind == "absent" || strings.HasPrefix(c.Kind, "absent_"):
		f.NoneOnAbsent++
	case c.Want == "":
		f.NoneOnAmbiguous++
	}
}

// Precision is the share of Bests that are right, over every case that
// got one (a Best on an absent or ambiguous record is wrong).
func (f Figures) Precision() float64 {
	return ratio(f.BestRight, f.BestSet+f.WrongOnOthers)
}

// Recall is the share of present records whose Best is right.
func (f Figures) Recall() float64 { return ratio(f.BestRight, f.Present) }

// SafeRate is the share of ambiguous records without a Best.
func (f Figures) SafeRate() float64 { return ratio(f.NoneOnAmbiguous, f.Ambiguous) }

// NoneRate is the share of absent records without a Best.
func (f Figures) NoneRate() float64 { return ratio(f.NoneOnAbsent, f.Absent) }

// MeanCredits is the credits spent per record.
func (f Figures) MeanCredits() float64 {
	n := f.Present + f.Absent + f.Ambiguous + f.Conflicts
	if n == 0 {
		return 0
	}
	return float64(f.Credits) / float64(n)
}

func ratio(a, b int) float64 {
	if b == 0 {
		return 0
	}
	return float64(a) / float64(b)
}
