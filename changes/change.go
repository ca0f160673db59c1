package changes

import (
	"fmt"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/registerdata/registerdata-go/enums"
)

// Kind says how a value changed: Added, Removed or Modified.
type Kind string

// The kinds of change.
const (
	// Added: the value or list member is new (a representative joined, a
	// document was filed, figures for a new year were published).
	Added Kind = "added"
	// Removed: the value or list member is gone, or has ended (a
	// representative whose end date is now set has left).
	Removed Kind = "removed"
	// Modified: the value is still there with another content (a new name,
	// a changed share, a proceeding in another status).
	Modified Kind = "modified"
)

// Change is one change of meaning between two snapshots of a record.
//
// Category is the monitor preference the change belongs to, the category
// under which a monitor of the service reports it. Field names what
// changed, in the record's JSON names: "name", "representation",
// "representation.authority", "owners.percentage_share",
// "indicators.revenue". Subject names the list member concerned (the
// person and role, the owner, the document, the year of the figures, the
// proceeding); it is empty for a field of the record itself. Before and
// After are display values, "" on the side where the value did not exist.
//
// Encoded as JSON (one object per change, for JSON Lines), a Change keeps
// these names in snake case: {"category", "kind", "field", "subject",
// "before", "after"}.
type Change struct {
	// Category is the monitor preference the change belongs to.
	Category enums.Preference `json:"category"`
	// Kind is Added, Removed or Modified.
	Kind Kind `json:"kind"`
	// Field is the changed field, such as "name" or
	// "representation.end_date".
	Field string `json:"field"`
	// Subject is the list member concerned, such as
	// "Erika Beispiel (Managing Director)"; "" for a field of the record.
	Subject string `json:"subject,omitempty"`
	// Before is the display value before the change; "" when there was
	// none.
	Before string `json:"before,omitempty"`
	// After is the display value after the change; "" when there is none.
	After string `json:"after,omitempty"`
}

// String reads the change as one English sentence, such as
//
//	Erika Beispiel (Managing Director) joined the representation (since 2025-03-01).
//	Max Muster (Managing Director) left the representation (until 2025-03-01).
//	The name changed from "Alt GmbH" to "Neu GmbH".
//	The percentage share of Beispiel Holding GmbH changed from "20 %" to "30 %".
func (c Change) String() string {
	l := labelOf(c.Field)
	var b strings.Builder
	switch c.Kind {
	case Added:
		if c.Subject != "" {
			b.WriteString(member(l.joined, c.Subject))
		} else {
			fmt.Fprintf(&b, "%s was set", l.the)
		}
		if c.After != "" {
			fmt.Fprintf(&b, " (%s)", c.After)
		}
	case Removed:
		if c.Subject != "" {
			b.WriteString(member(l.left, c.Subject))
		} else {
			fmt.Fprintf(&b, "%s was removed", l.the)
		}
		switch {
		case c.After != "":
			fmt.Fprintf(&b, " (%s)", c.After)
		case c.Before != "":
			fmt.Fprintf(&b, " (was %s)", c.Before)
		}
	default:
		if c.Subject != "" {
			of := l.of
			if of == "" {
				of = "of"
			}
			fmt.Fprintf(&b, "%s %s %s changed", l.the, of, c.Subject)
		} else {
			fmt.Fprintf(&b, "%s changed", l.the)
		}
		fmt.Fprintf(&b, " from %q to %q", orNone(c.Before), orNone(c.After))
	}
	b.WriteByte('.')
	return capital(b.String())
}

// member is what a list member did: verb is "%s ..." with the subject's
// place, or the words that follow the subject.
func member(verb, subject string) string {
	if strings.Contains(verb, "%s") {
		return strings.Replace(verb, "%s", subject, 1)
	}
	return subject + " " + verb
}

func orNone(s string) string {
	if s == "" {
		return "none"
	}
	return s
}

func capital(s string) string {
	r, n := utf8.DecodeRuneInString(s)
	if n == 0 || unicode.IsUpper(r) {
		return s
	}
	return string(unicode.ToUpper(r)) + s[n:]
}

// label is how a sentence names a field: "the name"; for a list, what a
// member does when it is added or removed ("%s" marks the subject's place
// when it does not come first); and the word between a figure and its
// subject ("of", by default).
type label struct {
	the, joined, left, of string
}

// labels are the fields with their own words; any other field reads
// "the <field with spaces>", and its members "was added to" / "was
// removed from" it.
var labels = map[string]label{
	"representation":       {"the representation", "joined the representation", "left the representation", ""},
	"owners":               {"the owners", "became an owner", "is no longer an owner", ""},
	"holdings":             {"the holdings", "became a holding", "is no longer a holding", ""},
	"management_positions": {"the management positions", "began", "ended", ""},
	"names":                {"the name history", "was added to the name history", "was removed from the name history", ""},
	"addresses":            {"the address history", "was added to the address history", "was removed from the address history", ""},
	"purposes":             {"the purpose history", "was added to the purpose history", "was removed from the purpose history", ""},
	"capitals":             {"the capital history", "was added to the capital history", "was removed from the capital history", ""},
	"registers":            {"the register history", "was added to the register history", "was removed from the register history", ""},
	"documents":            {"the documents", "was filed", "was withdrawn", ""},
	"indicators":           {"the financial figures", "financial figures for %s were published", "financial figures for %s were withdrawn", "for"},
	"insolvencies":         {"the insolvency proceedings", "was opened", "is no longer listed", ""},
	"acquisitions":         {"the acquisitions", "was merged into the company", "is no longer listed as merged into the company", ""},
	"asset_spin_offs":      {"the asset spin-offs", "received assets in a spin-off", "is no longer listed as a spin-off", ""},
	"insolvency.events":    {"the events", "%s was published", "%s was withdrawn", ""},
	"industry_codes":       {"the industry codes", "was added to the industry codes", "was removed from the industry codes", ""},
	"address":              {"the registered address", "", "", ""},
	"lei":                  {"the LEI", "", "", ""},
	"representation_rule":  {"the general representation rule", "", "", ""},
	"contact.vat_id":       {"the VAT id", "", "", ""},
}

func labelOf(field string) label {
	if l, ok := labels[field]; ok {
		return l
	}
	head, rest, sub := strings.Cut(field, ".")
	words := strings.ReplaceAll(field, "_", " ")
	if sub {
		// "representation.end_date": the end date; "contact.email": the contact email.
		words = strings.ReplaceAll(strings.ReplaceAll(rest, ".", " "), "_", " ")
		if _, isList := labels[head]; !isList {
			words = strings.ReplaceAll(head, "_", " ") + " " + words
		}
	}
	words = strings.ReplaceAll(words, ".", " ")
	return label{
		the:    "the " + words,
		joined: "was added to the " + words,
		left:   "was removed from the " + words,
		of:     labels[head].of,
	}
}
