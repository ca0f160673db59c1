// Command gen writes the evaluation set of MatchCompany as JSON Lines to
// standard output (see matcheval.Generate):
//
//	go run ./internal/matcheval/gen > testdata/match_eval.jsonl
package main

import (
	"fmt"
	"os"

	"github.com/registerdata/registerdata-go/internal/matcheval"
)

func main() {
	if err := matcheval.Generate(os.Stdout); err != nil {
		fmt.Fprintln(os.Stderr, "gen:", err)
		os.Exit(1)
	}
}
