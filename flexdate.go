package registerdata

import (
	"bytes"
	"errors"
)

// flexDate decodes a date sent either as "YYYY-MM-DD" or as a date-time
// ("2024-12-31T00:00:00Z"), keeping the date: some versions of the
// service typed report dates as date-times. null leaves it zero.
type flexDate Date

var errFlexDate = errors.New(`registerdata: invalid JSON date: want "YYYY-MM-DD", a date-time or null`)

// UnmarshalJSON decodes the date part of a date or date-time string.
func (d *flexDate) UnmarshalJSON(b []byte) error {
	if bytes.Equal(b, []byte("null")) {
		return nil
	}
	if len(b) < 12 || b[0] != '"' || b[len(b)-1] != '"' {
		return errFlexDate
	}
	s := b[1 : len(b)-1]
	if len(s) > 10 && s[10] != 'T' && s[10] != 't' && s[10] != ' ' {
		return errFlexDate
	}
	v, ok := parseDate(s[:10])
	if !ok {
		return errFlexDate
	}
	*d = flexDate(v)
	return nil
}

// lenientDate decodes a date whose format the service does not document
// (RealtimeDocument.file_date): "YYYY-MM-DD" or a date-time give the
// date; anything else gives no date rather than an error.
type lenientDate struct{ d *Date }

// UnmarshalJSON keeps the date when it can read one and never fails on a
// string.
func (l *lenientDate) UnmarshalJSON(b []byte) error {
	var f flexDate
	if err := f.UnmarshalJSON(b); err == nil && !Date(f).IsZero() {
		d := Date(f)
		l.d = &d
		return nil
	}
	if len(b) > 0 && b[0] != '"' && !bytes.Equal(b, []byte("null")) {
		return errFlexDate
	}
	l.d = nil
	return nil
}
