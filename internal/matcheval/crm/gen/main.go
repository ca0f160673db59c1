// Command gen writes the CRM-export evaluation set of MatchCompany as
// JSON Lines to standard output (see crm.Generate):
//
//	go run ./internal/matcheval/crm/gen > testdata/match_crm.jsonl
package main

import (
	"fmt"
	"os"

	"github.com/registerdata/registerdata-go/internal/matcheval/crm"
)

func main() {
	if err := crm.Generate(os.Stdout); err != nil {
		fmt.Fprintln(os.Stderr, "gen:", err)
		os.Exit(1)
	}
}
