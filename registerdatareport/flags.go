package registerdatareport

import (
	"fmt"
	"strings"

	registerdata "github.com/registerdata/registerdata-go"
	"github.com/registerdata/registerdata-go/enums"
	"github.com/registerdata/registerdata-go/redflags"
)

// redFlags runs the rules of package redflags over d, then adds
// FlagIncomplete when part of the dossier is missing.
func redFlags(d *Dossier, today registerdata.Date) []RedFlag {
	out := redflags.Evaluate(redflags.Input{
		Company:          d.Company,
		BeneficialOwners: d.BeneficialOwners,
		Ownership:        d.Ownership,
		Financials:       d.Financials,
		Insolvencies:     d.Insolvencies,
	}, today)
	if f, ok := flagIncomplete(d, today); ok {
		out = append(out, f)
	}
	return out
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
	return RedFlag{Code: FlagIncomplete, Reason: "Parts of this dossier are missing: " + strings.Join(parts, "; ") + "."}, true
}

func plural(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
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

// roleOf is a representative's coarse role, from its register-level role
// when the coarse one is unknown.
func roleOf(r registerdata.Representative) enums.Role {
	if r.Role.IsKnown() {
		return r.Role
	}
	return r.RoleDetail.Code.Normalize().Role()
}
