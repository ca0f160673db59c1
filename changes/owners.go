package changes

import (
	registerdata "github.com/registerdata/registerdata-go"
	"github.com/registerdata/registerdata-go/enums"
)

// Owners returns the changes from before to after, two snapshots of the
// direct owners of one company (GetOwners), all in category ownership.
// Owners are matched by id, else by name, whatever their order: an owner
// added "became an owner", one gone "is no longer an owner", and a
// changed stake is a Modified "owners.percentage_share" or
// "owners.nominal_share" (display values "30 %", "12500 EUR"). Sources are
// not compared (presigned anew on every fetch). A nil snapshot has no
// owners.
func Owners(before, after *registerdata.Owners) []Change {
	var b, a registerdata.Owners
	if before != nil {
		b = *before
	}
	if after != nil {
		a = *after
	}
	const cat = enums.PreferenceOwnership
	d := &differ{}
	d.add(cat, "company_id", "", b.CompanyID, a.CompanyID)
	if b.BestAvailable != a.BestAvailable && before != nil && after != nil {
		d.modified(cat, "best_available", "", bestWord(b.BestAvailable), bestWord(a.BestAvailable))
	}
	pair(b.Owners, a.Owners, ownerKey, sameOwner, func(bo, ao *registerdata.Owner) {
		switch {
		case bo == nil:
			d.change(Change{Category: cat, Kind: Added, Field: "owners", Subject: ao.Name, After: showStake(ao.PercentageShare, ao.NominalShare)})
		case ao == nil:
			d.change(Change{Category: cat, Kind: Removed, Field: "owners", Subject: bo.Name, Before: showStake(bo.PercentageShare, bo.NominalShare)})
		case !sameOwner(bo, ao):
			subj := ao.Name
			d.modified(cat, "owners.name", subj, bo.Name, ao.Name)
			d.add(cat, "owners.percentage_share", subj, showPercent(bo.PercentageShare), showPercent(ao.PercentageShare))
			if bo.NominalShare != ao.NominalShare {
				d.modified(cat, "owners.nominal_share", subj, showFloat(bo.NominalShare)+" EUR", showFloat(ao.NominalShare)+" EUR")
			}
			d.modified(cat, "owners.type", subj, string(bo.Type), string(ao.Type))
			d.modified(cat, "owners.relation_type", subj, string(bo.RelationType), string(ao.RelationType))
			d.add(cat, "owners.start", subj, showDatePtr(bo.Start), showDatePtr(ao.Start))
			d.add(cat, "owners.legal_person", subj, showOwnerLegal(bo.LegalPerson), showOwnerLegal(ao.LegalPerson))
			d.add(cat, "owners.natural_person", subj, showOwnerNatural(bo.NaturalPerson), showOwnerNatural(ao.NaturalPerson))
		}
	})
	return d.out
}

func bestWord(b bool) string {
	if b {
		return "best available (possibly not current)"
	}
	return "current shareholder list"
}

// ownerID identifies an owner: id, else name.
type ownerID struct{ id, name string }

func ownerKey(o *registerdata.Owner) ownerID {
	if o.ID != nil && *o.ID != "" {
		return ownerID{id: *o.ID}
	}
	return ownerID{name: o.Name}
}

// showStake is "30 %", or the nominal value when no percentage is known.
func showStake(pct *float64, nominal float64) string {
	if pct != nil {
		return showPercent(pct)
	}
	if nominal != 0 {
		return showFloat(nominal) + " EUR nominal"
	}
	return ""
}

func sameOwner(a, b *registerdata.Owner) bool {
	return sameStrPtr(a.ID, b.ID) && a.Name == b.Name && a.Type == b.Type && a.RelationType == b.RelationType &&
		a.NominalShare == b.NominalShare && sameFloatPtr(a.PercentageShare, b.PercentageShare) &&
		sameDatePtr(a.Start, b.Start) && samePtrDeep(a.LegalPerson, b.LegalPerson, func(x, y *registerdata.OwnerLegalPerson) bool {
		return x.Name == y.Name && sameStrPtr(x.City, y.City) && x.Country == y.Country
	}) &&
		samePtrDeep(a.NaturalPerson, b.NaturalPerson, func(x, y *registerdata.OwnerNaturalPerson) bool {
			return x.FirstName == y.FirstName && x.LastName == y.LastName && x.FullName == y.FullName && x.City == y.City &&
				x.Country == y.Country && sameDatePtr(x.DateOfBirth, y.DateOfBirth)
		})
}

func showOwnerLegal(p *registerdata.OwnerLegalPerson) string {
	if p == nil {
		return ""
	}
	return join(", ", p.Name, showStr(p.City), p.Country, "legal person")
}

func showOwnerNatural(p *registerdata.OwnerNaturalPerson) string {
	if p == nil {
		return ""
	}
	name := p.FullName
	if name == "" {
		name = join(" ", p.FirstName, p.LastName)
	}
	return join(", ", name, p.City, p.Country, labelled("born", showDatePtr(p.DateOfBirth)), "natural person")
}

// Holdings returns the changes from before to after, two snapshots of
// the stakes a company or a person holds (GetCompanyHoldings,
// GetPersonHoldings), all in category holdings. Holdings are matched by
// the company held and the relation type, whatever their order; a holding
// whose end date is now set has ended (Removed). A nil snapshot has no
// holdings.
func Holdings(before, after *registerdata.Holdings) []Change {
	var b, a registerdata.Holdings
	if before != nil {
		b = *before
	}
	if after != nil {
		a = *after
	}
	const cat = enums.PreferenceHoldings
	d := &differ{}
	type holdingKey struct {
		id  string
		rel enums.RelationType
	}
	key := func(h *registerdata.Holding) holdingKey { return holdingKey{h.CompanyID, h.RelationType} }
	pair(b.Holdings, a.Holdings, key, sameHolding, func(bh, ah *registerdata.Holding) {
		switch {
		case bh == nil:
			d.change(Change{Category: cat, Kind: Added, Field: "holdings", Subject: holdingSubject(ah), After: showHolding(ah)})
		case ah == nil:
			d.change(Change{Category: cat, Kind: Removed, Field: "holdings", Subject: holdingSubject(bh), Before: showHolding(bh)})
		case !sameHolding(bh, ah):
			subj := holdingSubject(ah)
			switch {
			case bh.End == nil && ah.End != nil:
				d.change(Change{Category: cat, Kind: Removed, Field: "holdings", Subject: subj, Before: showHolding(bh), After: "until " + ah.End.String()})
			case bh.End != nil && ah.End == nil:
				d.change(Change{Category: cat, Kind: Added, Field: "holdings", Subject: subj, Before: "until " + bh.End.String(), After: showHolding(ah)})
			default:
				d.add(cat, "holdings.end", subj, showDatePtr(bh.End), showDatePtr(ah.End))
			}
			d.modified(cat, "holdings.name", subj, bh.Name, ah.Name)
			d.add(cat, "holdings.percentage_share", subj, holdingPercent(bh.PercentageShare), holdingPercent(ah.PercentageShare))
			if bh.NominalShare != ah.NominalShare {
				d.modified(cat, "holdings.nominal_share", subj, showFloat(bh.NominalShare)+" EUR", showFloat(ah.NominalShare)+" EUR")
			}
			d.add(cat, "holdings.start", subj, showDatePtr(bh.Start), showDatePtr(ah.Start))
		}
	})
	return d.out
}

// holdingPercent shows a fraction-scale share (0.3) as percent ("30 %").
func holdingPercent(f *float64) string {
	if f == nil {
		return ""
	}
	p := *f * 100
	return showPercent(&p)
}

func holdingSubject(h *registerdata.Holding) string {
	return join(" ", h.Name, "("+join(", ", h.CompanyID, words(string(h.RelationType)))+")")
}

func showHolding(h *registerdata.Holding) string {
	if h.PercentageShare != nil {
		return holdingPercent(h.PercentageShare)
	}
	return showStake(nil, h.NominalShare)
}

func sameHolding(a, b *registerdata.Holding) bool {
	return a.CompanyID == b.CompanyID && a.Name == b.Name && a.RelationType == b.RelationType &&
		a.NominalShare == b.NominalShare && sameFloatPtr(a.PercentageShare, b.PercentageShare) &&
		sameDatePtr(a.Start, b.Start) && sameDatePtr(a.End, b.End)
}

// samePtrDeep compares two optional values with eq.
func samePtrDeep[T any](a, b *T, eq func(x, y *T) bool) bool {
	if a == nil || b == nil {
		return a == b
	}
	return eq(a, b)
}
