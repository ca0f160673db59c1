package registerdata

import (
	"bytes"
	"encoding/json"
	"fmt"
	"time"
)

// lenientDate is a Date that also decodes from a date-time: where the
// service's variants send a date as "YYYY-MM-DD" in the newer form and as
// a date-time in the older one, the SDK keeps the calendar date and never
// fails on either (the date is the one written, in the time's own offset).
type lenientDate Date

// dateTimeLayouts are the date-time forms accepted besides a plain date.
var dateTimeLayouts = []string{time.RFC3339Nano, "2006-01-02T15:04:05", "2006-01-02 15:04:05Z07:00", "2006-01-02 15:04:05"}

// UnmarshalJSON decodes "YYYY-MM-DD" or a date-time; null leaves d unchanged.
func (d *lenientDate) UnmarshalJSON(b []byte) error {
	if string(b) == "null" {
		return nil
	}
	if len(b) == 12 {
		return (*Date)(d).UnmarshalJSON(b)
	}
	var s string
	if err := json.Unmarshal(b, &s); err != nil {
		return errDateJSON
	}
	for _, layout := range dateTimeLayouts {
		if t, err := time.Parse(layout, s); err == nil {
			*d = lenientDate(DateOf(t))
			return nil
		}
	}
	return fmt.Errorf("registerdata: invalid date %s: want YYYY-MM-DD or a date-time", b)
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
