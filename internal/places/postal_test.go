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
