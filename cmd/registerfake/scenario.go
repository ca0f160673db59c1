package main

import (
	"bufio"
	"fmt"
	"io"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/registerdata/registerdata-go/fake"
)

// listWidth is the width -list-scenarios wraps its text to: an
// 80-column terminal.
const listWidth = 78

// writeScenarios prints every scenario of the fake: its name and what it
// plays, then each event with its fake-clock offset from the start,
// wrapped to listWidth columns.
func writeScenarios(w io.Writer) error {
	bw := bufio.NewWriter(w)
	for i, sc := range fake.Scenarios() {
		if i > 0 {
			fmt.Fprintln(bw)
		}
		fmt.Fprintln(bw, sc.Name)
		writeWrapped(bw, "  ", "  ", sc.Summary)
		for _, st := range sc.Steps {
			at := fmt.Sprintf("  %-6s ", offset(st.Offset))
			writeWrapped(bw, at, strings.Repeat(" ", len(at)), st.What)
		}
	}
	fmt.Fprintln(bw)
	writeWrapped(bw, "", "", `Offsets count on the fake clock from the start; advance it with POST /_fake/clock/advance {"seconds": n}. Monitors deliver each change at their next check (weekly, or daily); GET /_fake/scenario shows the company picked and the progress.`)
	return bw.Flush()
}

// writeWrapped writes text in lines of at most listWidth columns (a word
// longer than that stands alone), the first after first, the others
// after rest.
func writeWrapped(w io.Writer, first, rest, text string) {
	line, n := first, utf8.RuneCountInString(first)
	empty := true
	for _, word := range strings.Fields(text) {
		wn := utf8.RuneCountInString(word)
		if !empty && n+1+wn > listWidth {
			fmt.Fprintln(w, line)
			line, n, empty = rest, utf8.RuneCountInString(rest), true
		}
		if !empty {
			line += " "
			n++
		}
		line += word
		n += wn
		empty = false
	}
	fmt.Fprintln(w, line)
}

// writeActiveScenario prints the scenario played: the company the seed
// picked and when each event falls due.
func writeActiveScenario(w io.Writer, st fake.ScenarioState) {
	fmt.Fprintf(w, "scenario %s: %s %s\n", st.Name, st.CompanyID, st.CompanyName)
	for _, s := range st.Steps {
		state := "due"
		if s.Done {
			state = "done"
		}
		fmt.Fprintf(w, "  %s  %s  %s  %s\n", offset(time.Duration(s.OffsetSeconds)*time.Second), s.At.UTC().Format(time.RFC3339), state, s.What)
	}
}

// offset writes d as "+Nd" for whole days, else as a duration.
func offset(d time.Duration) string {
	const day = 24 * time.Hour
	if d%day == 0 {
		return fmt.Sprintf("+%dd", d/day)
	}
	return "+" + d.String()
}
