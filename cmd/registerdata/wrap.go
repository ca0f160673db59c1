package main

import (
	"bytes"
	"io"
	"strings"
	"sync"

	"github.com/registerdata/registerdata-go/cmd/registerdata/internal/output"
	"github.com/spf13/cobra"
)

// Text for a person is wrapped to the terminal it goes to: help, errors,
// warnings and summaries break at spaces, their continuation lines hang
// under their column (a flag's description under the description, an
// error under its message). Piped or redirected, nothing is wrapped, so
// that scripts and logs see one line per message.

// errWidth is the width of the terminal stderr is, 0 when it is none.
func (a *app) errWidthNow() int {
	if a.errWidth == nil {
		return 0
	}
	return a.errWidth()
}

// wrapStderr makes every line written to stderr wrap to its terminal's
// width, when it is a terminal.
func (a *app) wrapStderr() {
	if w := a.errWidthNow(); w >= output.MinWidth {
		if _, ok := a.stderr.(*lineWrapper); !ok {
			a.stderr = &lineWrapper{w: a.stderr, width: w}
		}
	}
}

// flushStderr writes out a line still held by the stderr wrapper.
func (a *app) flushStderr() {
	if lw, ok := a.stderr.(*lineWrapper); ok {
		lw.Flush()
	}
}

// lineWrapper wraps each complete line written through it to width
// (see output.WrapLine). A write that redraws a line in place (it holds
// a carriage return or an escape sequence and no newline: a progress
// line) passes through at once; of a complete line only the text after
// its last carriage return is wrapped.
type lineWrapper struct {
	mu    sync.Mutex
	w     io.Writer
	width int
	buf   []byte // the start of a line not yet ended
}

func (l *lineWrapper) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.buf = append(l.buf, p...)
	var out bytes.Buffer
	for {
		i := bytes.IndexByte(l.buf, '\n')
		if i < 0 {
			break
		}
		out.WriteString(l.wrap(string(l.buf[:i])))
		out.WriteByte('\n')
		l.buf = l.buf[i+1:]
	}
	if bytes.ContainsAny(l.buf, "\r\x1b") {
		out.Write(l.buf)
		l.buf = l.buf[:0]
	}
	if out.Len() > 0 {
		if _, err := l.w.Write(out.Bytes()); err != nil {
			return 0, err
		}
	}
	return len(p), nil
}

// wrap wraps the text of one line after its last carriage return; a line
// holding escape sequences passes unchanged.
func (l *lineWrapper) wrap(line string) string {
	prefix := ""
	if i := strings.LastIndexByte(line, '\r'); i >= 0 {
		prefix, line = line[:i+1], line[i+1:]
	}
	if strings.ContainsRune(line, '\x1b') {
		return prefix + line
	}
	return prefix + strings.Join(output.WrapLine(line, l.width), "\n")
}

// Flush writes a line not yet ended.
func (l *lineWrapper) Flush() {
	l.mu.Lock()
	defer l.mu.Unlock()
	if len(l.buf) > 0 {
		_, _ = l.w.Write([]byte(l.wrap(string(l.buf))))
		l.buf = l.buf[:0]
	}
}

// wrapHelp makes the help of every command wrap to the width of the
// terminal it is printed on: cobra renders it, then each line wider than
// the terminal is wrapped, examples as shell commands that can still be
// copied (see output.WrapCommand).
func (a *app) wrapHelp(root *cobra.Command) {
	render := root.HelpFunc()
	root.SetHelpFunc(func(cmd *cobra.Command, args []string) {
		w := cmd.OutOrStdout()
		width := 0
		switch w {
		case a.stdout:
			if a.termWidth != nil {
				width = a.termWidth()
			}
		case a.stderr:
			width = a.errWidthNow()
		}
		if width < output.MinWidth {
			render(cmd, args)
			return
		}
		var buf bytes.Buffer
		cmd.SetOut(&buf)
		render(cmd, args)
		cmd.SetOut(w)
		_, _ = io.WriteString(w, wrapHelpText(buf.String(), width))
	})
}

// wrapHelpText wraps a rendered help to width: lines of the Examples
// section as shell commands, every other line under its column.
func wrapHelpText(text string, width int) string {
	var b strings.Builder
	examples := false
	column := 0 // the text column of the line above, 0: none
	for i, line := range strings.Split(text, "\n") {
		if i > 0 {
			b.WriteByte('\n')
		}
		if line != "" && line[0] != ' ' {
			examples = strings.HasPrefix(line, "Examples:")
		}
		hang := output.HangIndent(line, width)
		lead := len(line) - len(strings.TrimLeft(line, " "))
		if hang == lead && column > lead && column < len(line) && line[column-1] == ' ' && line[column] != ' ' {
			// A first column as wide as its padding ("transparency
			// Transparenzregister ..."): the column of the lines around.
			hang = column
		} else if hang > lead {
			column = hang
		} else {
			column = 0
		}
		wrapped := output.WrapLineAt(line, width, hang)
		if examples && strings.HasPrefix(strings.TrimSpace(line), "registerdata ") {
			wrapped = output.WrapCommand(line, width)
		}
		b.WriteString(strings.Join(wrapped, "\n"))
	}
	return b.String()
}
