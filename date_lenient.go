package registerdata

import (
	"bytes"
	"errors"
)

// lenientDate is a Date that also decodes from a date-time
// ("2024-12-31T00:00:00Z"): where the service's variants send a date as
// "YYYY-MM-DD" in the newer form and as a date-time in the older one
// (report dates, insolvency dates), the SDK keeps the calendar date as
// written and never fails on either. null leaves it unchanged.
type lenientDate Date

var errFlexDate = errors.New(`registerdata: invalid JSON date: want "YYYY-MM-DD", a date-time or null`)

// UnmarshalJSON decodes the date part of a date or date-time string.
func (d *lenientDate) UnmarshalJSON(b []byte) error {
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
	*d = lenientDate(v)
	return nil
}

// optionalDate decodes a date whose format the service does not document
// (RealtimeDocument.file_date): "YYYY-MM-DD" or a date-time give the
// date; anything else gives no date rather than an error.
type optionalDate struct{ d *Date }

// UnmarshalJSON keeps the date when it can read one and never fails on a
// string.
func (l *optionalDate) UnmarshalJSON(b []byte) error {
	var f lenientDate
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

// isJSONNull reports whether b is the JSON literal null: by convention
// an UnmarshalJSON method leaves its receiver unchanged then.
func isJSONNull(b []byte) bool { return bytes.Equal(bytes.TrimSpace(b), []byte("null")) }

// readLenientDatePtr is readDatePtr for a date that may come as a
// date-time, for the single-pass company decoder.
func readLenientDatePtr(d *decoder, p **Date) error {
	return readPtr(d, p, func(d *decoder, out *Date) error {
		raw, err := d.RawValue()
		if err != nil {
			return err
		}
		return (*lenientDate)(out).UnmarshalJSON(raw)
	}, &d.dates)
}
