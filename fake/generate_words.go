package fake

import "github.com/registerdata/registerdata-go/enums"

// The generator's vocabulary: invented but plausible German company
// names, real cities with their postal code ranges and register courts,
// common first and last names, and WZ codes.

type place struct {
	city, court, courtCode string
	postalFrom, postalTo   int // postal codes are drawn from this range
}

var genPlaces = []place{
	{"Berlin", "Berlin (Charlottenburg)", "F1103", 10115, 14199},
	{"Hamburg", "Hamburg", "K1101", 20095, 22769},
	{"München", "München", "D2601", 80331, 81929},
	{"Köln", "Köln", "R3306", 50667, 51149},
	{"Frankfurt am Main", "Frankfurt am Main", "M1201", 60306, 65936},
	{"Stuttgart", "Stuttgart", "B8534", 70173, 70629},
	{"Düsseldorf", "Düsseldorf", "R1101", 40210, 40629},
	{"Leipzig", "Leipzig", "U1308", 4103, 4357},
	{"Dresden", "Dresden", "U1104", 1067, 1328},
	{"Hannover", "Hannover", "P2305", 30159, 30669},
	{"Nürnberg", "Nürnberg", "D3310", 90402, 90491},
	{"Bremen", "Bremen", "H1101", 28195, 28779},
	{"Essen", "Essen", "R2503", 45127, 45359},
	{"Dortmund", "Dortmund", "R2402", 44135, 44388},
	{"Münster", "Münster", "R2713", 48143, 48167},
	{"Freiburg im Breisgau", "Freiburg", "B8536", 79098, 79117},
	{"Kiel", "Kiel", "X1517", 24103, 24159},
	{"Rostock", "Rostock", "N1206", 18055, 18147},
	{"Mainz", "Mainz", "T2304", 55116, 55131},
	{"Erfurt", "Jena", "Y1206", 99084, 99099},
}

var genStreets = []string{
	"Hauptstraße", "Bahnhofstraße", "Industriestraße", "Gartenstraße", "Schillerstraße",
	"Goethestraße", "Am Markt", "Lindenallee", "Mühlenweg", "Hafenstraße", "Kirchplatz",
	"Friedrichstraße", "Wiesenweg", "Berliner Allee", "Ringstraße", "Kastanienweg",
}

var genNamePrefixes = []string{
	"Nord", "Süd", "Rhein", "Elb", "Alpen", "Hansa", "Spree", "Main", "Isar", "Weser",
	"Ostsee", "Harz", "Taunus", "Eifel", "Donau", "Neckar", "Lahn", "Mosel", "Ruhr", "Saale",
}

// genTrades pairs a name core with a purpose and fitting WZ codes.
var genTrades = []struct {
	core, purpose string
	wz            []string
}{
	{"Bau", "Ausführung von Hoch- und Tiefbauarbeiten.", []string{"41.20.0", "42.99.0"}},
	{"Logistik", "Güterbeförderung, Lagerhaltung und Umschlag.", []string{"49.41.0", "52.10.0"}},
	{"Software", "Entwicklung und Vertrieb von Software sowie IT-Beratung.", []string{"62.01.0", "62.02.0"}},
	{"Metall", "Metallbearbeitung und Stahlbau.", []string{"25.11.0", "25.62.0"}},
	{"Energie", "Erzeugung und Vertrieb von Strom aus erneuerbaren Quellen.", []string{"35.11.0", "35.14.0"}},
	{"Handel", "Groß- und Einzelhandel mit Waren aller Art.", []string{"46.90.0", "47.19.0"}},
	{"Consult", "Unternehmensberatung.", []string{"70.22.0"}},
	{"Medien", "Herstellung und Vertrieb von Medienproduktionen.", []string{"59.11.0", "73.11.0"}},
	{"Pflege", "Ambulante und stationäre Pflege.", []string{"87.10.0", "88.10.0"}},
	{"Immobilien", "Erwerb, Verwaltung und Vermietung von Immobilien.", []string{"68.20.0", "68.31.0"}},
	{"Maschinen", "Herstellung von Maschinen und Anlagen.", []string{"28.29.0", "28.41.0"}},
	{"Feinkost", "Herstellung und Vertrieb von Lebensmitteln.", []string{"10.89.0", "46.38.0"}},
	{"Druck", "Druck- und Verlagsleistungen.", []string{"18.12.0"}},
	{"Elektro", "Elektroinstallation und Gebäudetechnik.", []string{"43.21.0"}},
	{"Holz", "Holzbearbeitung und Tischlerei.", []string{"16.23.0", "31.09.0"}},
	{"Optik", "Herstellung und Vertrieb optischer Geräte.", []string{"26.70.0"}},
}

var genFirstNames = []string{
	"Anna", "Lukas", "Marie", "Jonas", "Sophie", "Felix", "Laura", "Paul", "Lena", "Tim",
	"Julia", "Leon", "Sarah", "Max", "Katharina", "Jan", "Nina", "David", "Lea", "Simon",
	"Ayşe", "Mehmet", "Olga", "Piotr", "Elif", "Dimitrios", "Ingrid", "Klaus", "Ursula", "Wolfgang",
}

var genLastNames = []string{
	"Müller", "Schmidt", "Schneider", "Fischer", "Weber", "Meyer", "Wagner", "Becker", "Schulz", "Hoffmann",
	"Koch", "Richter", "Klein", "Wolf", "Schröder", "Neumann", "Schwarz", "Zimmermann", "Braun", "Krüger",
	"Hofmann", "Hartmann", "Lange", "Schmitt", "Werner", "Krause", "Meier", "Lehmann", "Yıldız", "Kowalski",
}

// genForm is a legal form the generator draws, with its name suffix and
// the role codes of its representatives.
type genForm struct {
	form   enums.LegalForm
	suffix string
	roles  []enums.RoleCode
}

// genForms lists, per register type, the legal forms drawn for it with
// their name suffix and the role codes of their representatives.
var genForms = map[enums.RegisterType][]genForm{
	enums.RegisterTypeHRB: {
		{enums.LegalFormGmbH, "GmbH", []enums.RoleCode{enums.RoleCodeDirector, enums.RoleCodeProkura, enums.RoleCodeShareholder}},
		{enums.LegalFormGmbH, "GmbH", []enums.RoleCode{enums.RoleCodeDirector, enums.RoleCodeProkuraJoint}},
		{enums.LegalFormUG, "UG (haftungsbeschränkt)", []enums.RoleCode{enums.RoleCodeDirector}},
		{enums.LegalFormAG, "AG", []enums.RoleCode{enums.RoleCodeExecutive, enums.RoleCodeChairman, enums.RoleCodeProkuraSingle}},
		{enums.LegalFormGGmbH, "gGmbH", []enums.RoleCode{enums.RoleCodeDirector}},
		{enums.LegalFormSE, "SE", []enums.RoleCode{enums.RoleCodeDirector, enums.RoleCodeNonExecutiveDirector}},
	},
	enums.RegisterTypeHRA: {
		{enums.LegalFormEK, "e.K.", []enums.RoleCode{enums.RoleCodeOwner, enums.RoleCodeProkura}},
		{enums.LegalFormKG, "GmbH & Co. KG", []enums.RoleCode{enums.RoleCodePersonalLiableDirector, enums.RoleCodeShareholder}},
		{enums.LegalFormOHG, "OHG", []enums.RoleCode{enums.RoleCodePartner}},
	},
	enums.RegisterTypeGnR: {{enums.LegalFormEG, "eG", []enums.RoleCode{enums.RoleCodeBoard, enums.RoleCodePresidentBoard}}},
	enums.RegisterTypePR:  {{enums.LegalFormUnknown, "Partnerschaft mbB", []enums.RoleCode{enums.RoleCodePartner}}},
	enums.RegisterTypeVR:  {{enums.LegalFormEV, "e.V.", []enums.RoleCode{enums.RoleCodePresident, enums.RoleCodeBoard, enums.RoleCodeBoardTreasurer}}},
}
