package main

import (
	"fmt"
	"io"
	"text/tabwriter"
	"time"

	"github.com/registerdata/registerdata-go/fake"
)

// writeScenarios prints every scenario of the fake: its name and what it
// plays, then each event with its fake-clock offset from the start.
func writeScenarios(w io.Writer) error {
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	for i, sc := range fake.Scenarios() {
		if i > 0 {
			fmt.Fprintln(tw)
		}
		fmt.Fprintf(tw, "%s\t%s\n", sc.Name, sc.Summary)
		for _, st := range sc.Steps {
			fmt.Fprintf(tw, "  %s\t%s\n", offset(st.Offset), st.What)
		}
	}
	fmt.Fprintln(tw, "\nOffsets count on the fake clock from the start; advance it with POST /_fake/clock/advance {\"seconds\": n}.")
	fmt.Fprintln(tw, "Monitors deliver each change at their next check (weekly, or daily); GET /_fake/scenario shows the company picked and the progress.")
	return tw.Flush()
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
