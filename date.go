package registerdata

import (
	"cmp"
	"errors"
	"fmt"
	"time"
)

// Date is a civil date without time or zone, as the service sends dates:
// the JSON string "YYYY-MM-DD". The zero Date means "no date"; it encodes
// as JSON null.
type Date struct {
	// Year is the year, 1 to 9999 in a valid date, such as 2024.
	Year int
	// Month is the month, time.January to time.December.
	Month time.Month
	// Day is the day of the month, 1 to 31 (up to the month's length in
	// a valid date).
	Day int
}

// NewDate returns the date y-m-d. It does not normalise: check Valid when
// the parts come from input.
func NewDate(y int, m time.Month, d int) Date { return Date{Year: y, Month: m, Day: d} }

// DateOf returns the civil date of t in t's location.
func DateOf(t time.Time) Date {
	y, m, d := t.Date()
	return Date{Year: y, Month: m, Day: d}
}

// ParseDate parses an ISO 8601 calendar date "YYYY-MM-DD".
func ParseDate(s string) (Date, error) {
	d, ok := parseDate(s)
	if !ok {
		return Date{}, fmt.Errorf("registerdata: invalid date %q: want YYYY-MM-DD", s)
	}
	return d, nil
}

// parseDate parses exactly ten bytes "YYYY-MM-DD" into a valid date,
// without allocating.
func parseDate[T string | []byte](s T) (Date, bool) {
	if len(s) != 10 || s[4] != '-' || s[7] != '-' {
		return Date{}, false
	}
	n := 0
	for i := 0; i < 10; i++ {
		if i == 4 || i == 7 {
			continue
		}
		c := s[i]
		if c < '0' || c > '9' {
			return Date{}, false
		}
		n = n*10 + int(c-'0')
	}
	d := Date{Year: n / 10000, Month: time.Month(n / 100 % 100), Day: n % 100}
	return d, d.Valid()
}

// Valid reports whether d is a real calendar date (the zero Date is not).
func (d Date) Valid() bool {
	if d.Year < 1 || d.Year > 9999 || d.Month < time.January || d.Month > time.December || d.Day < 1 {
		return false
	}
	return d.Day <= daysIn(d.Month, d.Year)
}

func daysIn(m time.Month, y int) int {
	return time.Date(y, m+1, 0, 0, 0, 0, 0, time.UTC).Day()
}

// IsZero reports whether d is the zero Date.
func (d Date) IsZero() bool { return d == Date{} }

// String returns d as "YYYY-MM-DD", or "" for the zero Date.
func (d Date) String() string {
	if d.IsZero() {
		return ""
	}
	return string(d.appendTo(make([]byte, 0, 10)))
}

func (d Date) appendTo(b []byte) []byte {
	return fmt.Appendf(b, "%04d-%02d-%02d", d.Year, int(d.Month), d.Day)
}

// Time returns midnight UTC at the start of d.
func (d Date) Time() time.Time { return time.Date(d.Year, d.Month, d.Day, 0, 0, 0, 0, time.UTC) }

// Compare returns -1, 0 or +1 as d is before, equal to or after e.
func (d Date) Compare(e Date) int {
	switch {
	case d.Year != e.Year:
		return cmp.Compare(d.Year, e.Year)
	case d.Month != e.Month:
		return cmp.Compare(int(d.Month), int(e.Month))
	default:
		return cmp.Compare(d.Day, e.Day)
	}
}

// Before reports whether d is before e.
func (d Date) Before(e Date) bool { return d.Compare(e) < 0 }

// After reports whether d is after e.
func (d Date) After(e Date) bool { return d.Compare(e) > 0 }

// MarshalJSON encodes d as "YYYY-MM-DD", or null for the zero Date.
func (d Date) MarshalJSON() ([]byte, error) {
	if d.IsZero() {
		return []byte("null"), nil
	}
	if !d.Valid() {
		return nil, fmt.Errorf("registerdata: cannot encode invalid date %d-%d-%d", d.Year, int(d.Month), d.Day)
	}
	b := make([]byte, 0, 12)
	b = append(b, '"')
	b = d.appendTo(b)
	return append(b, '"'), nil
}

var errDateJSON = errors.New(`registerdata: invalid JSON date: want a string "YYYY-MM-DD" or null`)

// UnmarshalJSON decodes "YYYY-MM-DD"; null leaves d unchanged.
func (d *Date) UnmarshalJSON(b []byte) error {
	if string(b) == "null" {
		return nil
	}
	if len(b) != 12 || b[0] != '"' || b[11] != '"' {
		return errDateJSON
	}
	v, ok := parseDate(b[1:11])
	if !ok {
		return fmt.Errorf("registerdata: invalid date %s: want YYYY-MM-DD", b)
	}
	*d = v
	return nil
}

// MarshalText encodes d as "YYYY-MM-DD" (empty for the zero Date), so that
// Date works as a map key and in query strings.
func (d Date) MarshalText() ([]byte, error) {
	if d.IsZero() {
		return []byte{}, nil
	}
	return d.appendTo(nil), nil
}

// UnmarshalText decodes "YYYY-MM-DD"; empty text gives the zero Date.
func (d *Date) UnmarshalText(b []byte) error {
	if len(b) == 0 {
		*d = Date{}
		return nil
	}
	v, ok := parseDate(b)
	if !ok {
		return fmt.Errorf("registerdata: invalid date %q: want YYYY-MM-DD", b)
	}
	*d = v
	return nil
}
