package fake

import (
	"strings"

	registerdata "github.com/registerdata/registerdata-go"
)

// completeCompany fills what a record states twice and the data leaves to
// the fake, so data files stay short and cannot contradict themselves:
//   - each history (registers, names, addresses, purposes, capitals) left
//     empty gets the current value as its only entry;
//   - the current name's legal form defaults to the company's;
//   - an address without formatted_value gets one built from its parts;
//   - a representative's role and labels come from its role code.
//
// It never overwrites a value that is set, and it makes every array
// non-nil, as the client's decoder does.
func completeCompany(c *registerdata.Company) {
	c.Normalize()
	if c.Name.LegalForm == "" {
		c.Name.LegalForm = c.LegalForm
	}
	formatAddress(&c.Address)
	for i := range c.Addresses {
		formatAddress(&c.Addresses[i])
	}
	historyOf(&c.Registers, &c.Register)
	historyOf(&c.Names, &c.Name)
	historyOf(&c.Addresses, &c.Address)
	historyOf(&c.Purposes, c.Purpose)
	historyOf(&c.Capitals, c.Capital)
	for i := range c.Representation {
		completeRepresentative(&c.Representation[i])
	}
	c.Sources = []registerdata.Source{} // issued per lookup, never stored
}

// historyOf sets *history to the one entry *current when it is empty and
// there is a current value.
func historyOf[T any](history *[]T, current *T) {
	if len(*history) == 0 && current != nil {
		*history = []T{*current}
	}
}

// formatAddress builds formatted_value, "Street, Postal City, Country"
// style with the extra line first, when it is empty.
func formatAddress(a *registerdata.CompanyAddress) {
	if a.FormattedValue != "" {
		return
	}
	var parts []string
	for _, p := range []string{a.Extra, a.Street, strings.TrimSpace(a.PostalCode + " " + a.City), a.Country} {
		if p != "" {
			parts = append(parts, p)
		}
	}
	a.FormattedValue = strings.Join(parts, ", ")
}
