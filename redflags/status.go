package redflags

import (
	"fmt"
	"sort"
	"strings"

	registerdata "github.com/registerdata/registerdata-go"
	"github.com/registerdata/registerdata-go/enums"
)

// Thresholds of the director rules.
const (
	// directorWindowYears is the window in which director changes are
	// counted.
	directorWindowYears = 3
	// directorChangesFlagged is how many changes of managing directors
	// (appointments after incorporation and departures) in the window
	// make a red flag.
	directorChangesFlagged = 3
)

func flagInsolvency(in *Input, _ registerdata.Date) (Flag, bool) {
	var open, stages []string
	seen := map[string]bool{}
	add := func(id, caseNumber, court string, status enums.InsolvencyStatus, opened *registerdata.Date) {
		if !status.IsOpen() || (id != "" && seen[id]) {
			return
		}
		seen[id] = true
		what := fmt.Sprintf("case %s at %s, status %s", caseNumber, court, status)
		if opened != nil {
			what += ", opened " + opened.String()
		}
		open = append(open, what)
		key := id
		if key == "" {
			key = caseNumber + " at " + court
		}
		stages = append(stages, key+" "+string(status))
	}
	if in.Company != nil {
		for _, s := range in.Company.Insolvencies {
			add(s.ID, s.CaseNumber, s.Court, s.CurrentStatus, s.OpenedAt)
		}
	}
	for _, p := range in.Insolvencies {
		if p != nil {
			add(p.ID, p.CaseNumber, p.Court, p.CurrentStatus, p.OpenedAt)
		}
	}
	if len(open) == 0 {
		return Flag{}, false
	}
	return Flag{Code: FlagInsolvencyOpen, Reason: "Open insolvency proceeding: " + strings.Join(open, "; ") + ".",
		Facts: facts("open proceedings", stages...)}, true
}

func flagLiquidation(in *Input, today registerdata.Date) (Flag, bool) {
	if in.Company == nil || in.Company.Status != enums.CompanyStatusLiquidation {
		return Flag{}, false
	}
	reason := "The register shows the company in liquidation (being dissolved)"
	var liq []string
	for _, r := range in.Company.CurrentRepresentatives(today) {
		if roleOf(r) == enums.RoleLiquidator {
			liq = append(liq, r.Name)
		}
	}
	if len(liq) > 0 {
		reason += "; liquidator: " + strings.Join(liq, ", ")
	}
	return Flag{Code: FlagLiquidation, Reason: reason + ".", Facts: facts("liquidators", liq...)}, true
}

func flagNotActive(in *Input, today registerdata.Date) (Flag, bool) {
	co := in.Company
	if co == nil || co.Status == enums.CompanyStatusLiquidation {
		return Flag{}, false
	}
	terminated := co.TerminatedAt != nil && !co.TerminatedAt.After(today)
	var reason string
	switch {
	case co.Status == enums.CompanyStatusInactive && terminated:
		reason = fmt.Sprintf("The register shows the company as inactive, terminated on %s.", co.TerminatedAt)
	case co.Status == enums.CompanyStatusInactive:
		reason = "The register shows the company as inactive (no longer operating)."
	case terminated:
		reason = fmt.Sprintf("The register shows the company as terminated on %s.", co.TerminatedAt)
	default:
		return Flag{}, false
	}
	f := Flag{Code: FlagNotActive, Reason: reason, Facts: "status " + string(co.Status)}
	if terminated {
		f.Facts += "; terminated " + co.TerminatedAt.String()
	}
	return f, true
}

func flagNoDirector(in *Input, today registerdata.Date) (Flag, bool) {
	co := in.Company
	if co == nil || co.Status != enums.CompanyStatusActive || (co.TerminatedAt != nil && !co.TerminatedAt.After(today)) {
		return Flag{}, false
	}
	var last *registerdata.Representative
	for i := range co.Representation {
		r := &co.Representation[i]
		if roleOf(*r) != enums.RoleDirector {
			continue
		}
		if r.StartDate.After(today) {
			continue // appointed from a later day: not in office yet
		}
		if r.EndDate == nil || r.EndDate.After(today) {
			return Flag{}, false // one is in office
		}
		if last == nil || r.EndDate.After(*last.EndDate) {
			last = r
		}
	}
	if last == nil {
		return Flag{}, false // no director ever listed: nothing to say
	}
	return Flag{Code: FlagNoManagingDirector, Reason: fmt.Sprintf("No managing director is in office: the last one, %s, left on %s.", last.Name, last.EndDate),
		Facts: "last managing director: " + fold(last.Name) + ", left " + last.EndDate.String()}, true
}

func flagDirectors(in *Input, today registerdata.Date) (Flag, bool) {
	co := in.Company
	if co == nil {
		return Flag{}, false
	}
	since := registerdata.DateOf(today.Time().AddDate(-directorWindowYears, 0, 0))
	type change struct {
		at   registerdata.Date
		what string
	}
	var changes []change
	for _, r := range co.Representation {
		if roleOf(r) != enums.RoleDirector {
			continue
		}
		if !r.StartDate.IsZero() && !r.StartDate.Before(since) && !r.StartDate.After(today) && r.StartDate != co.IncorporatedAt {
			changes = append(changes, change{r.StartDate, fmt.Sprintf("%s appointed %s", r.Name, r.StartDate)})
		}
		if r.EndDate != nil && !r.EndDate.Before(since) && !r.EndDate.After(today) {
			changes = append(changes, change{*r.EndDate, fmt.Sprintf("%s left %s", r.Name, *r.EndDate)})
		}
	}
	if len(changes) < directorChangesFlagged {
		return Flag{}, false
	}
	sort.SliceStable(changes, func(i, j int) bool { return changes[i].at.Before(changes[j].at) })
	parts := make([]string, len(changes))
	for i, c := range changes {
		parts[i] = c.what
	}
	latest := changes[len(changes)-1]
	var sameDay []string
	for _, c := range changes {
		if c.at == latest.at {
			sameDay = append(sameDay, c.what)
		}
	}
	return Flag{Code: FlagFrequentDirectorChanges, Reason: fmt.Sprintf("%d changes of managing directors since %s: %s.", len(changes), since, strings.Join(parts, "; ")),
		Facts: facts("latest change", sameDay...)}, true
}

// roleOf is a representative's coarse role, from its register-level role
// when the coarse one is unknown.
func roleOf(r registerdata.Representative) enums.Role {
	if r.Role.IsKnown() {
		return r.Role
	}
	return r.RoleDetail.Code.Normalize().Role()
}
