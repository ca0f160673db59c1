package output

import (
	"strings"
	"testing"
)

func TestWrapLineHangsUnderItsColumn(t *testing.T) {
	for _, tc := range []struct {
		line string
		want []string
	}{
		{"      --json       print the service's JSON as received, for jq (JSON Lines with --all)",
			[]string{"      --json       print the service's JSON as received, for jq (JSON", "                   Lines with --all)"}},
		{"registerdata: no API key: set REGISTERDATA_API_KEY to the key from the dashboard",
			[]string{"registerdata: no API key: set REGISTERDATA_API_KEY to the key from the", "              dashboard"}},
		{"A paragraph of plain text that goes on and on beyond the width of the terminal",
			[]string{"A paragraph of plain text that goes on and on beyond the width of the", "terminal"}},
		{"short", []string{"short"}},
	} {
		got := WrapLine(tc.line, 72)
		if strings.Join(got, "\n") != strings.Join(tc.want, "\n") {
			t.Errorf("WrapLine(%q):\n%s\nwant\n%s", tc.line, strings.Join(got, "\n"), strings.Join(tc.want, "\n"))
		}
		for _, l := range got {
			if Width(l) > 72 {
				t.Errorf("line of %d columns: %q", Width(l), l)
			}
		}
	}
}

func TestWrapCommandKeepsQuotedWordsAndCanBeCopied(t *testing.T) {
	line := "  registerdata search companies --filter 'city=Berlin' --filter 'legal_form in gmbh,ag'"
	got := WrapCommand(line, 60)
	want := []string{"  registerdata search companies --filter 'city=Berlin' \\", "      --filter 'legal_form in gmbh,ag'"}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("got\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}
