package matchtext

import (
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/registerdata/registerdata-go/internal/race"
)

// TestNameFitCountsAFormerNameAtItsWeight: a former name equal to the
// query's fits at FormerNameWeight and says so; the current name, which
// the record lists too, is not taken for a former one.
func TestNameFitCountsAFormerNameAtItsWeight(t *testing.T) {
	q, cur := Normalize("Kupferkessel Brauhaus GmbH"), "Brauhaus am Markt GmbH"
	reasons, fit := NameFit(nil, q, Normalize(cur), cur, true, []string{cur, "Kupferkessel Brauhaus GmbH"}, same)
	assert.Equal(t, FormerNameWeight, fit)
	assert.Equal(t, []string{`name differs: "Brauhaus am Markt GmbH"`, `former name: "Kupferkessel Brauhaus GmbH"`, "legal form equal: GmbH"}, reasons)

	reasons, fit = NameFit(nil, q, Normalize(cur), cur, true, []string{cur}, same)
	assert.Less(t, fit, Contradicts)
	assert.NotContains(t, reasons, `former name: "Brauhaus am Markt GmbH"`)
}

// TestNameFitLegalFormAndState: another legal form is another company,
// a state the register does not show lowers the fit a little.
func TestNameFitLegalFormAndState(t *testing.T) {
	reasons, fit := NameFit(nil, Normalize("Nordbau AG"), Normalize("Nordbau GmbH"), "Nordbau GmbH", true, noNames, same)
	assert.Equal(t, formDiffers, fit)
	assert.Equal(t, []string{"name equal after normalisation", "legal form differs: AG vs GmbH (another company)"}, reasons)

	reasons, fit = NameFit(nil, Normalize("Nordbau GmbH i.L."), Normalize("Nordbau GmbH"), "Nordbau GmbH", true, noNames, same)
	assert.Equal(t, stateDiffers, fit)
	assert.Contains(t, reasons, "the query says in liquidation; the register shows it active")
	_, fit = NameFit(nil, Normalize("Nordbau GmbH i.L."), Normalize("Nordbau GmbH"), "Nordbau GmbH", false, noNames, same)
	assert.Equal(t, 1.0, fit, "an inactive company agrees with the query's liquidation")
}

// TestCityFactor: a district counts as its city, a postal code of the
// same city costs a little, one of another city as much as another city;
// CityAgrees when the city or the postal code is the query's.
func TestCityFactor(t *testing.T) {
	p := NewPlace("Berlin-Mitte", " 10115 ", "Hauptstr. 3")
	for _, c := range []struct {
		city, postal, street string
		f                    float64
		reasons              []string
		agrees               bool
	}{
		{"Berlin", "10115", "Hauptstr. 3", 1, []string{"city Berlin-Mitte is Berlin", "postal code equal", "street equal"}, true},
		{"Berlin", "10117", "", postalNear, []string{"city Berlin-Mitte is Berlin", "postal code differs: 10115 vs 10117, both in Berlin"}, true},
		{"Hamburg", "20095", "", cityDiffers, []string{"city differs: Berlin-Mitte vs Hamburg", "postal code 10115 is Berlin, not Hamburg"}, false},
		{"Hamburg", "10115", "", 1, []string{"city differs (Berlin-Mitte vs Hamburg) but postal code equal", "postal code equal"}, true},
		{"", "", "", 1, []string{"city not in the register's answer"}, false},
	} {
		reasons, f := p.CityFactor(nil, c.city, c.postal, c.street)
		assert.Equal(t, c.f, f, "%+v", c)
		assert.Equal(t, c.reasons, reasons, "%+v", c)
		assert.Equal(t, c.agrees, p.CityAgrees(c.city, c.postal), "%+v", c)
	}
}

// TestNameFitAllocatesOnlyItsReasons: fitting a name allocates the
// reasons it writes and nothing else, whether the candidate's record was
// read or not: a legal form equal is one reason to spell ("legal form
// equal: GmbH"), former names that fit worse write none.
func TestNameFitAllocatesOnlyItsReasons(t *testing.T) {
	if race.Enabled {
		t.Skip("the race detector changes what a program allocates")
	}
	q, c := Normalize("Nordbau GmbH"), Normalize("Nordbau GmbH")
	former := []string{"Nordbau GmbH", "Nordbau Holding GmbH", "Südbau AG"}
	for _, n := range former {
		NormalizeKept(n) // kept, as a batch's names are
	}
	reasons := make([]string, 0, 8)
	for _, f := range [][]string{noNames, former} {
		allocs := testing.AllocsPerRun(100, func() {
			reasons, _ = NameFit(reasons[:0], q, c, "Nordbau GmbH", true, f, same)
		})
		assert.Equal(t, 1.0, allocs, "former names %q: reasons %q", f, reasons)
	}
}

// BenchmarkNameFit fits ten candidates' names and places to one query,
// as a match's first scoring does.
func BenchmarkNameFit(b *testing.B) {
	names := benchNames()
	q, p := Normalize("Nordlicht Solar-Technik GmbH i.L."), NewPlace("Berlin-Mitte", "10115", "")
	reasons := make([]string, 0, 16)
	b.ReportAllocs()
	for b.Loop() {
		for _, n := range names {
			reasons, _ = NameFit(reasons[:0], q, NormalizeKept(n), n, true, noNames, same)
			reasons, _ = p.CityFactor(reasons, "Berlin", "10115", "")
		}
	}
}

// benchNames are the candidates' names of the benchmarks.
func benchNames() []string {
	return []string{
		"Nordlicht Solartechnik GmbH", "Nordlicht Service GmbH", "NordBau AG", "NordBau eG", "Anna Müller NordBau e.K.",
		"Löwenherz Bau GmbH", "Lindenberg Logistik Service GmbH", "Falkenstein Immobilien GmbH & Co. KG",
		"Hanseatische Kaffeerösterei Thomas Brandt e.K.", "Turn- und Sportverein Elbauen von 1908 e.V.",
	}
}

// noNames is the former names of a candidate whose record was not read;
// same spells each.
var noNames []string

func same(s string) string { return s }
