package changes

import (
	registerdata "github.com/registerdata/registerdata-go"
	"github.com/registerdata/registerdata-go/enums"
)

// Person returns the changes from before to after, two snapshots of one
// person record (GetPerson). Management positions are matched by company
// and role, whatever their order: a position whose end date is now set
// has ended (Removed), one whose end date was cleared began again
// (Added). A position with role SHAREHOLDER or OWNER is in category
// holdings, every other position and the person's own data (name, city,
// date of birth) in management_positions. Age is not compared: it follows
// from the date of birth and the day. A nil snapshot is an empty record.
func Person(before, after *registerdata.Person) []Change {
	var b, a registerdata.Person
	if before != nil {
		b = *before
	}
	if after != nil {
		a = *after
	}
	const own = enums.PreferenceManagementPositions
	d := &differ{}
	d.add(own, "id", "", b.ID, a.ID)
	d.add(own, "first_name", "", b.FirstName, a.FirstName)
	d.add(own, "last_name", "", b.LastName, a.LastName)
	d.add(own, "city", "", showStr(b.City), showStr(a.City))
	d.add(own, "date_of_birth", "", showDatePtr(b.DateOfBirth), showDatePtr(a.DateOfBirth))
	type posKey struct{ company, role string }
	key := func(p *registerdata.ManagementPosition) posKey { return posKey{p.RegisterID, p.Role} }
	pair(b.ManagementPositions, a.ManagementPositions, key, samePosition, func(bp, ap *registerdata.ManagementPosition) {
		switch {
		case bp == nil:
			d.change(Change{Category: positionCategory(ap), Kind: Added, Field: "management_positions", Subject: positionSubject(ap), After: positionSpan(ap)})
		case ap == nil:
			d.change(Change{Category: positionCategory(bp), Kind: Removed, Field: "management_positions", Subject: positionSubject(bp), Before: positionSpan(bp)})
		case !samePosition(bp, ap):
			cat, subj := positionCategory(ap), positionSubject(ap)
			switch {
			case bp.EndDate == nil && ap.EndDate != nil:
				d.change(Change{Category: cat, Kind: Removed, Field: "management_positions", Subject: subj, Before: since(bp.StartDate), After: "until " + ap.EndDate.String()})
			case bp.EndDate != nil && ap.EndDate == nil:
				d.change(Change{Category: cat, Kind: Added, Field: "management_positions", Subject: subj, Before: "until " + bp.EndDate.String(), After: since(ap.StartDate)})
			default:
				d.add(cat, "management_positions.end_date", subj, showDatePtr(bp.EndDate), showDatePtr(ap.EndDate))
			}
			d.modified(cat, "management_positions.company_name", subj, bp.CompanyName, ap.CompanyName)
			d.add(cat, "management_positions.start_date", subj, showDate(bp.StartDate), showDate(ap.StartDate))
		}
	})
	return d.out
}

func positionCategory(p *registerdata.ManagementPosition) enums.Preference {
	role := enums.RoleCode(p.Role).Normalize().Role()
	if role == enums.RoleShareholder || role == enums.RoleOwner {
		return enums.PreferenceHoldings
	}
	return enums.PreferenceManagementPositions
}

func positionSubject(p *registerdata.ManagementPosition) string {
	return join(" ", words(p.Role), "at", p.CompanyName, "("+p.RegisterID+")")
}

func positionSpan(p *registerdata.ManagementPosition) string {
	if p.EndDate != nil {
		return join(" ", since(p.StartDate), "until "+p.EndDate.String())
	}
	return since(p.StartDate)
}

func samePosition(a, b *registerdata.ManagementPosition) bool {
	return a.CompanyName == b.CompanyName && a.RegisterID == b.RegisterID && a.Role == b.Role &&
		a.StartDate == b.StartDate && sameDatePtr(a.EndDate, b.EndDate)
}
