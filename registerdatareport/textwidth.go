package registerdatareport

import "unicode"

// The chart sizes its boxes and label spaces from the advance widths of
// Helvetica (in thousandths of an em, as its font metrics give them),
// which the browser's fonts for the chart (Helvetica, Arial, Liberation
// Sans) share. Characters outside ASCII are sized as the letter they
// decorate (ä as a), or as a wide letter when unknown, so a box is never
// too narrow for its text.

// helvetica and helveticaBold hold the widths of the characters ' ' to '~'.
var helvetica = [95]uint16{
	278, 278, 355, 556, 556, 889, 667, 191, 333, 333, 389, 584, 278, 333, 278, 278, // space to /
	556, 556, 556, 556, 556, 556, 556, 556, 556, 556, // 0-9
	278, 278, 584, 584, 584, 556, 1015, // : to @
	667, 667, 722, 722, 667, 611, 778, 722, 278, 500, 667, 556, 833, 722, 778, 667, 778, 722, 667, 611, 722, 667, 944, 667, 667, 611, // A-Z
	278, 278, 278, 469, 556, 333, // [ to `
	556, 556, 500, 556, 556, 278, 556, 556, 222, 222, 500, 222, 833, 556, 556, 556, 556, 333, 500, 278, 556, 500, 722, 500, 500, 500, // a-z
	334, 260, 334, 584, // { to ~
}

var helveticaBold = [95]uint16{
	278, 333, 474, 556, 556, 889, 722, 238, 333, 333, 389, 584, 278, 333, 278, 278,
	556, 556, 556, 556, 556, 556, 556, 556, 556, 556,
	333, 333, 584, 584, 584, 611, 975,
	722, 722, 722, 722, 667, 611, 778, 722, 278, 556, 722, 611, 833, 722, 778, 667, 778, 722, 667, 611, 722, 667, 944, 667, 667, 611,
	333, 278, 333, 584, 556, 333,
	556, 611, 556, 611, 556, 333, 611, 611, 278, 278, 556, 278, 889, 611, 611, 611, 611, 389, 556, 333, 611, 556, 778, 556, 556, 500,
	389, 280, 389, 584,
}

// baseLetters maps the accented letters of German (and its neighbours')
// names to the letter whose width they take.
var baseLetters = map[rune]rune{
	'ä': 'a', 'á': 'a', 'à': 'a', 'â': 'a', 'å': 'a', 'ã': 'a', 'ö': 'o', 'ó': 'o', 'ò': 'o', 'ô': 'o', 'ø': 'o', 'õ': 'o',
	'ü': 'u', 'ú': 'u', 'ù': 'u', 'û': 'u', 'é': 'e', 'è': 'e', 'ê': 'e', 'ë': 'e', 'í': 'i', 'ì': 'i', 'î': 'i', 'ï': 'i',
	'ç': 'c', 'ñ': 'n', 'ý': 'y', 'š': 's', 'ž': 'z', 'č': 'c', 'ł': 'l', 'ß': 'B',
	'Ä': 'A', 'Á': 'A', 'À': 'A', 'Â': 'A', 'Å': 'A', 'Ö': 'O', 'Ó': 'O', 'Ø': 'O', 'Ü': 'U', 'Ú': 'U',
	'É': 'E', 'È': 'E', 'Ç': 'C', 'Ñ': 'N', 'Š': 'S', 'Ž': 'Z', 'Č': 'C', 'Ł': 'L',
}

// textWidth returns the width of s set in Helvetica (bold when bold) at
// size points.
func textWidth(s string, size float64, bold bool) float64 {
	table := &helvetica
	if bold {
		table = &helveticaBold
	}
	var units int
	for _, r := range s {
		if b, ok := baseLetters[r]; ok {
			r = b
		}
		switch {
		case r >= ' ' && r <= '~':
			units += int(table[r-' '])
		case r == '·':
			units += 278
		case r == '…' || r == '–' || r == '—':
			units += 1000
		case unicode.Is(unicode.Han, r) || unicode.Is(unicode.Hangul, r) || unicode.Is(unicode.Hiragana, r) || unicode.Is(unicode.Katakana, r):
			units += 1000
		case unicode.IsMark(r) || unicode.IsControl(r):
		default:
			units += 833 // unknown: as wide as an M, never too narrow
		}
	}
	return float64(units) * size / 1000
}
