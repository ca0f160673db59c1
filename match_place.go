package registerdata

import (
	"regexp"
	"strings"
)

// Customers' records often hold the postal code in the city cell
// ("01288 Dresden", "D-01288 Dresden", "Dresden 01288", "01288") or the
// postal code and city after the street ("Hauptstraße 5, 01288
// Dresden"), as CRM exports write an address. splitPlace reads them as
// postal code, city and street before a match compares them.

var (
	// cityCellPostal is a city cell that starts with a postal code,
	// optionally after a country mark ("D-", "DE "), with the city after
	// it or nothing.
	cityCellPostal = regexp.MustCompile(`^(?i:de?\s*[-–]?\s*)?(\d{5})(?:[\s,]+(.*))?$`)
	// cityCellPostalAfter is a city cell with the postal code after the
	// city ("Dresden 01288", "Dresden, D-01288").
	cityCellPostalAfter = regexp.MustCompile(`^(\D*?)[\s,]+(?i:de?\s*[-–]?\s*)?(\d{5})$`)
	// streetCellPlace is a street cell with the postal code and city
	// after the street and house number ("Hauptstraße 5, 01288
	// Dresden", "Hauptstraße 5 D-01288 Dresden").
	streetCellPlace = regexp.MustCompile(`^(.*?)[\s,]+(?i:de?\s*[-–]\s*)?(\d{5})(?:[\s,]+(\D.*))?$`)
)

// splitPlace returns the city, postal code and street of a query whose
// cells may hold the postal code and city together. A postal code given
// in its own cell is kept; one read from the city or street cell fills it
// only when that cell is empty. Cells that hold nothing of the kind come
// back unchanged.
func splitPlace(city, postal, street string) (string, string, string) {
	city, postal, street = strings.TrimSpace(city), strings.TrimSpace(postal), strings.TrimSpace(street)
	fill := func(code string) {
		if postal == "" {
			postal = code
		}
	}
	if sm := cityCellPostal.FindStringSubmatch(city); sm != nil {
		fill(sm[1])
		city = strings.TrimSpace(sm[2])
	} else if sm := cityCellPostalAfter.FindStringSubmatch(city); sm != nil && strings.TrimSpace(sm[1]) != "" {
		fill(sm[2])
		city = strings.TrimSpace(sm[1])
	}
	if sm := streetCellPlace.FindStringSubmatch(street); sm != nil && strings.TrimSpace(sm[1]) != "" && (sm[3] != "" || strings.Contains(street, ",")) {
		fill(sm[2])
		street = strings.TrimSpace(strings.TrimRight(sm[1], ", "))
		if c := strings.TrimSpace(sm[3]); c != "" && city == "" {
			city = c
		}
	}
	return city, postal, street
}
