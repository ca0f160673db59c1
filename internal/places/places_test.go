package places

import (
	"slices"
	"testing"
)

func TestCitiesOfPostalCode(t *testing.T) {
	for _, c := range []struct {
		code string
		want []string
	}{
		{"10115", []string{"Berlin"}}, {"80331", []string{"München"}}, {"01067", []string{"Dresden"}}, {"1067", []string{"Dresden"}},
		{"65189", []string{"Frankfurt am Main", "Wiesbaden"}}, {"99999", nil}, {"abc", nil}, {"", nil}, {"123456", nil},
	} {
		if got := CitiesOfPostalCode(c.code); !slices.Equal(got, c.want) {
			t.Errorf("CitiesOfPostalCode(%q) = %v, want %v", c.code, got, c.want)
		}
	}
}

func TestSameCity(t *testing.T) {
	same := [][2]string{
		{"Frankfurt", "Frankfurt am Main"}, {"Frankfurt a.M.", "Frankfurt am Main"}, {"Frankfurt/Main", "Frankfurt am Main"},
		{"Muenchen", "München"}, {"Munchen", "München"}, {"Schwabing", "München"}, {"Berlin-Mitte", "Berlin"},
		{"Berlin Neukölln", "Berlin"}, {"Freiburg i. Br.", "Freiburg im Breisgau"}, {"Freiburg", "Freiburg im Breisgau"},
		{"Bad Cannstatt", "Stuttgart"}, {"KOELN", "Köln"}, {"Münster (Westf.)", "Münster"}, {"Hamburg-Altona", "Hamburg"},
	}
	for _, p := range same {
		if !SameCity(p[0], p[1]) || !SameCity(p[1], p[0]) {
			t.Errorf("SameCity(%q, %q) = false, want true", p[0], p[1])
		}
	}
	differ := [][2]string{
		{"Frankfurt (Oder)", "Frankfurt am Main"}, {"Berlin", "Hamburg"}, {"", "Berlin"}, {"Altona", "Berlin"},
		{"Essen", "Essenbach"}, {"Halle (Saale)", "Halle (Westf.)"},
	}
	for _, p := range differ {
		if SameCity(p[0], p[1]) {
			t.Errorf("SameCity(%q, %q) = true, want false", p[0], p[1])
		}
	}
}

func TestCityOf(t *testing.T) {
	for in, want := range map[string]string{"Schwabing": "München", "Frankfurt": "Frankfurt am Main", "Koeln": "Köln", "Atlantis": "Atlantis"} {
		if got := CityOf(in); got != want {
			t.Errorf("CityOf(%q) = %q, want %q", in, got, want)
		}
	}
}
