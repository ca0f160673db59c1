package fake

import (
	"math"
	"strings"
	"time"

	registerdata "github.com/registerdata/registerdata-go"
	"github.com/registerdata/registerdata-go/enums"
)

// ownershipHistory returns the current and former owners of company c,
// read from its shareholder lists: one entry per owner (matched by id, or
// by name when the id is null) in order of first appearance, with one
// history entry per list naming it. An owner missing from the latest list
// is removed, its last appearance the date of the last list naming it.
func (s *Server) ownershipHistory(c *registerdata.Company) ([]registerdata.HistoricalOwner, error) {
	lists, err := s.shareLists(c)
	if err != nil {
		return nil, err
	}
	out := []registerdata.HistoricalOwner{}
	index := map[string]int{}
	last := map[string]time.Time{}
	for _, l := range lists {
		for _, o := range l.owners {
			key := ownerKey(o)
			i, ok := index[key]
			if !ok {
				i = len(out)
				index[key] = i
				out = append(out, registerdata.HistoricalOwner{
					Name:             o.Name,
					EntityType:       ownerEntityType(o),
					FirstAppearance:  l.date,
					Country:          ownerCountry(o),
					OwnershipHistory: []registerdata.OwnershipHistoryEntry{},
				})
				if out[i].EntityType == enums.OwnerEntityTypeNaturalPerson || out[i].EntityType == enums.OwnerEntityTypeGermanCompany {
					out[i].ID = deref(o.ID)
				}
			}
			pct := 0.0
			if o.PercentageShare != nil {
				pct = *o.PercentageShare
			}
			out[i].OwnershipHistory = append(out[i].OwnershipHistory, registerdata.OwnershipHistoryEntry{
				DocumentID: l.id, DocumentDate: l.date, NominalShares: int64(math.Round(o.NominalShare)), PercentageShares: pct,
			})
			last[key] = l.date
		}
	}
	current := map[string]bool{}
	for _, o := range lists[len(lists)-1].owners {
		current[ownerKey(o)] = true
	}
	for key, i := range index {
		if current[key] {
			out[i].Status = enums.OwnerStatusActive
			continue
		}
		t := last[key]
		out[i].Status, out[i].LastAppearance = enums.OwnerStatusRemoved, &t
	}
	return out, nil
}

// ownerKey identifies an owner across shareholder lists.
func ownerKey(o registerdata.Owner) string {
	if o.ID != nil {
		return *o.ID
	}
	return "name:" + o.Name
}

func ownerCountry(o registerdata.Owner) string {
	switch {
	case o.NaturalPerson != nil:
		return o.NaturalPerson.Country
	case o.LegalPerson != nil:
		return o.LegalPerson.Country
	}
	return ""
}

// ownerEntityType classifies an owner for the ownership history: a
// natural person; a legal person outside Germany is a foreign company;
// one with a company id of the register a German company; otherwise by
// its name: a foundation (Stiftung), a public body (Bundesrepublik, Land,
// Freistaat, Landkreis, Kreis, Stadt, Gemeinde), a community of
// shareholders (Erbengemeinschaft, ...gemeinschaft, GbR), else a German
// company.
func ownerEntityType(o registerdata.Owner) enums.OwnerEntityType {
	if o.Type == enums.RepresentativeTypeNaturalPerson {
		return enums.OwnerEntityTypeNaturalPerson
	}
	if c := ownerCountry(o); c != "" && c != "DE" {
		return enums.OwnerEntityTypeForeignCompany
	}
	if o.ID != nil {
		return enums.OwnerEntityTypeGermanCompany
	}
	name := o.Name
	lower := strings.ToLower(name)
	switch {
	case strings.Contains(lower, "stiftung"):
		return enums.OwnerEntityTypeGermanFoundation
	case hasAnyPrefix(name, "Bundesrepublik ", "Land ", "Freistaat ", "Landkreis ", "Kreis ", "Stadt ", "Gemeinde "):
		return enums.OwnerEntityTypeGermanGovernmentEntity
	case strings.Contains(lower, "gemeinschaft") || strings.HasSuffix(name, " GbR"):
		return enums.OwnerEntityTypeGermanMultipleShareholder
	}
	return enums.OwnerEntityTypeGermanCompany
}

func hasAnyPrefix(s string, prefixes ...string) bool {
	for _, p := range prefixes {
		if strings.HasPrefix(s, p) {
			return true
		}
	}
	return false
}
