package changes

import (
	"strconv"
	"strings"

	registerdata "github.com/registerdata/registerdata-go"
)

// The display values of Change.Before and Change.After.

func showDate(d registerdata.Date) string {
	if d.IsZero() {
		return ""
	}
	return d.String()
}

func showDatePtr(d *registerdata.Date) string {
	if d == nil {
		return ""
	}
	return showDate(*d)
}

func showStr(s *string) string {
	if s == nil {
		return ""
	}
	return *s
}

func showFloat(f float64) string { return strconv.FormatFloat(f, 'f', -1, 64) }

// showPercent shows a percent-scale share: "30 %".
func showPercent(p *float64) string {
	if p == nil {
		return ""
	}
	return showFloat(*p) + " %"
}

// showCents shows an amount in cents as euros with two decimals.
func showCents(v int64) string {
	neg := v < 0
	if neg {
		v = -v
	}
	s := strconv.FormatInt(v/100, 10) + "." + strconv.FormatInt(100+v%100, 10)[1:] + " EUR"
	if neg {
		return "-" + s
	}
	return s
}

// join joins the non-empty parts with sep.
func join(sep string, parts ...string) string {
	n := 0
	for _, p := range parts {
		if p != "" {
			parts[n] = p
			n++
		}
	}
	return strings.Join(parts[:n], sep)
}

// words is a code as words: "PROKURA_JOINT" is "prokura joint".
func words(code string) string {
	return strings.ToLower(strings.ReplaceAll(code, "_", " "))
}

// labelled is "label value", or "" when value is "".
func labelled(label, value string) string {
	if value == "" {
		return ""
	}
	return label + " " + value
}

// since is "since D" or "".
func since(d registerdata.Date) string {
	if d.IsZero() {
		return ""
	}
	return "since " + d.String()
}

func sameDatePtr(a, b *registerdata.Date) bool {
	if a == nil || b == nil {
		return a == b
	}
	return *a == *b
}

func sameStrPtr(a, b *string) bool {
	if a == nil || b == nil {
		return a == b
	}
	return *a == *b
}

func sameFloatPtr(a, b *float64) bool {
	if a == nil || b == nil {
		return a == b
	}
	return *a == *b
}

func sameInt64Ptr(a, b *int64) bool {
	if a == nil || b == nil {
		return a == b
	}
	return *a == *b
}

// showAddress shows an address as a letter would: "Alt-Moabit 101, 10559
// Berlin", with the extra line first and the country last when it is not
// Germany; the formatted value when there are no parts.
func showAddress(a registerdata.CompanyAddress) string {
	country := a.Country
	switch strings.ToLower(country) {
	case "de", "deu", "deutschland", "germany":
		country = ""
	}
	if s := join(", ", a.Extra, a.Street, join(" ", a.PostalCode, a.City), country); s != "" {
		return s
	}
	return a.FormattedValue
}

// showAddressLong is showAddress with everything that may tell two
// addresses apart: the country, the date it holds since, and the
// formatted value where it says something else.
func showAddressLong(a registerdata.CompanyAddress) string {
	s := join(", ", a.Extra, a.Street, join(" ", a.PostalCode, a.City), a.Country)
	if a.FormattedValue != "" && a.FormattedValue != s {
		s = join(" ", s, "(written "+quote(a.FormattedValue)+")")
	}
	return join(" ", s, paren(since(a.StartDate)))
}

func showName(n registerdata.CompanyName) string {
	return join(" ", n.Name, "("+join(", ", string(n.LegalForm), since(n.StartDate))+")")
}

func showRegister(r registerdata.CompanyRegister) string {
	s := join(" ", string(r.RegisterType), r.RegisterNumber)
	if r.RegisterCourt != "" {
		s = join(", ", s, r.RegisterCourt)
	}
	if r.CompanyID != "" {
		s += " [" + r.CompanyID + "]"
	}
	if r.StartDate != nil {
		s += " (" + since(*r.StartDate) + ")"
	}
	return s
}

func showCapital(c registerdata.CompanyCapital) string {
	return join(" ", showFloat(c.Amount), string(c.Currency), paren(since(c.StartDate)))
}

func showPurpose(p registerdata.CompanyPurpose) string {
	return join(" ", p.Purpose, paren(since(p.StartDate)))
}

func paren(s string) string {
	if s == "" {
		return ""
	}
	return "(" + s + ")"
}

func showTransaction(t *registerdata.Transaction) string {
	if t == nil {
		return ""
	}
	s := join(" ", t.Name, "("+t.CompanyID+")")
	s = join(", ", s, labelled("registered", showDate(t.RegistrationDate)))
	if t.AgreementDate != nil {
		s += ", agreed " + showDate(*t.AgreementDate)
	}
	return s
}
