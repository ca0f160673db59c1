package fake

import (
	"fmt"
	"math/rand/v2"
	"strconv"
	"strings"

	registerdata "github.com/registerdata/registerdata-go"
	"github.com/registerdata/registerdata-go/enums"
	"github.com/registerdata/registerdata-go/internal/courts"
)

// hardCaseBase offsets the register numbers of the hard cases: nine
// digits, above every curated and generated number.
const hardCaseBase = 900_000_000

// hardCase is one company that makes matching hard: it shares its name
// with companies in other cities, differs from another by one word or
// only by its legal form, has former names, is in liquidation, or has
// umlauts in its name.
type hardCase struct {
	name   string
	form   enums.LegalForm
	city   string // a city of hardPlaces
	status enums.CompanyStatus
	former []string // former names, oldest first
	vat    string
	lei    string
	site   string
}

// hardPlaces are the hard cases' cities with their register court's
// XJustiz code and a postal code range.
var hardPlaces = map[string]struct {
	code     string
	from, to int
}{
	"Hamburg": {"K1101", 20095, 22769}, "Berlin": {"F1103", 10115, 14199}, "München": {"D2601", 80331, 81929},
	"Köln": {"R3306", 50667, 51149}, "Leipzig": {"U1308", 4103, 4357}, "Dresden": {"U1104", 1067, 1328},
	"Essen": {"R2503", 45127, 45359}, "Dortmund": {"R2402", 44135, 44388}, "Bonn": {"R3201", 53111, 53229},
	"Kiel": {"X1517", 24103, 24159}, "Lübeck": {"X1721", 23552, 23570}, "Hannover": {"P2305", 30159, 30669},
	"Frankfurt am Main": {"M1201", 60306, 60599}, "Rostock": {"N1206", 18055, 18147}, "Freiburg im Breisgau": {"B8536", 79098, 79117},
	"Stuttgart": {"B8534", 70173, 70629}, "Nürnberg": {"D3310", 90402, 90491}, "Augsburg": {"D2102", 86150, 86199},
	"Bremen": {"H1101", 28195, 28779}, "Potsdam": {"G1312", 14467, 14482}, "Kassel": {"M1607", 34117, 34134},
	"Braunschweig": {"P1103", 38100, 38126}, "Würzburg": {"D4708", 97070, 97084}, "Regensburg": {"D3410", 93047, 93059},
	"Saarbrücken": {"V1109", 66111, 66133}, "Mainz": {"T2304", 55116, 55131},
}

const (
	active      = enums.CompanyStatusActive
	liquidation = enums.CompanyStatusLiquidation
	inactive    = enums.CompanyStatusInactive
)

var hardCaseList = []hardCase{
	// The same name in several cities.
	{name: "Löwenherz Bau GmbH", form: enums.LegalFormGmbH, city: "Hamburg", status: active, site: "https://www.loewenherz-bau-hamburg.example"},
	{name: "Löwenherz Bau GmbH", form: enums.LegalFormGmbH, city: "Berlin", status: active, vat: "DE811203318"},
	{name: "Löwenherz Bau GmbH", form: enums.LegalFormGmbH, city: "München", status: active},
	{name: "Löwenherz Bau GmbH", form: enums.LegalFormGmbH, city: "Köln", status: inactive},
	{name: "Sonnenhof Pflege gGmbH", form: enums.LegalFormGGmbH, city: "Leipzig", status: active},
	{name: "Sonnenhof Pflege gGmbH", form: enums.LegalFormGGmbH, city: "Dresden", status: active, site: "https://www.sonnenhof-pflege-dresden.example"},
	{name: "Brückenwerk Metall GmbH", form: enums.LegalFormGmbH, city: "Essen", status: active},
	{name: "Brückenwerk Metall GmbH", form: enums.LegalFormGmbH, city: "Dortmund", status: active, lei: "529900BRUECKENWERK45"},
	{name: "Brückenwerk Metall GmbH", form: enums.LegalFormGmbH, city: "Bonn", status: active},
	{name: "Kranich Apotheke Jana Voss e.K.", form: enums.LegalFormEK, city: "Kiel", status: active},
	{name: "Kranich Apotheke Jana Voss e.K.", form: enums.LegalFormEK, city: "Lübeck", status: active},
	// Names that differ by one word.
	{name: "Lindenberg Logistik GmbH", form: enums.LegalFormGmbH, city: "Hannover", status: active, vat: "DE276540912"},
	{name: "Lindenberg Logistik Service GmbH", form: enums.LegalFormGmbH, city: "Hannover", status: active},
	{name: "Lindenberg Spedition GmbH", form: enums.LegalFormGmbH, city: "Hannover", status: active},
	{name: "Elbufer Immobilien Verwaltung GmbH", form: enums.LegalFormGmbH, city: "Hamburg", status: active},
	{name: "Elbufer Immobilien Management GmbH", form: enums.LegalFormGmbH, city: "Hamburg", status: active, site: "https://elbufer-management.example"},
	{name: "Alpenblick Hotel Betriebs GmbH", form: enums.LegalFormGmbH, city: "München", status: active},
	{name: "Alpenblick Hotel Verwaltungs GmbH", form: enums.LegalFormGmbH, city: "München", status: active},
	// Names that differ only by the legal form.
	{name: "Falkenstein Immobilien GmbH", form: enums.LegalFormGmbH, city: "Frankfurt am Main", status: active},
	{name: "Falkenstein Immobilien AG", form: enums.LegalFormAG, city: "Frankfurt am Main", status: active, lei: "391200FALKENSTEINA25"},
	{name: "Falkenstein Immobilien GmbH & Co. KG", form: enums.LegalFormKG, city: "Frankfurt am Main", status: active},
	{name: "Rheinauen Energie GmbH", form: enums.LegalFormGmbH, city: "Köln", status: active},
	{name: "Rheinauen Energie eG", form: enums.LegalFormEG, city: "Köln", status: active, site: "https://www.rheinauen-energie.example"},
	{name: "Ostwind Consulting UG (haftungsbeschränkt)", form: enums.LegalFormUG, city: "Rostock", status: inactive},
	{name: "Ostwind Consulting GmbH", form: enums.LegalFormGmbH, city: "Rostock", status: active, vat: "DE309871240"},
	// Former names.
	{name: "Grünspecht Mobility GmbH", form: enums.LegalFormGmbH, city: "Freiburg im Breisgau", status: active, former: []string{"Grünspecht Fahrradverleih GmbH"}},
	{name: "Aurora Datenwerk AG", form: enums.LegalFormAG, city: "Stuttgart", status: active, former: []string{"Aurora Rechenzentrum AG"}, lei: "529900AURORADATEN030"},
	{name: "Kupferkessel Gastronomie GmbH", form: enums.LegalFormGmbH, city: "Nürnberg", status: active, former: []string{"Kupferkessel Brauhaus GmbH"}},
	{name: "Seidenfaden Textil GmbH", form: enums.LegalFormGmbH, city: "Augsburg", status: active, former: []string{"Seidenfaden Weberei Augsburg GmbH"}},
	{name: "Hafenlicht Medien GmbH", form: enums.LegalFormGmbH, city: "Bremen", status: active, former: []string{"Hafenlicht Verlag GmbH"}, site: "https://www.hafenlicht.example"},
	{name: "Morgenrot Software GmbH", form: enums.LegalFormGmbH, city: "Potsdam", status: active, former: []string{"Morgenrot IT-Service UG (haftungsbeschränkt)"}, vat: "DE327715484"},
	// Companies in liquidation or closed.
	{name: "Mühlbach Gastronomie GmbH i.L.", form: enums.LegalFormGmbH, city: "Kassel", status: liquidation},
	{name: "Silberfisch Handels GmbH in Liquidation", form: enums.LegalFormGmbH, city: "Bremen", status: liquidation, former: []string{"Silberfisch Handels GmbH"}},
	{name: "Tannengrün Gartenbau GmbH i.L.", form: enums.LegalFormGmbH, city: "Dresden", status: liquidation},
	{name: "Windrose Reisen GmbH", form: enums.LegalFormGmbH, city: "Lübeck", status: inactive},
	// Umlauts and ß.
	{name: "Bäckerei Großmann GmbH", form: enums.LegalFormGmbH, city: "Braunschweig", status: active, site: "https://www.baeckerei-grossmann.example"},
	{name: "Müller & Söhne Maschinenbau KG", form: enums.LegalFormKG, city: "Würzburg", status: active, vat: "DE134557909"},
	{name: "Schröder Öl- und Gashandel GmbH", form: enums.LegalFormGmbH, city: "Regensburg", status: active},
	{name: "Jürgens Glasbläserei e.K.", form: enums.LegalFormEK, city: "Saarbrücken", status: active},
	{name: "Straßburger Süßwaren GmbH", form: enums.LegalFormGmbH, city: "Mainz", status: active, lei: "391200STRASSBURGER54"},
	{name: "Göbel Weißwaren OHG", form: enums.LegalFormOHG, city: "Dresden", status: active},
	{name: "Könnecke Fleischerei e.K.", form: enums.LegalFormEK, city: "Leipzig", status: active},
	{name: "Übersee Kontor Hölscher GmbH", form: enums.LegalFormGmbH, city: "Hamburg", status: active, site: "https://www.uebersee-kontor.example"},
}

// hardCases builds the hard-case companies: each one starts from a
// generated record (so it is complete and valid) and takes its id,
// name, names, register, address, status and identifiers from the list.
// The same every time.
func hardCases() []registerdata.Company {
	out := make([]registerdata.Company, 0, len(hardCaseList))
	for k, h := range hardCaseList {
		c := generatedCompany(k)
		pl, ok := hardPlaces[h.city]
		court, found := courts.ByCode(pl.code)
		if !ok || !found {
			panic(fmt.Sprintf("fake: hard case %q: no court for %q", h.name, h.city)) // the list is fixed: a test reads it
		}
		rt := registerTypeOfForm(h.form)
		number := hardCaseBase + k
		c.ID = "DE-" + string(rt) + "-" + court.Code + "-" + strconv.Itoa(number)
		c.Register = registerdata.CompanyRegister{RegisterNumber: strconv.Itoa(number), RegisterType: rt, RegisterCourt: court.Name}
		c.Registers = []registerdata.CompanyRegister{c.Register}
		c.LegalForm = h.form
		c.Status = h.status
		c.TerminatedAt = nil
		if h.status == inactive {
			d := registerdata.NewDate(2023, 6, 30)
			c.TerminatedAt = &d
		}
		c.Names = c.Names[:0]
		start := c.IncorporatedAt
		for i, f := range h.former {
			c.Names = append(c.Names, registerdata.CompanyName{Name: f, LegalForm: h.form, StartDate: start})
			start = registerdata.NewDate(max(start.Year+3, 2010+3*i), 4, 1)
		}
		c.Name = registerdata.CompanyName{Name: h.name, LegalForm: h.form, StartDate: start}
		c.Names = append(c.Names, c.Name)
		r := rand.New(rand.NewPCG(genSeed, uint64(number)))
		postal := pl.from + r.IntN(pl.to-pl.from+1)
		c.Address = registerdata.CompanyAddress{
			Street: pick(r, genStreets) + " " + strconv.Itoa(1+r.IntN(120)), City: h.city, PostalCode: pad5(postal),
			Country: "Deutschland", StartDate: c.IncorporatedAt,
		}
		formatAddress(&c.Address)
		c.Addresses = []registerdata.CompanyAddress{c.Address}
		c.Capital, c.Capitals = nil, []registerdata.CompanyCapital{}
		if amount := capitalFor(r, h.form); amount > 0 {
			c.Capital = &registerdata.CompanyCapital{Amount: amount, Currency: enums.CurrencyEUR, StartDate: c.IncorporatedAt}
			c.Capitals = append(c.Capitals, *c.Capital)
		}
		c.Contact = nil
		if h.site != "" || h.vat != "" {
			site := h.site
			if site == "" { // the contact data is found on a website
				site = "https://www.company-" + strconv.Itoa(number) + ".example"
			}
			c.Contact = &registerdata.Contact{WebsiteURL: site, VATID: h.vat}
		}
		c.LEI = h.lei
		c.Insolvencies = nil
		out = append(out, *c)
	}
	return out
}

// registerTypeOfForm is the register a legal form is entered in.
func registerTypeOfForm(f enums.LegalForm) enums.RegisterType {
	switch f {
	case enums.LegalFormKG, enums.LegalFormOHG, enums.LegalFormEK:
		return enums.RegisterTypeHRA
	case enums.LegalFormEG:
		return enums.RegisterTypeGnR
	case enums.LegalFormEV:
		return enums.RegisterTypeVR
	}
	return enums.RegisterTypeHRB
}

// WithHardCases adds the companies that make matching a customer record
// hard (see MatchCompany in the SDK): the same name in several cities,
// names that differ by one word or only by their legal form, former
// names, companies in liquidation or closed, umlauts and ß in names,
// some with a VAT id, an LEI or a website. They are further companies
// with nine-digit register numbers: the curated and generated companies
// stay as they are. The same every time.
func WithHardCases() Option {
	return withSetup(func(s *Server) {
		for _, c := range hardCases() {
			if err := s.AddCompany(c); err != nil && !strings.Contains(err.Error(), "exists already") {
				panic(err) // the list is fixed and checked by the tests
			}
		}
	})
}
