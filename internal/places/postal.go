// Package places knows where German postal codes, city spellings and
// city districts belong: the one table of places in the project, used by
// the matcher to read a customer's address.
//
// Sources. No open table that maps every German postal code to its city
// could be installed here (the npm package german-postal-codes, ISC
// licence, lists the codes without their places). The table is therefore
// built from two documented sources:
//   - the postal code ranges of the cities that the fake register
//     (package fake) draws its addresses from, so that the fake's data and
//     the matcher agree;
//   - the delivery ranges of further larger German cities, written by
//     hand after the public Deutsche Post postal code directory
//     (Postleitzahlenverzeichnis); they are not checked against a
//     machine-readable copy, so a range may miss codes of its city.
//
// A code no range holds says nothing: the matcher treats it as unknown,
// never as evidence.
package places

import (
	"slices"
	"strconv"
	"strings"
)

// postalRange is a run of postal codes delivered in one city.
type postalRange struct {
	from, to int
	city     string
}

// postalRanges map postal codes to cities; ranges may overlap where the
// fake's ranges are wider than the city's (a code then has two cities).
var postalRanges = []postalRange{
	// Cities of the fake's register (package fake: genPlaces, hardPlaces).
	{10115, 14199, "Berlin"}, {20095, 22769, "Hamburg"}, {80331, 81929, "München"}, {50667, 51149, "Köln"},
	{60306, 65936, "Frankfurt am Main"}, {70173, 70629, "Stuttgart"}, {40210, 40629, "Düsseldorf"},
	{4103, 4357, "Leipzig"}, {1067, 1328, "Dresden"}, {30159, 30669, "Hannover"}, {90402, 90491, "Nürnberg"},
	{28195, 28779, "Bremen"}, {45127, 45359, "Essen"}, {44135, 44388, "Dortmund"}, {48143, 48167, "Münster"},
	{79098, 79117, "Freiburg im Breisgau"}, {24103, 24159, "Kiel"}, {18055, 18147, "Rostock"}, {55116, 55131, "Mainz"},
	{99084, 99099, "Erfurt"}, {53111, 53229, "Bonn"}, {23552, 23570, "Lübeck"}, {86150, 86199, "Augsburg"},
	{14467, 14482, "Potsdam"}, {34117, 34134, "Kassel"}, {38100, 38126, "Braunschweig"}, {97070, 97084, "Würzburg"},
	{93047, 93059, "Regensburg"}, {66111, 66133, "Saarbrücken"},
	// Further cities (Deutsche Post directory).
	{65183, 65207, "Wiesbaden"}, {64283, 64297, "Darmstadt"}, {63065, 63075, "Offenbach am Main"},
	{68159, 68309, "Mannheim"}, {69115, 69126, "Heidelberg"}, {76131, 76229, "Karlsruhe"}, {89073, 89081, "Ulm"},
	{42103, 42399, "Wuppertal"}, {47051, 47279, "Duisburg"}, {44787, 44894, "Bochum"}, {45879, 45899, "Gelsenkirchen"},
	{41061, 41199, "Mönchengladbach"}, {47798, 47839, "Krefeld"}, {52062, 52080, "Aachen"}, {33602, 33739, "Bielefeld"},
	{49074, 49090, "Osnabrück"}, {26121, 26135, "Oldenburg"}, {6108, 6132, "Halle (Saale)"}, {39104, 39130, "Magdeburg"},
	{9111, 9247, "Chemnitz"}, {7743, 7751, "Jena"}, {19053, 19063, "Schwerin"}, {17489, 17493, "Greifswald"},
	{3042, 3055, "Cottbus"}, {15230, 15236, "Frankfurt (Oder)"}, {67059, 67071, "Ludwigshafen am Rhein"},
	{54290, 54296, "Trier"}, {56068, 56077, "Koblenz"}, {85049, 85057, "Ingolstadt"}, {91052, 91058, "Erlangen"},
	{90762, 90768, "Fürth"}, {95444, 95448, "Bayreuth"}, {96047, 96052, "Bamberg"}, {94032, 94036, "Passau"},
	{78462, 78467, "Konstanz"}, {72070, 72076, "Tübingen"}, {73728, 73734, "Esslingen am Neckar"},
	{74072, 74081, "Heilbronn"}, {75172, 75181, "Pforzheim"}, {37073, 37085, "Göttingen"}, {31134, 31141, "Hildesheim"},
	{21335, 21339, "Lüneburg"}, {25524, 25524, "Itzehoe"}, {24937, 24944, "Flensburg"}, {27568, 27580, "Bremerhaven"},
	{32423, 32429, "Minden"}, {33098, 33106, "Paderborn"}, {57072, 57080, "Siegen"}, {58095, 58099, "Hagen"},
	{59063, 59077, "Hamm"}, {46045, 46149, "Oberhausen"}, {45468, 45481, "Mülheim an der Ruhr"},
}

// CitiesOfPostalCode returns the cities delivered under a five-digit
// German postal code (leading zero optional), or nil when the table does
// not know the code.
func CitiesOfPostalCode(code string) []string {
	code = strings.TrimSpace(strings.TrimPrefix(strings.TrimPrefix(strings.TrimSpace(code), "D-"), "DE-"))
	if len(code) < 4 || len(code) > 5 {
		return nil
	}
	n, err := strconv.Atoi(code)
	if err != nil || n < 1000 {
		return nil
	}
	var out []string
	for _, r := range postalRanges {
		if n >= r.from && n <= r.to && !slices.Contains(out, r.city) {
			out = append(out, r.city)
		}
	}
	return out
}
