package redflags

import (
	"fmt"
	"strings"

	registerdata "github.com/registerdata/registerdata-go"
)

func flagFictitious(in *Input, _ registerdata.Date) (Flag, bool) {
	if in.BeneficialOwners == nil {
		return Flag{}, false
	}
	bos := in.BeneficialOwners.Owners
	if len(bos) == 0 {
		return Flag{Code: FlagFictitiousOwnersOnly, Reason: "No beneficial owner is known: nobody holds more than 25 % and no managing director is named.",
			Facts: "no beneficial owner"}, true
	}
	var names []string
	for _, b := range bos {
		if !fictitious(b) {
			return Flag{}, false
		}
		names = append(names, b.Name)
	}
	return Flag{Code: FlagFictitiousOwnersOnly, Reason: "Nobody holds more than 25 %: the beneficial owners named are the managing directors " +
		strings.Join(names, ", ") + " (fictitious beneficial owners), so who controls the company is not known from the register.",
		Facts: facts("fictitious beneficial owners", names...)}, true
}

// fictitious reports whether b is a managing director named because
// nobody holds more than 25 %: the service gives such owners no share.
func fictitious(b registerdata.BeneficialOwner) bool {
	return b.PercentageShare == nil && b.MaxPercentageShare == nil
}

func flagAbroad(in *Input, _ registerdata.Date) (Flag, bool) {
	var abroad []string
	seen := map[string]bool{}
	add := func(name, country string) {
		if country == "" || strings.EqualFold(country, "DE") || seen[name+"\x00"+country] {
			return
		}
		seen[name+"\x00"+country] = true
		abroad = append(abroad, fmt.Sprintf("%s (%s)", name, country))
	}
	if in.Owners != nil {
		for i := range in.Owners.Owners {
			o := &in.Owners.Owners[i]
			c, _ := ownerCountry(o)
			add(o.Name, c)
		}
	}
	if in.Ownership != nil && in.Ownership.Root != nil {
		in.Ownership.Root.Walk(func(n *registerdata.OwnershipNode) {
			if n.Owner != nil {
				c, _ := ownerCountry(n.Owner)
				add(n.Owner.Name, c)
			}
		})
	}
	if in.BeneficialOwners != nil {
		for _, b := range in.BeneficialOwners.Owners {
			switch {
			case b.LegalPerson != nil:
				add(b.Name, strings.ToUpper(b.LegalPerson.Country))
			case b.NaturalPerson != nil:
				add(b.Name, strings.ToUpper(b.NaturalPerson.Country))
			}
		}
	}
	if len(abroad) == 0 {
		return Flag{}, false
	}
	return Flag{Code: FlagOwnersAbroad, Reason: "Owners outside Germany in the ownership chain: " + strings.Join(abroad, ", ") + ".",
		Facts: facts("owners abroad", abroad...)}, true
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
