package registerdatareport

import (
	"strconv"
	"strings"

	registerdata "github.com/registerdata/registerdata-go"
	"github.com/registerdata/registerdata-go/enums"
	"github.com/registerdata/registerdata-go/visible"
)

func itoa(i int) string { return strconv.Itoa(i) }

// percent formats a share on the percent scale: "60 %", "5.36 %".
func percent(v float64) string {
	return strconv.FormatFloat(round(v, 2), 'f', -1, 64) + " %"
}

func round(v float64, places int) float64 {
	p := 1.0
	for i := 0; i < places; i++ {
		p *= 10
	}
	if v < 0 {
		return -float64(int64(-v*p+0.5)) / p
	}
	return float64(int64(v*p+0.5)) / p
}

// money formats an amount in major units with thousands separators:
// "25,000 EUR", "1,234.50 EUR".
func money(v float64, cur enums.Currency) string {
	neg := v < 0
	if neg {
		v = -v
	}
	cents := int64(v*100 + 0.5)
	whole, frac := cents/100, cents%100
	s := groupThousands(strconv.FormatInt(whole, 10))
	if frac != 0 {
		s += "." + strconv.FormatInt(100+frac, 10)[1:]
	}
	if neg {
		s = "−" + s
	}
	if cur != "" {
		s += " " + string(cur)
	}
	return s
}

func groupThousands(s string) string {
	if len(s) <= 3 {
		return s
	}
	var b strings.Builder
	pre := len(s) % 3
	if pre > 0 {
		b.WriteString(s[:pre])
	}
	for i := pre; i < len(s); i += 3 {
		if b.Len() > 0 {
			b.WriteByte(',')
		}
		b.WriteString(s[i : i+3])
	}
	return b.String()
}

func joinNonEmpty(sep string, parts ...string) string {
	var out []string
	for _, p := range parts {
		if p != "" {
			out = append(out, p)
		}
	}
	return strings.Join(out, sep)
}

func registerLine(r registerdata.CompanyRegister) string {
	return joinNonEmpty(" ", string(r.RegisterType), r.RegisterNumber, joinNonEmpty("", "", courtSuffix(r.RegisterCourt)))
}

func courtSuffix(court string) string {
	if court == "" {
		return ""
	}
	return "· " + court
}

var relationNames = map[enums.RelationType]string{
	enums.RelationTypeShareholder:    "shareholder",
	enums.RelationTypeStockholder:    "stockholder",
	enums.RelationTypeLimitedPartner: "limited partner",
	enums.RelationTypeGeneralPartner: "general partner",
}

func relationName(r enums.RelationType) string {
	if n, ok := relationNames[r]; ok {
		return n
	}
	return strings.ReplaceAll(string(r), "_", " ")
}

// clean makes a register text safe to show beyond what escaping does,
// by the rule every text for people follows (package visible):
// bidirectional controls (which could make a name read backwards or hide
// part of it), the other format characters and control characters are
// shown as their code point, "⟨U+202E⟩", so they can neither reorder the
// page nor pass unnoticed; line breaks and tabs become spaces.
// html/template escapes the result as usual.
func clean(s string) string { return visible.Line(s) }
