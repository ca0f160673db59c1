package main

import (
	"fmt"
	"io"
	"strings"

	registerdata "github.com/registerdata/registerdata-go"
)

// share formats a percent-scale share.
func share(p *float64) string {
	if p == nil {
		return "share unknown"
	}
	return percent(*p, true)
}

// percent formats a share from SharePercent.
func percent(p float64, ok bool) string {
	if !ok {
		return "share unknown"
	}
	return fmt.Sprintf("%.2f %%", p)
}

func printBeneficialOwners(w io.Writer, ubo *registerdata.BeneficialOwners) {
	fmt.Fprintln(w, "Beneficial owners:")
	if len(ubo.Owners) == 0 {
		fmt.Fprintln(w, "  none on record")
	}
	for _, u := range ubo.Owners {
		switch {
		case u.PercentageShare != nil:
			fmt.Fprintf(w, "  %s: %s effective\n", u.Name, percent(u.SharePercent()))
		case u.MaxPercentageShare != nil:
			fmt.Fprintf(w, "  %s: up to %s (as or through a limited partner)\n", u.Name, share(u.MaxPercentageShare))
		default:
			fmt.Fprintf(w, "  %s: fictitious beneficial owner (managing director; nobody holds more than 25 %%)\n", u.Name)
		}
	}
	fmt.Fprintln(w)
}

func printTree(w io.Writer, tree *registerdata.OwnershipTree) {
	fmt.Fprintf(w, "Ownership tree (%d companies looked up):\n", tree.Companies)
	if tree.Root.Stop == registerdata.TreeStopNotPublished {
		fmt.Fprintf(w, "  %s, 0 credits\n", tree.Root.StopReason)
	}
	tree.Root.Walk(func(n *registerdata.OwnershipNode) {
		if n.Owner == nil {
			return
		}
		note := ""
		switch n.Stop {
		case registerdata.TreeStopVisited:
			note = " (cross-holding: shown above)"
		case registerdata.TreeStopDepth:
			note = " (depth limit)"
		case registerdata.TreeStopBudget:
			note = " (not looked up: credit budget)"
		case registerdata.TreeStopNotFound:
			note = " (no owner list)"
		case registerdata.TreeStopNotPublished:
			note = " (" + n.StopReason + ")"
		}
		if n.Company != nil && n.Company.BestAvailable {
			note += " (best available data)"
		}
		fmt.Fprintf(w, "%s%s [%s]: %s direct, %s of the company%s\n", strings.Repeat("  ", n.Depth), n.Owner.Name,
			n.Owner.RelationType, percent(n.Owner.SharePercent()), share(n.EffectiveShare), note)
	})
	fmt.Fprintln(w)
}

func printPerson(w io.Writer, why string, p *registerdata.Person, holdings *registerdata.Holdings, companyID string) {
	fmt.Fprintf(w, "%s %s (%s):\n", p.FirstName, p.LastName, why)
	other := 0
	for _, m := range p.ManagementPositions {
		if m.RegisterID == companyID {
			continue
		}
		other++
		until := "current"
		if m.EndDate != nil {
			until = "until " + m.EndDate.String()
		}
		fmt.Fprintf(w, "  %s at %s (%s) since %s, %s\n", m.Role, m.CompanyName, m.RegisterID, m.StartDate, until)
	}
	for _, h := range holdings.Holdings {
		if h.CompanyID == companyID {
			continue
		}
		other++
		fmt.Fprintf(w, "  %s of %s (%s), %s\n", h.RelationType, h.Name, h.CompanyID, percent(h.SharePercent()))
	}
	if other == 0 {
		fmt.Fprintln(w, "  no other positions or holdings")
	}
}
