// Command gen writes the second evaluation set of MatchCompany as JSON
// Lines to standard output (see holdout.Generate):
//
//	go run ./internal/matcheval/holdout/gen > testdata/match_holdout.jsonl
package main

import (
	"fmt"
	"os"

	"github.com/registerdata/registerdata-go/internal/matcheval/holdout"
)

func main() {
	if err := holdout.Generate(os.Stdout); err != nil {
		fmt.Fprintln(os.Stderr, "gen:", err)
		os.Exit(1)
	}
}
