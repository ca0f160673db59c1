package redflags

import (
	"slices"
	"strings"

	registerdata "github.com/registerdata/registerdata-go"
)

// facts is the Facts of a flag: what, then the items sorted and without
// repeats, each folded (lower case, single spaces) so that a name
// written in other case or spacing is the same fact.
func facts(what string, items ...string) string {
	out := make([]string, 0, len(items))
	for _, it := range items {
		out = append(out, fold(it))
	}
	slices.Sort(out)
	out = slices.Compact(out)
	if len(out) == 0 {
		return what
	}
	return what + ": " + strings.Join(out, "; ")
}

// fold is s in lower case with its spaces collapsed: text compared as
// a fact.
func fold(s string) string {
	return strings.ToLower(strings.Join(strings.Fields(s), " "))
}

// overdueThrough is the year of the latest fiscal year whose accounts
// are overdue on today, counting fiscal years from base (the date of the
// latest figures, or the incorporation): the year ending k years after
// base is due a year later, so it is overdue once base lies more than
// k+1 years before today. It is at least base's year plus one.
func overdueThrough(base, today registerdata.Date) int {
	b, t := base.Time(), today.Time()
	k := max(1, t.Year()-b.Year())
	for k > 1 && !b.Before(t.AddDate(-(k+1), 0, 0)) {
		k--
	}
	return b.AddDate(k, 0, 0).Year()
}
