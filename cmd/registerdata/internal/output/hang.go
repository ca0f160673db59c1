package output

import (
	"strings"
)

// minHangRoom is the fewest columns a hanging indent leaves for text;
// a deeper column hangs under the line's own indent instead.
const minHangRoom = 24

// HangIndent is the column under which the continuation lines of line
// go when it is wrapped: the start of its text column when the line is
// laid out in columns ("  --fake       run against ...": under "run"),
// after a leading label ("registerdata: the message", "warning: ...":
// under the message), else the line's own indent (under "- " for a list
// item, two further). A column that would leave fewer than 24 columns of
// width for text falls back to the line's own indent.
func HangIndent(line string, width int) int {
	lead := len(line) - len(strings.TrimLeft(line, " "))
	body := line[lead:]
	hang := lead
	switch {
	case strings.HasPrefix(body, "- ") || strings.HasPrefix(body, "* "):
		hang = lead + 2
	default:
		if i := strings.Index(body, "  "); i > 0 && i <= 40 {
			// The text column starts after the run of spaces.
			j := i
			for j < len(body) && body[j] == ' ' {
				j++
			}
			if j < len(body) {
				hang = lead + Width(body[:j])
			}
		} else if i := strings.Index(body, ": "); i > 0 && i <= 24 && !strings.Contains(body[:i], " ") {
			hang = lead + Width(body[:i+2])
		}
	}
	if width-hang < minHangRoom {
		hang = min(lead, max(width-minHangRoom, 0))
	}
	return hang
}

// WrapLine breaks one line (no newline in it) into lines of at most
// width columns at spaces, the continuation lines indented under the
// line's column (see HangIndent). A word too long for the room stands
// whole on a line of its own. A line that fits, or a width below
// MinWidth, is returned unchanged.
func WrapLine(line string, width int) []string {
	return WrapLineAt(line, width, HangIndent(line, width))
}

// WrapLineAt is WrapLine with the continuation lines indented hang
// columns (a column found on the lines around this one).
func WrapLineAt(line string, width, hang int) []string {
	if width < MinWidth || Width(line) <= width {
		return []string{line}
	}
	hang = min(max(hang, 0), max(width-minHangRoom, 0))
	lead := len(line) - len(strings.TrimLeft(line, " "))
	first, rest := splitAt(line, lead, width)
	out := []string{first}
	pad := strings.Repeat(" ", hang)
	for _, l := range Wrap(rest, width-hang) {
		out = append(out, pad+l)
	}
	return out
}

// splitAt returns the longest head of line, ending at a space, that fits
// width (at least its first word), and the rest without its leading
// spaces. The column layout of the head (runs of spaces) is kept.
func splitAt(line string, lead, width int) (head, rest string) {
	cut := -1
	used := 0
	for i, r := range line {
		if i >= lead && r == ' ' && used <= width && i > lead {
			cut = i
		}
		used += RuneWidth(r)
		if used > width && cut > 0 {
			break
		}
	}
	if cut < 0 {
		// One long word: it stands whole on the first line.
		if sp := strings.IndexByte(line[lead:], ' '); sp > 0 {
			cut = lead + sp
		} else {
			return line, ""
		}
	}
	return strings.TrimRight(line[:cut], " "), strings.TrimLeft(line[cut:], " ")
}

// WrapText wraps every line of text that is wider than width (see
// WrapLine), keeping the line breaks it has. A width below MinWidth
// (0: not a terminal) leaves text unchanged.
func WrapText(text string, width int) string {
	if width < MinWidth {
		return text
	}
	lines := strings.Split(text, "\n")
	var b strings.Builder
	for i, line := range lines {
		if i > 0 {
			b.WriteByte('\n')
		}
		b.WriteString(strings.Join(WrapLine(line, width), "\n"))
	}
	return b.String()
}

// WrapCommand breaks a shell command line wider than width at spaces
// outside quotes, ending each broken line with " \" and indenting the
// continuations four columns further, so that the wrapped command can
// still be copied and run as it is.
func WrapCommand(line string, width int) []string {
	if width < MinWidth || Width(line) <= width {
		return []string{line}
	}
	lead := len(line) - len(strings.TrimLeft(line, " "))
	words := shellWords(line[lead:])
	pad := strings.Repeat(" ", lead)
	cont := strings.Repeat(" ", min(lead+4, width/2))
	var out []string
	cur := pad
	curHas := false
	for _, w := range words {
		if curHas && Width(cur)+1+Width(w)+2 > width {
			out = append(out, cur+" \\")
			cur, curHas = cont, false
		}
		if curHas {
			cur += " "
		}
		cur += w
		curHas = true
	}
	return append(out, cur)
}

// shellWords splits s at spaces that are outside single and double
// quotes; the quotes stay in the words.
func shellWords(s string) []string {
	var words []string
	var q rune
	start := -1
	for i, r := range s {
		switch {
		case q != 0:
			if r == q {
				q = 0
			}
		case r == '\'' || r == '"':
			q = r
			if start < 0 {
				start = i
			}
		case r == ' ':
			if start >= 0 {
				words = append(words, s[start:i])
				start = -1
			}
			continue
		default:
			if start < 0 {
				start = i
			}
		}
		if start < 0 {
			start = i
		}
	}
	if start >= 0 {
		words = append(words, s[start:])
	}
	return words
}
