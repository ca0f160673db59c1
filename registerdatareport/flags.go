package registerdatareport

import (
	"fmt"
	"sort"
	"strings"

	registerdata "github.com/registerdata/registerdata-go"
	"github.com/registerdata/registerdata-go/enums"
)

// Thresholds of the red flags.
const (
	// directorWindowYears is the window in which director changes are
	// counted.
	directorWindowYears = 3
	// directorChangesFlagged is how many changes of managing directors
	// (appointments after incorporation and departures) in the window
	// make a red flag.
	directorChangesFlagged = 3
	// financialsOverdueYears is how old the latest figures may be before
	// a company that must publish its accounts is flagged: accounts are
	// due twelve months after the fiscal year, so two years means at
	// least one year's accounts are missing.
	financialsOverdueYears = 2
)

// redFlags runs every rule over d, in the order of the Flag constants.
func redFlags(d *Dossier, today registerdata.Date) []RedFlag {
	out := []RedFlag{}
	for _, rule := range []func(*Dossier, registerdata.Date) (RedFlag, bool){
		flagInsolvency, flagLiquidation, flagFictitious, flagAbroad, flagDirectors, flagCapital, flagFinancials, flagIncomplete,
	} {
		if f, ok := rule(d, today); ok {
			out = append(out, f)
		}
	}
	return out
}

func flagInsolvency(d *Dossier, _ registerdata.Date) (RedFlag, bool) {
	var open []string
	for _, s := range d.Company.Insolvencies {
		if !s.CurrentStatus.IsOpen() {
			continue
		}
		what := fmt.Sprintf("case %s at %s, status %s", s.CaseNumber, s.Court, s.CurrentStatus)
		if s.OpenedAt != nil {
			what += ", opened " + s.OpenedAt.String()
		}
		open = append(open, what)
	}
	if len(open) == 0 {
		return RedFlag{}, false
	}
	return RedFlag{FlagInsolvencyOpen, "Open insolvency proceeding: " + strings.Join(open, "; ") + "."}, true
}

func flagLiquidation(d *Dossier, today registerdata.Date) (RedFlag, bool) {
	if d.Company.Status != enums.CompanyStatusLiquidation {
		return RedFlag{}, false
	}
	reason := "The register shows the company in liquidation (being dissolved)"
	var liq []string
	for _, r := range d.Company.CurrentRepresentatives(today) {
		if roleOf(r) == enums.RoleLiquidator {
			liq = append(liq, r.Name)
		}
	}
	if len(liq) > 0 {
		reason += "; liquidator: " + strings.Join(liq, ", ")
	}
	return RedFlag{FlagLiquidation, reason + "."}, true
}

func flagFictitious(d *Dossier, _ registerdata.Date) (RedFlag, bool) {
	if d.BeneficialOwners == nil {
		return RedFlag{}, false
	}
	bos := d.BeneficialOwners.Owners
	if len(bos) == 0 {
		return RedFlag{FlagFictitiousOwnersOnly, "No beneficial owner is known: nobody holds more than 25 % and no managing director is named."}, true
	}
	var names []string
	for _, b := range bos {
		if !fictitious(b) {
			return RedFlag{}, false
		}
		names = append(names, b.Name)
	}
	return RedFlag{FlagFictitiousOwnersOnly, "Nobody holds more than 25 %: the beneficial owners named are the managing directors " +
		strings.Join(names, ", ") + " (fictitious beneficial owners), so who controls the company is not known from the register."}, true
}

// fictitious reports whether b is a managing director named because
// nobody holds more than 25 %: the service gives such owners no share.
func fictitious(b registerdata.BeneficialOwner) bool {
	return b.PercentageShare == nil && b.MaxPercentageShare == nil
}

func flagAbroad(d *Dossier, _ registerdata.Date) (RedFlag, bool) {
	var abroad []string
	seen := map[string]bool{}
	add := func(name, country string) {
		if country == "" || strings.EqualFold(country, "DE") || seen[name+"\x00"+country] {
			return
		}
		seen[name+"\x00"+country] = true
		abroad = append(abroad, fmt.Sprintf("%s (%s)", name, country))
	}
	if d.Ownership != nil {
		d.Ownership.Root.Walk(func(n *registerdata.OwnershipNode) {
			if n.Owner != nil {
				c, _ := ownerCountry(n.Owner)
				add(n.Owner.Name, c)
			}
		})
	}
	if d.BeneficialOwners != nil {
		for _, b := range d.BeneficialOwners.Owners {
			switch {
			case b.LegalPerson != nil:
				add(b.Name, b.LegalPerson.Country)
			case b.NaturalPerson != nil:
				add(b.Name, b.NaturalPerson.Country)
			}
		}
	}
	if len(abroad) == 0 {
		return RedFlag{}, false
	}
	return RedFlag{FlagOwnersAbroad, "Owners outside Germany in the ownership chain: " + strings.Join(abroad, ", ") + "."}, true
}

// ownerCountry is an owner's country code and whether it is known.
func ownerCountry(o *registerdata.Owner) (string, bool) {
	switch {
	case o.LegalPerson != nil && o.LegalPerson.Country != "":
		return strings.ToUpper(o.LegalPerson.Country), true
	case o.NaturalPerson != nil && o.NaturalPerson.Country != "":
		return strings.ToUpper(o.NaturalPerson.Country), true
	}
	return "", false
}

func flagDirectors(d *Dossier, today registerdata.Date) (RedFlag, bool) {
	since := registerdata.DateOf(today.Time().AddDate(-directorWindowYears, 0, 0))
	type change struct {
		at   registerdata.Date
		what string
	}
	var changes []change
	for _, r := range d.Company.Representation {
		if roleOf(r) != enums.RoleDirector {
			continue
		}
		if !r.StartDate.IsZero() && !r.StartDate.Before(since) && !r.StartDate.After(today) && r.StartDate != d.Company.IncorporatedAt {
			changes = append(changes, change{r.StartDate, fmt.Sprintf("%s appointed %s", r.Name, r.StartDate)})
		}
		if r.EndDate != nil && !r.EndDate.Before(since) && !r.EndDate.After(today) {
			changes = append(changes, change{*r.EndDate, fmt.Sprintf("%s left %s", r.Name, *r.EndDate)})
		}
	}
	if len(changes) < directorChangesFlagged {
		return RedFlag{}, false
	}
	sort.SliceStable(changes, func(i, j int) bool { return changes[i].at.Before(changes[j].at) })
	parts := make([]string, len(changes))
	for i, c := range changes {
		parts[i] = c.what
	}
	return RedFlag{FlagFrequentDirectorChanges, fmt.Sprintf("%d changes of managing directors since %s: %s.", len(changes), since, strings.Join(parts, "; "))}, true
}

func flagCapital(d *Dossier, _ registerdata.Date) (RedFlag, bool) {
	caps := append([]registerdata.CompanyCapital(nil), d.Company.Capitals...)
	sort.SliceStable(caps, func(i, j int) bool { return caps[i].StartDate.Before(caps[j].StartDate) })
	var cuts []string
	for i := 1; i < len(caps); i++ {
		a, b := caps[i-1], caps[i]
		if a.Currency == b.Currency && b.Amount < a.Amount {
			cuts = append(cuts, fmt.Sprintf("from %s to %s on %s", money(a.Amount, a.Currency), money(b.Amount, b.Currency), b.StartDate))
		}
	}
	if len(cuts) == 0 {
		return RedFlag{}, false
	}
	return RedFlag{FlagCapitalReduced, "The registered capital was reduced " + strings.Join(cuts, "; ") + "."}, true
}

// mustPublish reports whether the company must publish annual accounts:
// corporations, and partnerships without a natural person fully liable
// (a GmbH & Co. KG).
func mustPublish(d *Dossier) bool {
	switch d.Company.LegalForm {
	case enums.LegalFormGmbH, enums.LegalFormUG, enums.LegalFormAG, enums.LegalFormSE, enums.LegalFormKGaA, enums.LegalFormGGmbH:
		return true
	case enums.LegalFormKG, enums.LegalFormOHG:
		return corporateGeneralPartnerOnly(d)
	}
	return false
}

// corporateGeneralPartnerOnly reports whether every personally liable
// partner of a partnership is a legal person.
func corporateGeneralPartnerOnly(d *Dossier) bool {
	n := 0
	for _, r := range d.Company.Representation {
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
	if d.Ownership == nil || d.Ownership.Root == nil {
		return false
	}
	for _, ch := range d.Ownership.Root.Children {
		if ch.Owner.RelationType == enums.RelationTypeGeneralPartner {
			if ch.Owner.Type != enums.RepresentativeTypeLegalPerson {
				return false
			}
			n++
		}
	}
	return n > 0
}

func flagFinancials(d *Dossier, today registerdata.Date) (RedFlag, bool) {
	co := d.Company
	if co.Status == enums.CompanyStatusInactive || co.TerminatedAt != nil || !mustPublish(d) {
		return RedFlag{}, false
	}
	due := registerdata.DateOf(today.Time().AddDate(-financialsOverdueYears, 0, 0))
	latest, ok := latestFiguresDate(d)
	switch {
	case ok && !latest.Before(due):
		return RedFlag{}, false
	case ok:
		return RedFlag{FlagNoFinancials, fmt.Sprintf("No annual accounts after those for %s: the accounts of the years since are missing (they are due twelve months after the fiscal year).", latest)}, true
	case !co.IncorporatedAt.IsZero() && !co.IncorporatedAt.Before(due):
		return RedFlag{}, false
	}
	return RedFlag{FlagNoFinancials, fmt.Sprintf("No annual accounts filed at all, although a %s must publish them and was incorporated %s.", legalFormName(co.LegalForm), dateOrUnknown(co.IncorporatedAt))}, true
}

// latestFiguresDate is the date of the newest figures of the financial
// reports, or of the record's indicators without reports.
func latestFiguresDate(d *Dossier) (registerdata.Date, bool) {
	var latest registerdata.Date
	if d.Financials != nil {
		for _, in := range d.Financials.Indicators {
			if in.Date.After(latest) {
				latest = in.Date
			}
		}
	}
	if ind, ok := d.Company.LatestIndicators(); ok && ind.Date.After(latest) {
		latest = ind.Date
	}
	return latest, !latest.IsZero()
}

func flagIncomplete(d *Dossier, _ registerdata.Date) (RedFlag, bool) {
	var parts []string
	for _, p := range d.Provenance {
		if p.Missing != "" {
			parts = append(parts, p.Section+": "+p.Missing)
		}
	}
	if d.Ownership != nil {
		stops := map[registerdata.TreeStop]int{}
		d.Ownership.Root.Walk(func(n *registerdata.OwnershipNode) {
			switch n.Stop {
			case registerdata.TreeStopDepth, registerdata.TreeStopBudget, registerdata.TreeStopCancelled:
				stops[n.Stop]++
			}
		})
		if n := stops[registerdata.TreeStopDepth]; n > 0 {
			parts = append(parts, fmt.Sprintf("%s: the owners of %d compan%s above level %d were not fetched (depth limit)", SectionOwnership, n, plural(n, "y", "ies"), d.Depth))
		}
		if n := stops[registerdata.TreeStopBudget] + stops[registerdata.TreeStopCancelled]; n > 0 && !strings.Contains(strings.Join(parts, ""), SectionOwnership+": ") {
			parts = append(parts, fmt.Sprintf("%s: the owners of %d compan%s were not fetched", SectionOwnership, n, plural(n, "y", "ies")))
		}
	}
	if len(parts) == 0 {
		return RedFlag{}, false
	}
	return RedFlag{FlagIncomplete, "Parts of this dossier are missing: " + strings.Join(parts, "; ") + "."}, true
}

// roleOf is a representative's coarse role, from its register-level role
// when the coarse one is unknown.
func roleOf(r registerdata.Representative) enums.Role {
	if r.Role.IsKnown() {
		return r.Role
	}
	return r.RoleDetail.Code.Normalize().Role()
}

func plural(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}
