// Package courts is the table of the German register courts
// (Registergerichte) with their XJustiz codes, the codes that company ids
// carry ("DE-HRB-F1103-267645": F1103 is Berlin (Charlottenburg)). The SDK
// parses register references with it and the fake draws its companies'
// courts from it, so both agree with the service.
package courts

import (
	"strings"
	"sync"
	"unicode"
)

// Court is one register court.
type Court struct {
	// Code is the XJustiz code, a state letter and four digits ("D2601").
	Code string
	// Name is the court's name as the register writes it ("München").
	Name string
	// Aliases are other spellings of the name customers write
	// ("Charlottenburg" for "Berlin (Charlottenburg)").
	Aliases []string
}

var index = sync.OnceValues(func() (map[string]int, map[string]int) {
	byCode := make(map[string]int, len(table))
	byName := make(map[string]int, 2*len(table))
	for i, c := range table {
		byCode[c.Code] = i
		for _, n := range append([]string{c.Name}, c.Aliases...) {
			byName[Fold(n)] = i
		}
	}
	return byCode, byName
})

// All returns every court of the table, a copy the caller may change.
func All() []Court { return append([]Court(nil), table...) }

// ByCode returns the court with the XJustiz code (case-insensitive;
// the "V" or "R" suffix some portals append, as in "D2601V", is ignored).
func ByCode(code string) (Court, bool) {
	code = strings.ToUpper(strings.TrimSpace(code))
	if len(code) == 6 && (code[5] == 'V' || code[5] == 'R') {
		code = code[:5]
	}
	byCode, _ := index()
	i, ok := byCode[code]
	if !ok {
		return Court{}, false
	}
	return table[i], true
}

// ByName returns the court with the name or one of its spellings,
// compared after Fold ("münchen", "Muenchen", "AG Charlottenburg" does
// not match: strip "Amtsgericht"/"AG" first).
func ByName(name string) (Court, bool) {
	_, byName := index()
	i, ok := byName[Fold(name)]
	if !ok {
		return Court{}, false
	}
	return table[i], true
}

// IsCode reports whether s has the shape of an XJustiz court code: one
// letter and four digits, optionally followed by V or R.
func IsCode(s string) bool {
	if len(s) == 6 && (s[5] == 'V' || s[5] == 'R' || s[5] == 'v' || s[5] == 'r') {
		s = s[:5]
	}
	if len(s) != 5 || !unicode.IsLetter(rune(s[0])) || s[0] > unicode.MaxASCII {
		return false
	}
	for i := 1; i < 5; i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return true
}

// Fold reduces a name to the form names are compared in: lower case,
// umlauts and ß spelt out (ä as ae, ß as ss), every run of other
// characters than letters and digits one space, "st." as "sankt", and
// the abbreviations "a." (am/an), "i." (im/in) and "d." (der) spelt out.
func Fold(s string) string {
	var b strings.Builder
	b.Grow(len(s) + 8)
	space := true
	for _, r := range strings.ToLower(s) {
		switch r {
		case 'ä':
			b.WriteString("ae")
		case 'ö':
			b.WriteString("oe")
		case 'ü':
			b.WriteString("ue")
		case 'ß':
			b.WriteString("ss")
		default:
			if !unicode.IsLetter(r) && !unicode.IsDigit(r) {
				if !space {
					b.WriteByte(' ')
					space = true
				}
				continue
			}
			b.WriteRune(r)
		}
		space = false
	}
	words := strings.Fields(b.String())
	for i, w := range words {
		switch w {
		case "st":
			words[i] = "sankt"
		case "a":
			words[i] = "am"
		case "i":
			words[i] = "im"
		case "d":
			words[i] = "der"
		case "v":
			words[i] = "vor"
		}
	}
	return strings.Join(words, " ")
}
