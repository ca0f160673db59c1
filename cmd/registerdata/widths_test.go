package main

import (
	"strconv"
	"strings"
	"testing"
)

// TestEveryTableAtExtremeWidths renders the tables of several commands on
// very narrow and very wide terminals: they must still succeed, and on a
// wide one no line may be padded with trailing spaces.
func TestEveryTableAtExtremeWidths(t *testing.T) {
	commands := [][]string{
		{"company", "get", nordlicht, "--history"},
		{"company", "owners", nordlicht},
		{"company", "tree", nordlicht},
		{"company", "financials", nordlicht},
		{"search", "companies", "--filter", "legal_form in gmbh,ag"},
		{"search", "insolvencies"},
		{"person", "get", albers},
	}
	for _, width := range []int{1, 20, 37, 200} {
		h := harness{env: map[string]string{"COLUMNS": strconv.Itoa(width)}}
		for _, args := range commands {
			r := h.run(t, append([]string{"--fake"}, args...)...)
			if r.code != 0 {
				t.Errorf("COLUMNS=%d %v: exit %d, stderr %q", width, args, r.code, r.stderr)
			}
			for _, line := range strings.Split(r.stdout, "\n") {
				if strings.HasSuffix(line, " ") {
					t.Errorf("COLUMNS=%d %v: trailing spaces in %q", width, args, line)
				}
			}
		}
	}
}
