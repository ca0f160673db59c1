package main

import (
	"fmt"
	"io"
	"strings"
	"time"

	"github.com/registerdata/registerdata-go/cmd/registerdata/internal/output"
)

// progress is the one-line progress display of a long run on stderr,
// drawn only when stderr is a terminal (a pipe or a log file gets the
// summary line alone). The line never reaches the terminal's last column,
// so the terminal never wraps it and each redraw ("\r", the line, erase
// to the end) overwrites the one before: what does not fit is dropped,
// the least important part first (the bar, the rate, the time left, the
// credits, the rows found), the count of rows done last of all. finish
// erases it, so that the command's summary line stands alone where it
// was.
type progress struct {
	w         io.Writer
	width     int
	verb      string
	total     int
	done      int
	now       func() time.Time
	start     time.Time
	lastDrawn time.Time
	drawn     bool
}

// redrawEvery is the shortest time between two redraws; the last row is
// always drawn.
const redrawEvery = 100 * time.Millisecond

// newProgress starts a progress line for total rows; a no-op off a
// terminal.
func (a *app) newProgress(total int, verb string) *progress {
	if !a.stderrTTY || total == 0 {
		return &progress{}
	}
	width := a.errWidthNow()
	if width < output.MinWidth {
		width = output.TerminalWidth(a.getenv)
	}
	now := a.now
	if now == nil {
		now = time.Now
	}
	return &progress{w: a.stderr, width: width, verb: verb, total: total, now: now, start: now()}
}

// step counts one row, with the rows found and the credits so far.
func (p *progress) step(found int, credits int64) {
	if p.w == nil {
		return
	}
	p.done++
	t := p.now()
	if p.drawn && (p.total < 0 || p.done < p.total) && t.Sub(p.lastDrawn) < redrawEvery {
		return
	}
	p.drawn, p.lastDrawn = true, t
	fmt.Fprintf(p.w, "\r%s\x1b[K", p.line(found, credits, t.Sub(p.start)))
}

// finish erases the line, so that the summary line stands alone.
func (p *progress) finish() {
	if p.w != nil && p.drawn {
		fmt.Fprint(p.w, "\r\x1b[K")
	}
}

// line is the progress line after elapsed, at most width-1 columns.
func (p *progress) line(found int, credits int64, elapsed time.Duration) string {
	head := fmt.Sprintf("%s %d/%d rows", p.verb, p.done, p.total)
	if p.total < 0 { // unknown: standard input streamed without --out
		head = fmt.Sprintf("%s %d rows", p.verb, p.done)
	}
	// The parts after the count, most important first.
	parts := []string{fmt.Sprintf("%d found, %d credits", found, credits)}
	if elapsed > 0 && p.done > 0 {
		rate := float64(p.done) / elapsed.Seconds()
		if left := p.total - p.done; p.total > 0 && left > 0 {
			parts = append(parts, "~"+(time.Duration(float64(left)/rate*float64(time.Second))).Round(time.Second).String()+" left")
		}
		parts = append(parts, fmt.Sprintf("%.1f rows/s", rate))
	}
	room := p.width - 1
	for n := len(parts); n >= 0; n-- {
		s := head
		if n > 0 {
			s += " · " + strings.Join(parts[:n], " · ")
		}
		if output.Width(s) > room {
			continue
		}
		// The bar, least important, takes what is left (10 to 30 columns).
		if bw := min(room-output.Width(s)-3, 30); bw >= 10 && n == len(parts) && p.total > 0 {
			fill := min(bw*p.done/p.total, bw) // never past the end, should more rows come than counted
			s = head + " [" + strings.Repeat("=", fill) + strings.Repeat(" ", bw-fill) + "]" + s[len(head):]
		}
		return s
	}
	return output.Truncate(head, room)
}
