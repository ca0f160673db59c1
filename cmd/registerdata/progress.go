package main

import (
	"fmt"
	"time"

	"github.com/schollz/progressbar/v3"
)

// progress is the bar of a long run on stderr, drawn only when stderr is
// a terminal (a pipe or a log file gets the summary line alone).
// schollz/progressbar draws it: rate, time left and redrawing at a
// bounded frequency are its job, not the command's.
type progress struct {
	bar *progressbar.ProgressBar
}

// newProgress starts a bar for total rows; a no-op bar off a terminal.
func (a *app) newProgress(total int, verb string) *progress {
	if !a.stderrTTY || total == 0 {
		return &progress{}
	}
	return &progress{bar: progressbar.NewOptions(total,
		progressbar.OptionSetWriter(a.stderr),
		progressbar.OptionSetDescription(verb),
		progressbar.OptionShowCount(),
		progressbar.OptionShowIts(),
		progressbar.OptionSetItsString("rows"),
		progressbar.OptionSetPredictTime(true),
		progressbar.OptionSetWidth(24),
		progressbar.OptionThrottle(100*time.Millisecond),
		progressbar.OptionClearOnFinish(),
	)}
}

// step counts one row, with the rows found and the credits so far.
func (p *progress) step(found int, credits int64) {
	if p.bar == nil {
		return
	}
	p.bar.Describe(fmt.Sprintf("%d found, %d credits", found, credits))
	_ = p.bar.Add(1)
}

// finish clears the bar, so that the summary line stands alone.
func (p *progress) finish() {
	if p.bar != nil {
		_ = p.bar.Finish()
		_ = p.bar.Clear()
	}
}
