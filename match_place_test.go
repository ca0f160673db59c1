package registerdata

import "testing"

func TestSplitPlaceReadsThePostalCodeInTheCityAndStreetCells(t *testing.T) {
	cases := []struct {
		city, postal, street          string
		wantCity, wantPostal, wantStr string
	}{
		{"01288 Dresden", "", "", "Dresden", "01288", ""},
		{"D-01288 Dresden", "", "", "Dresden", "01288", ""},
		{"DE 01288 Dresden", "", "", "Dresden", "01288", ""},
		{"01288", "", "", "", "01288", ""},
		{"Dresden 01288", "", "", "Dresden", "01288", ""},
		{"Dresden, D-01288", "", "", "Dresden", "01288", ""},
		{"01288 Dresden", "01289", "", "Dresden", "01289", ""},
		{"", "", "Hauptstraße 5, 01288 Dresden", "Dresden", "01288", "Hauptstraße 5"},
		{"Dresden", "", "Hauptstraße 5 D-01288 Dresden", "Dresden", "01288", "Hauptstraße 5"},
		{"", "", "Hauptstraße 5, 01288", "", "01288", "Hauptstraße 5"},
		// Nothing of the kind: unchanged.
		{"Berlin-Mitte", "10115", "Schillerstraße 153", "Berlin-Mitte", "10115", "Schillerstraße 153"},
		{"Frankfurt am Main", "", "Am Hang 12345", "Frankfurt am Main", "", "Am Hang 12345"},
		{"  Köln ", "", "", "Köln", "", ""},
		{"", "", "", "", "", ""},
	}
	for _, tc := range cases {
		c, p, s := splitPlace(tc.city, tc.postal, tc.street)
		if c != tc.wantCity || p != tc.wantPostal || s != tc.wantStr {
			t.Errorf("splitPlace(%q, %q, %q) = %q, %q, %q; want %q, %q, %q", tc.city, tc.postal, tc.street, c, p, s, tc.wantCity, tc.wantPostal, tc.wantStr)
		}
	}
}
