package changes

import (
	"strings"
	"sync"
	"sync/atomic"
	"unicode"
	"unicode/utf8"
)

// String reads the change as one English sentence, such as
//
//	Erika Beispiel (Managing Director) joined the representation (since 2025-03-01).
//	Max Muster (Managing Director) left the representation (until 2025-03-01).
//	The name changed from "Alt GmbH" to "Neu GmbH".
//	The company moved from Rudower Chaussee 29, 12489 Berlin to Alt-Moabit 101, 10559 Berlin.
//	The percentage share of Beispiel Holding GmbH changed from "20 %" to "30 %".
//	Insolvency proceeding 36n IN 1234/26 opened at Amtsgericht Charlottenburg on 2026-03-05.
//	The LEI was set to "529900T8BM49AURSDO55".
//
// A member of a list (a representative, an owner, a document, a year of
// figures) joins or leaves it; a value of the record or of a member is
// set, changed or removed, quoted.
func (c Change) String() string {
	l := labelOf(c.Field, c.Kind)
	if t := l.template(c.Kind); t != nil {
		if s := t(c); s != "" {
			return capital(s) + "."
		}
	}
	var s string
	switch c.Kind {
	case Added:
		switch {
		case c.Subject != "" && l.joined != "":
			s = member(l.joined, c.Subject) + aside(c.After)
		case c.Subject != "":
			s = l.the + " " + l.ofWord() + " " + c.Subject + " was set to " + quote(c.After)
		default:
			s = l.the + " was set to " + quote(c.After)
		}
	case Removed:
		switch {
		case c.Subject != "" && l.left != "":
			s = member(l.left, c.Subject)
			switch {
			case c.After != "":
				s += aside(c.After)
			case strings.HasPrefix(c.Before, "since "):
				s += aside(c.Before)
			case c.Before != "":
				s += aside("was " + c.Before)
			}
		case c.Subject != "":
			s = l.the + " " + l.ofWord() + " " + c.Subject + " was removed" + aside("it was "+quote(c.Before))
		default:
			s = l.the + " was removed" + aside("it was "+quote(c.Before))
		}
	default:
		// The most common sentence of a journal, built in one allocation.
		if c.Subject != "" {
			return sentence(l.the, " ", l.ofWord(), " ", c.Subject, ` changed from "`, orNone(c.Before), `" to "`, orNone(c.After), `"`)
		}
		return sentence(l.the, ` changed from "`, orNone(c.Before), `" to "`, orNone(c.After), `"`)
	}
	return capital(s) + "."
}

// sentence is capital(strings.Join(parts, "")) + ".", in one allocation
// when the first letter needs no change of size.
func sentence(parts ...string) string {
	n := 1
	for _, p := range parts {
		n += len(p)
	}
	var b strings.Builder
	b.Grow(n)
	first := true
	for _, p := range parts {
		if first && p != "" {
			first = false
			var head string
			head, p = upperFirst(p)
			b.WriteString(head)
		}
		b.WriteString(p)
	}
	b.WriteByte('.')
	return b.String()
}

// aside is " (s)", or "" for "".
func aside(s string) string {
	if s == "" {
		return ""
	}
	return " (" + s + ")"
}

// quote is s in double quotes, or "none" for "".
func quote(s string) string {
	if s == "" {
		return "none"
	}
	return `"` + s + `"`
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
	head, rest := upperFirst(s)
	return head + rest
}

// upperFirst splits s into its first letter in upper case and the rest:
// "" and s when s is empty or starts in upper case.
func upperFirst(s string) (string, string) {
	r, n := utf8.DecodeRuneInString(s)
	if n == 0 || unicode.IsUpper(r) {
		return "", s
	}
	return string(unicode.ToUpper(r)), s[n:]
}

// label is how a sentence names a field: "the name"; for a list, what a
// member does when it is added or removed ("%s" marks the subject's place
// when it does not come first); the word between a value and its subject
// ("of", by default); and sentences of their own for some kinds of
// change.
type label struct {
	the, joined, left, of string
	added, removed, mod   func(Change) string
}

func (l label) ofWord() string {
	if l.of == "" {
		return "of"
	}
	return l.of
}

func (l label) template(k Kind) func(Change) string {
	switch k {
	case Added:
		return l.added
	case Removed:
		return l.removed
	}
	return l.mod
}

// fill replaces {s}, {b} and {a} in t by the subject, before and after.
func fill(t string) func(Change) string {
	return func(c Change) string {
		return strings.NewReplacer("{s}", c.Subject, "{b}", c.Before, "{a}", c.After).Replace(t)
	}
}

// opened reads "Insolvency proceeding 36n IN 1234/26 opened at
// Amtsgericht Charlottenburg on 2026-03-05" from its subject, "insolvency
// proceeding CASE at COURT".
func opened(c Change) string {
	if c.Subject == "" {
		return ""
	}
	if proc, court, ok := strings.Cut(c.Subject, " at "); ok {
		return proc + " opened at " + court + " on " + c.After
	}
	return c.Subject + " opened on " + c.After
}

// labels are the fields with their own words; any other field reads
// "the <field with spaces>", and its members "was added to" / "was
// removed from" it.
var labels = map[string]label{
	"representation":       {the: "the representation", joined: "joined the representation", left: "left the representation"},
	"owners":               {the: "the owners", joined: "became an owner", left: "is no longer an owner"},
	"holdings":             {the: "the holdings", joined: "became a holding", left: "is no longer a holding"},
	"management_positions": {the: "the management positions", joined: "began", left: "ended"},
	"names":                {the: "the name history", joined: "was added to the name history", left: "was removed from the name history"},
	"addresses":            {the: "the address history", joined: "was added to the address history", left: "was removed from the address history"},
	"purposes":             {the: "the purpose history", joined: "was added to the purpose history", left: "was removed from the purpose history"},
	"capitals":             {the: "the capital history", joined: "was added to the capital history", left: "was removed from the capital history"},
	"registers":            {the: "the register history", joined: "was added to the register history", left: "was removed from the register history"},
	"documents":            {the: "the documents", joined: "was filed", left: "was withdrawn", added: fill("{s} was filed"), removed: fill("{s} was withdrawn")},
	"indicators":           {the: "the financial figures", joined: "financial figures for %s were published", left: "financial figures for %s were withdrawn", of: "for"},
	"insolvencies":         {the: "the insolvency proceedings", joined: "was filed", left: "is no longer listed"},
	"acquisitions":         {the: "the acquisitions", joined: "was merged into the company", left: "is no longer listed as merged into the company"},
	"asset_spin_offs":      {the: "the asset spin-offs", joined: "received assets in a spin-off", left: "is no longer listed as a spin-off"},
	"insolvency.events":    {the: "the events", joined: "%s was published", left: "%s was withdrawn"},
	"industry_codes":       {the: "the industry codes", joined: "was added to the industry codes", left: "was removed from the industry codes"},

	"address":                   {the: "the registered address", mod: fill("the company moved from {b} to {a}"), added: fill("the registered address was set to {a}")},
	"lei":                       {the: "the LEI"},
	"representation_rule":       {the: "the general representation rule"},
	"incorporated_at":           {the: "the date of incorporation", added: fill("the company was incorporated on {a}")},
	"notarized_at":              {the: "the date of notarization", added: fill("the articles were notarized on {a}")},
	"terminated_at":             {the: "the date of termination", added: fill("the company was terminated on {a}")},
	"merged_into":               {the: "the company it merged into", added: fill("the company merged into {a}")},
	"profit_transfer_agreement": {the: "the profit transfer agreement", added: fill("a profit transfer agreement with {a} was registered"), removed: fill("the profit transfer agreement with {b} ended")},
	"contact.email":             {the: "the contact email"},
	"contact.phone":             {the: "the phone number"},
	"contact.vat_id":            {the: "the VAT id"},
	"contact.website_url":       {the: "the website"},

	"representation.role_detail":    {the: "the role"},
	"representation.natural_person": {the: "the personal details"},
	"representation.legal_person":   {the: "the company details"},
	"owners.natural_person":         {the: "the personal details"},
	"owners.legal_person":           {the: "the company details"},
	"documents.latest": {the: "the version", mod: func(c Change) string {
		return c.Subject + " is " + map[bool]string{true: "now", false: "no longer"}[c.After == "latest"] + " the latest version"
	}},
	"insolvencies.current_status":       {the: "the status"},
	"insolvencies.opened_at":            {the: "the opening date", added: opened},
	"insolvencies.closed_at":            {the: "the closing date", added: fill("{s} closed on {a}")},
	"insolvency.current_status":         {the: "the status"},
	"insolvency.administrator_name":     {the: "the administrator"},
	"insolvency.claims_filing_deadline": {the: "the deadline for filing claims"},
	"insolvency.opened_at":              {the: "the opening date", added: opened},
	"insolvency.closed_at":              {the: "the closing date", added: fill("{s} closed on {a}")},
}

// socialMedia are the display names of contact.social_media.*.
var socialMedia = map[string]string{
	"linkedin": "LinkedIn", "instagram": "Instagram", "github": "GitHub", "twitter": "X (Twitter)",
	"facebook": "Facebook", "youtube": "YouTube", "xing": "XING", "tiktok": "TikTok",
}

// labelOf is how a sentence of a change of kind k names field.
func labelOf(field string, k Kind) label {
	if l, ok := labels[field]; ok {
		return l
	}
	d := derivedOf(field)
	if d.plain {
		// Only an added or a removed member reads its list's verbs: a
		// change of a value does not build them.
		switch k {
		case Added:
			d.l.joined = "was added to " + d.l.the
		case Removed:
			d.l.left = "was removed from " + d.l.the
		}
	}
	return d.l
}

// derived is a label made from a field's name (outside labels), with
// whether the field is plain (no dot: its list verbs are made from it).
type derived struct {
	l     label
	plain bool
}

// derivedLabels keeps the labels made from fields' names, so that a
// journal of thousands of changes of one field makes its label once.
// It holds at most derivedMax fields of at most derivedLen bytes:
// whatever names a hostile record carries, it stays small.
var (
	derivedLabels sync.Map // field -> derived
	derivedCount  atomic.Int64
)

const (
	derivedMax = 4096
	derivedLen = 64
)

// derivedOf is field's label made from its name, kept in derivedLabels.
func derivedOf(field string) derived {
	if v, ok := derivedLabels.Load(field); ok {
		return v.(derived)
	}
	d := deriveLabel(field)
	if len(field) <= derivedLen && derivedCount.Add(1) <= derivedMax {
		// A clone: field may be part of a longer text (a journal entry's
		// column) that the key would otherwise keep alive.
		derivedLabels.Store(strings.Clone(field), d)
	}
	return d
}

// deriveLabel makes field's label from its name.
func deriveLabel(field string) derived {
	if name, ok := strings.CutPrefix(field, "contact.social_media."); ok {
		if n, ok := socialMedia[name]; ok {
			return derived{l: label{the: "the " + n + " profile"}}
		}
	}
	head, rest, sub := strings.Cut(field, ".")
	words := strings.ReplaceAll(field, "_", " ")
	if sub {
		// "representation.end_date": the end date; "contact.email": the contact email.
		words = strings.ReplaceAll(strings.ReplaceAll(rest, ".", " "), "_", " ")
		if _, isList := labels[head]; !isList {
			words = strings.ReplaceAll(head, "_", " ") + " " + words
		}
		return derived{l: label{the: "the " + words, of: labels[head].of}}
	}
	words = strings.ReplaceAll(words, ".", " ")
	return derived{l: label{the: "the " + words}, plain: true}
}
