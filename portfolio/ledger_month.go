package portfolio

import (
	"time"
)

// month is a calendar month in UTC, as yyyymm (202506: June 2025).
type month int64

// monthOf is the month of t, in UTC.
func monthOf(t time.Time) month {
	t = t.UTC()
	return month(int64(t.Year())*100 + int64(t.Month()))
}

// start is the first instant of m.
func (m month) start() time.Time {
	return time.Date(int(m/100), time.Month(m%100), 1, 0, 0, 0, 0, time.UTC)
}

// index counts months from year 0, for spans.
func (m month) index() int { return int(m/100)*12 + int(m%100) - 1 }

// add is the month n months after m.
func (m month) add(n int) month { return monthOf(m.start().AddDate(0, n, 0)) }

// next is the month after m.
func (m month) next() month { return m.add(1) }

// String is m as people and logs read it: 2025-06.
func (m month) String() string { return m.start().Format("2006-01") }

// anniversary is when a monitor the service bills from anchor is charged
// in month m: the anchor's day and time of day, or the month's last day
// when it is shorter (created on 31 January: charged on 28 February).
func anniversary(anchor time.Time, m month) time.Time {
	anchor = anchor.UTC()
	s := m.start()
	d := anchor.Day()
	if last := time.Date(s.Year(), s.Month()+1, 0, 0, 0, 0, 0, time.UTC).Day(); d > last {
		d = last
	}
	h, mi, sec := anchor.Clock()
	return time.Date(s.Year(), s.Month(), d, h, mi, sec, anchor.Nanosecond(), time.UTC)
}
