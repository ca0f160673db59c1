package registerdata

import (
	"fmt"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/registerdata/registerdata-go/enums"
)

// CompanyID is a company identifier split into its parts. The service
// writes it as hyphen-separated country, register type, register court code
// and register number: "DE-HRB-F1103-267645".
type CompanyID struct {
	Country      string             // ISO country code, "DE"
	RegisterType enums.RegisterType // "HRB"
	CourtCode    string             // register court code, "F1103"
	Number       string             // number in the register, "267645"
}

// ParseCompanyID splits a company identifier into its parts. It checks the
// shape (four non-empty parts, a two-letter upper-case country, no
// characters that cannot stand in a URL path segment) but not that the
// register type or court is known, so identifiers of new registers parse.
// A register number may itself contain hyphens: everything after the third
// hyphen is the number.
func ParseCompanyID(s string) (CompanyID, error) {
	if err := checkPathID("company id", s); err != nil {
		return CompanyID{}, err
	}
	parts := strings.SplitN(s, "-", 4)
	if len(parts) != 4 || parts[1] == "" || parts[2] == "" || parts[3] == "" {
		return CompanyID{}, fmt.Errorf("%w: company id %q: want COUNTRY-REGISTERTYPE-COURT-NUMBER, such as DE-HRB-F1103-267645", ErrInvalidRequest, s)
	}
	if len(parts[0]) != 2 || !isUpperASCII(parts[0]) {
		hint := ""
		if len(parts[0]) == 2 && isUpperASCII(strings.ToUpper(parts[0])) {
			hint = fmt.Sprintf(" (ids are case-sensitive, as the service writes them: did you mean %q?)", suggestCompanyID(parts))
		}
		return CompanyID{}, fmt.Errorf("%w: company id %q: country %q is not a two-letter upper-case code%s", ErrInvalidRequest, s, parts[0], hint)
	}
	return CompanyID{Country: parts[0], RegisterType: enums.RegisterType(parts[1]), CourtCode: parts[2], Number: parts[3]}, nil
}

func isUpperASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] < 'A' || s[i] > 'Z' {
			return false
		}
	}
	return true
}

// String joins the parts back into the identifier form.
func (id CompanyID) String() string {
	return id.Country + "-" + string(id.RegisterType) + "-" + id.CourtCode + "-" + id.Number
}

// checkCompanyID refuses, before anything is sent, an id that is not a
// company identifier as ParseCompanyID reads it.
func checkCompanyID(id string) error {
	_, err := ParseCompanyID(id)
	return err
}

// suggestCompanyID writes the parts of a company id the way the service
// does: the country upper case, a known register type in its own case.
func suggestCompanyID(parts []string) string {
	typ := parts[1]
	for _, known := range enums.RegisterType("").Values() {
		if strings.EqualFold(string(known), typ) {
			typ = string(known)
		}
	}
	return strings.ToUpper(parts[0]) + "-" + typ + "-" + strings.ToUpper(parts[2]) + "-" + parts[3]
}

// maxIDLength bounds identifiers sent in a path; real ones are far shorter.
const maxIDLength = 256

// checkPathID refuses an identifier that cannot be sent safely as one URL
// path segment: empty, "." or "..", longer than maxIDLength, not UTF-8, or
// holding a slash, backslash, '?', '#', '%', white space or a control
// character. Such an id could only address a different resource or none,
// so the request is refused before it is sent (and before it is billed).
func checkPathID(kind, id string) error {
	switch {
	case id == "":
		return fmt.Errorf("%w: %s is empty", ErrInvalidRequest, kind)
	case id == "." || id == "..":
		return fmt.Errorf("%w: %s %q is not an identifier", ErrInvalidRequest, kind, id)
	case len(id) > maxIDLength:
		return fmt.Errorf("%w: %s is %d bytes long, the limit is %d", ErrInvalidRequest, kind, len(id), maxIDLength)
	case !utf8.ValidString(id):
		return fmt.Errorf("%w: %s %q is not valid UTF-8", ErrInvalidRequest, kind, id)
	}
	for _, r := range id {
		if strings.ContainsRune(`/\?#%`, r) || unicode.IsSpace(r) || unicode.IsControl(r) {
			return fmt.Errorf("%w: %s %q contains %q, which no identifier has", ErrInvalidRequest, kind, id, r)
		}
	}
	return nil
}
