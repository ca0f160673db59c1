package redflags

import (
	"fmt"
	"sort"
	"strconv"
	"strings"

	registerdata "github.com/registerdata/registerdata-go"
	"github.com/registerdata/registerdata-go/enums"
)

// financialsOverdueYears is how old the latest figures may be before a
// company that must publish its accounts is flagged: accounts are due
// twelve months after the fiscal year, so two years means at least one
// year's accounts are missing.
const financialsOverdueYears = 2

func flagCapital(in *Input, _ registerdata.Date) (Flag, bool) {
	if in.Company == nil {
		return Flag{}, false
	}
	caps := append([]registerdata.CompanyCapital(nil), in.Company.Capitals...)
	sort.SliceStable(caps, func(i, j int) bool { return caps[i].StartDate.Before(caps[j].StartDate) })
	var cuts, keys []string
	for i := 1; i < len(caps); i++ {
		a, b := caps[i-1], caps[i]
		if a.Currency == b.Currency && b.Amount < a.Amount {
			cuts = append(cuts, fmt.Sprintf("from %s to %s on %s", money(a.Amount, a.Currency), money(b.Amount, b.Currency), b.StartDate))
			keys = append(keys, fmt.Sprintf("%s %s to %s", b.StartDate, money(a.Amount, a.Currency), money(b.Amount, b.Currency)))
		}
	}
	if len(cuts) == 0 {
		return Flag{}, false
	}
	return Flag{Code: FlagCapitalReduced, Reason: "The registered capital was reduced " + strings.Join(cuts, "; ") + ".", Facts: facts("reductions", keys...)}, true
}

// mustPublish reports whether the company must publish annual accounts:
// corporations, and partnerships without a natural person fully liable
// (a GmbH & Co. KG).
func mustPublish(in *Input) bool {
	switch in.Company.LegalForm {
	case enums.LegalFormGmbH, enums.LegalFormUG, enums.LegalFormAG, enums.LegalFormSE, enums.LegalFormKGaA, enums.LegalFormGGmbH:
		return true
	case enums.LegalFormKG, enums.LegalFormOHG:
		return CorporateGeneralPartnerOnly(*in)
	}
	return false
}

// CorporateGeneralPartnerOnly reports whether every personally liable
// partner of a partnership is a legal person (a GmbH & Co. KG): from the
// current representatives, else from the general partners among the
// direct owners of in.Ownership. Such a partnership must publish its
// accounts like a corporation. It needs in.Company.
func CorporateGeneralPartnerOnly(in Input) bool {
	if in.Company == nil {
		return false
	}
	n := 0
	for _, r := range in.Company.Representation {
		if r.EndDate != nil || roleOf(r) != enums.RolePersonalLiableDirector {
			continue
		}
		if r.Type != enums.RepresentativeTypeLegalPerson {
			return false
		}
		n++
	}
	if n > 0 {
		return true
	}
	if in.Ownership == nil || in.Ownership.Root == nil {
		return false
	}
	for _, ch := range in.Ownership.Root.Children {
		if ch.Owner.RelationType == enums.RelationTypeGeneralPartner {
			if ch.Owner.Type != enums.RepresentativeTypeLegalPerson {
				return false
			}
			n++
		}
	}
	return n > 0
}

func flagFinancials(in *Input, today registerdata.Date) (Flag, bool) {
	co := in.Company
	if co == nil || co.Status == enums.CompanyStatusInactive || co.TerminatedAt != nil || !mustPublish(in) {
		return Flag{}, false
	}
	due := registerdata.DateOf(today.Time().AddDate(-financialsOverdueYears, 0, 0))
	latest, ok := latestFiguresDate(in)
	switch {
	case ok && !latest.Before(due):
		return Flag{}, false
	case ok:
		return Flag{Code: FlagNoFinancials, Reason: fmt.Sprintf("No annual accounts after those for %s: the accounts of the years since are missing (they are due twelve months after the fiscal year).", latest),
			Facts: overdueFacts(latest, today)}, true
	case !co.IncorporatedAt.IsZero() && !co.IncorporatedAt.Before(due):
		return Flag{}, false
	}
	f := Flag{Code: FlagNoFinancials, Reason: fmt.Sprintf("No annual accounts filed at all, although a %s must publish them and was incorporated %s.", LegalFormName(co.LegalForm), dateOrUnknown(co.IncorporatedAt)),
		Facts: "accounts overdue: none filed, incorporation unknown"}
	if !co.IncorporatedAt.IsZero() {
		f.Facts = overdueFacts(co.IncorporatedAt, today)
	}
	return f, true
}

// overdueFacts are the Facts of FlagNoFinancials: the latest fiscal year
// overdue, counted from base (the latest figures, or the incorporation).
func overdueFacts(base, today registerdata.Date) string {
	return "accounts overdue through the fiscal year of " + strconv.Itoa(overdueThrough(base, today))
}

// latestFiguresDate is the date of the newest figures of the financial
// reports, or of the record's indicators without reports.
func latestFiguresDate(in *Input) (registerdata.Date, bool) {
	var latest registerdata.Date
	if in.Financials != nil {
		for _, ind := range in.Financials.Indicators {
			if ind.Date.After(latest) {
				latest = ind.Date
			}
		}
	}
	if ind, ok := in.Company.LatestIndicators(); ok && ind.Date.After(latest) {
		latest = ind.Date
	}
	return latest, !latest.IsZero()
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
	s := strconv.FormatInt(whole, 10)
	for i := len(s) - 3; i > 0; i -= 3 {
		s = s[:i] + "," + s[i:]
	}
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

func dateOrUnknown(d registerdata.Date) string {
	if d.IsZero() {
		return "on an unknown date"
	}
	return "on " + d.String()
}

var legalFormNames = map[enums.LegalForm]string{
	enums.LegalFormAG: "AG", enums.LegalFormEG: "eG", enums.LegalFormEK: "e.K.", enums.LegalFormEV: "e.V.",
	enums.LegalFormEWIV: "EWIV", enums.LegalFormForeign: "foreign legal form", enums.LegalFormGbR: "GbR",
	enums.LegalFormGGmbH: "gGmbH", enums.LegalFormGmbH: "GmbH", enums.LegalFormKG: "KG", enums.LegalFormKGaA: "KGaA",
	enums.LegalFormLLP: "LLP", enums.LegalFormMunicipal: "municipal enterprise", enums.LegalFormOHG: "OHG",
	enums.LegalFormSE: "SE", enums.LegalFormUG: "UG (haftungsbeschränkt)", enums.LegalFormUnknown: "unknown legal form",
}

// LegalFormName is the legal form as people write it ("GmbH", "UG
// (haftungsbeschränkt)", "e.K."); a form this package does not know is
// its code.
func LegalFormName(f enums.LegalForm) string {
	if n, ok := legalFormNames[f]; ok {
		return n
	}
	return string(f)
}
