package registerdata

import (
	"fmt"
	"regexp"
	"strings"
	"sync"
	"unicode"
	"unicode/utf8"

	"github.com/registerdata/registerdata-go/enums"
	"github.com/registerdata/registerdata-go/internal/courts"
)

// RegisterReference is a register entry as customers write it: the
// register, the number in it and the court keeping it.
type RegisterReference struct {
	// Type is the register (HRB, HRA, PR, GnR, VR).
	Type enums.RegisterType
	// Number is the number in the register, digits only ("267645").
	Number string
	// Court is the court's name as the register writes it ("Berlin
	// (Charlottenburg)"), or the text given when the court is not in the
	// table of German register courts; empty when none was given.
	Court string
	// CourtCode is the court's XJustiz code as in company ids ("F1103");
	// empty when no court was given or it is not a known register court.
	CourtCode string
}

// String writes the reference the way the register does: "HRB 267645,
// Berlin (Charlottenburg)".
func (r RegisterReference) String() string {
	s := string(r.Type) + " " + r.Number
	if r.Court != "" {
		s += ", " + r.Court
	}
	return s
}

// maxRegisterReference bounds the text ParseRegisterReference reads.
const maxRegisterReference = 512

// The patterns of a register reference are compiled on first use, not
// when a program that links the SDK starts.
var (
	// refCompanyID is a company id: DE-HRB-F1103-267645.
	refCompanyID = lazyRegexp(`^(?i:DE)-(HRB|HRA|PR|GnR|VR)-([A-Za-z][0-9]{4})-([0-9]{1,10})$`)
	// refEntry is the register and number: "HRB 267645 B", "HRA12345",
	// "GnR 873", "Handelsregister B 1234", "HR B 99".
	refEntry = lazyRegexp(`(?i:\b(HR\s?B|HR\s?A|GenR|GnR|GsR|PR|VR|Handelsregister\s+(?:Abteilung\s+)?[AB]|Genossenschaftsregister|Partnerschaftsregister|Vereinsregister|Gesellschaftsregister)\s*-?\s*(?:Nr\.?|Nummer)?\s*[:.]?\s*)([0-9]{1,10})(?:\s*([A-Z]{1,2})\b)?`)
	// refCourtWords are the words around a court's name.
	refCourtWords = lazyRegexp(`(?i)(^|[\s,;:(])(amtsgerichts?|registergerichts?|reg\.?\s*-?\s*ger\.?|ag|gerichts?|beim|bei|sitz|eingetragen|im|des|unter|handelsregister|partnerschaftsregister|genossenschaftsregister|vereinsregister|gesellschaftsregister|registernummer|register|court|local|district)([\s,;:.)]|$)`)
)

// lazyRegexp returns a function that compiles expr on its first call and
// returns the compiled expression from then on.
func lazyRegexp(expr string) func() *regexp.Regexp {
	return sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(expr) })
}

// ParseRegisterReference reads a register reference in the forms
// customers write: "HRB 267645 B", "HRB12345", "Amtsgericht München HRB
// 12345", "AG Charlottenburg (HRB 267645 B)", "Registergericht: Köln, HRA
// 1234", "HRB 267645, Berlin (Charlottenburg)", "F1103 HRB 267645", a
// company id ("DE-HRB-F1103-267645"), and the other registers ("GnR 873",
// "PR 1187", "VR 17310", "GsR 12", "Genossenschaftsregister 873"). The
// court may stand inside a sentence or a labelled form ("eingetragen im
// Handelsregister des Amtsgerichts Köln unter HRB 41209", "Registernummer:
// HRB 20977 Registergericht: Amtsgericht Hannover", "Hannover
// (Amtsgericht)"): every court of the table is found wherever it stands,
// the one after "Amtsgericht", "AG" or "Registergericht" first. It may be
// named (in any spelling of the table, umlauts spelt out or not) or given
// by its XJustiz code; the letter B after a number is the suffix of the
// Berlin (Charlottenburg) register. A court name not in the table is kept
// in Court with an empty CourtCode.
//
// Text without a register and a number fails with an error wrapping
// ErrInvalidRequest that says what was expected.
func ParseRegisterReference(s string) (RegisterReference, error) {
	s = strings.TrimSpace(s)
	switch {
	case s == "":
		return RegisterReference{}, fmt.Errorf("%w: the register reference is empty: pass one such as \"HRB 267645 B\" or \"Amtsgericht München HRB 12345\"", ErrInvalidRequest)
	case len(s) > maxRegisterReference:
		return RegisterReference{}, fmt.Errorf("%w: the register reference is %d bytes long, the limit is %d", ErrInvalidRequest, len(s), maxRegisterReference)
	}
	if m := refCompanyID().FindStringSubmatch(s); m != nil {
		ref := RegisterReference{Type: registerTypeOf(m[1]), Number: m[3], CourtCode: strings.ToUpper(m[2])}
		if c, ok := courts.ByCode(ref.CourtCode); ok {
			ref.Court = c.Name
		}
		return ref, nil
	}
	m := refEntry().FindStringSubmatchIndex(s)
	if m == nil {
		return RegisterReference{}, fmt.Errorf("%w: %q holds no register and number: write one such as \"HRB 267645\", \"HRA 1234\", \"GnR 873\", \"PR 1187\" or \"VR 17310\"", ErrInvalidRequest, s)
	}
	ref := RegisterReference{Type: registerTypeOf(s[m[2]:m[3]]), Number: strings.TrimLeft(s[m[4]:m[5]], "0")}
	if ref.Number == "" {
		ref.Number = "0"
	}
	suffix := ""
	if m[6] >= 0 {
		if r, _ := utf8.DecodeRuneInString(s[m[7]:]); m[7] < len(s) && unicode.IsLetter(r) {
			m[1] = m[6] // the letters start a word ("HRB 1 Nürnberg"): no suffix
		} else {
			suffix = s[m[6]:m[7]]
		}
	}
	rest := s[:m[0]] + " " + s[m[1]:]
	if c, ok := findCourt(rest); ok {
		ref.Court, ref.CourtCode = c.Name, c.Code
		return ref, nil
	}
	court := rest
	for range 3 { // the words may follow each other: "Registergericht: AG Köln"
		court = refCourtWords().ReplaceAllString(court, "$1 $3")
	}
	court = strings.TrimSpace(court)
	court = strings.Trim(court, " ,;:()[]-/.")
	court = strings.Join(strings.Fields(court), " ")
	switch {
	case court == "" && suffix == "B":
		c, _ := courts.ByCode("F1103")
		ref.Court, ref.CourtCode = c.Name, c.Code
	case court == "":
	case courts.IsCode(court):
		if c, ok := courts.ByCode(court); ok {
			ref.Court, ref.CourtCode = c.Name, c.Code
		} else {
			return RegisterReference{}, fmt.Errorf("%w: %q: %s is not the code of a German register court", ErrInvalidRequest, s, court)
		}
	default:
		if c, ok := courts.ByName(court); ok {
			ref.Court, ref.CourtCode = c.Name, c.Code
		} else {
			ref.Court = court
		}
	}
	return ref, nil
}

// registerTypeOf maps the spellings of a register to its type.
func registerTypeOf(s string) enums.RegisterType {
	f := strings.ToLower(strings.Join(strings.Fields(s), ""))
	switch {
	case f == "hrb" || strings.HasPrefix(f, "handelsregister") && strings.HasSuffix(f, "b"):
		return enums.RegisterTypeHRB
	case f == "hra" || strings.HasPrefix(f, "handelsregister"):
		return enums.RegisterTypeHRA
	case f == "gnr" || f == "genr" || f == "genossenschaftsregister":
		return enums.RegisterTypeGnR
	case f == "pr" || f == "partnerschaftsregister":
		return enums.RegisterTypePR
	case f == "gsr" || f == "gesellschaftsregister":
		return enums.RegisterTypeGsR
	}
	return enums.RegisterTypeVR
}

// companyIDReference reads the register reference a company id carries
// ("DE-HRB-F1103-267645"); ok is false for ids of another shape.
func companyIDReference(id string) (RegisterReference, bool) {
	m := refCompanyID().FindStringSubmatch(id)
	if m == nil {
		return RegisterReference{}, false
	}
	return RegisterReference{Type: registerTypeOf(m[1]), Number: m[3], CourtCode: strings.ToUpper(m[2])}, true
}
