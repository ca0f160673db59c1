package places

import (
	"testing"
)

func TestSameCity(t *testing.T) {
	same := [][2]string{
		{"Frankfurt", "Frankfurt am Main"}, {"Frankfurt a.M.", "Frankfurt am Main"}, {"Frankfurt/Main", "Frankfurt am Main"},
		{"Muenchen", "München"}, {"Munchen", "München"}, {"Schwabing", "München"}, {"Berlin-Mitte", "Berlin"},
		{"Berlin Neukölln", "Berlin"}, {"Freiburg i. Br.", "Freiburg im Breisgau"}, {"Freiburg", "Freiburg im Breisgau"},
		{"Bad Cannstatt", "Stuttgart"}, {"KOELN", "Köln"}, {"Münster (Westf.)", "Münster"}, {"Hamburg-Altona", "Hamburg"},
		{"Hansestadt Rostock", "Rostock"}, {"Landeshauptstadt München", "München"}, {"Freie und Hansestadt Hamburg", "Hamburg"},
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
