package matchtext

import (
	"strings"
	"testing"

	"github.com/registerdata/registerdata-go/internal/race"
)

func TestNameSimilarity(t *testing.T) {
	sim := func(a, b string) float64 { return NameSimilarity(Normalize(a), Normalize(b)) }
	same := [][2]string{
		{"Nordlicht Solartechnik GmbH", "Nordlicht Solar-Technik GmbH i.L."},
		{"Müller Bau GmbH", "Mueller Bau GmbH"},
		{"Müller Bau GmbH", "Muller Bau"},
		{"Straßenbau Nord", "Strassenbau Nord"},
		{"Wagner & Sohn Metallbau OHG", "Wagner und Sohn Metallbau"},
		{"Metallbau Wagner Sohn", "Wagner & Sohn Metallbau"},
	}
	for _, p := range same {
		if s := sim(p[0], p[1]); s != 1 {
			t.Errorf("sim(%q, %q) = %v; want 1", p[0], p[1], s)
		}
	}
	typo := [][2]string{{"Nordlicht Solartechnik", "Nordlicht Solartechnil"}, {"Hafenkontor Spedition", "Hafenkontr Spedition"}}
	for _, p := range typo {
		if s := sim(p[0], p[1]); s < 0.9 || s >= 1 {
			t.Errorf("sim(%q, %q) = %v; want a typo's score in [0.9, 1)", p[0], p[1], s)
		}
	}
	differ := [][2]string{{"Nordbau GmbH", "Nordbank GmbH"}, {"Nordlicht Solartechnik", "Nordlicht Service"}, {"Südbau", "Nordbau"}, {"Elbmetall", "Elbmedien"}}
	for _, p := range differ {
		if s := sim(p[0], p[1]); s >= 0.85 {
			t.Errorf("sim(%q, %q) = %v; want below 0.85", p[0], p[1], s)
		}
	}
}

func TestEditDistance(t *testing.T) {
	for _, c := range []struct {
		a, b string
		d    int
	}{{"", "", 0}, {"abc", "abc", 0}, {"abc", "acb", 1}, {"abc", "ab", 1}, {"kitten", "sitting", 3}, {"a", "abcdef", 3}} {
		if got := editDistance(c.a, c.b, 2); got != min(c.d, 3) {
			t.Errorf("editDistance(%q, %q) = %d; want %d", c.a, c.b, got, min(c.d, 3))
		}
	}
}

// BenchmarkNameSimilarity compares one normalised query with ten
// normalised names.
func BenchmarkNameSimilarity(b *testing.B) {
	q := Normalize("Nordlicht Solar-Technik GmbH i.L.")
	var cs []Name
	for _, n := range benchNames() {
		cs = append(cs, Normalize(n))
	}
	b.ReportAllocs()
	for b.Loop() {
		for _, c := range cs {
			_ = NameSimilarity(q, c)
		}
	}
}

// TestNameSimilarityAllocatesNothing: comparing two normalised names
// allocates nothing, as the matcher compares every candidate's name at
// each scoring.
func TestNameSimilarityAllocatesNothing(t *testing.T) {
	if race.Enabled {
		t.Skip("the race detector changes what a program allocates")
	}
	q := Normalize("Nordlicht Solar-Technik GmbH i.L.")
	var cs []Name
	for _, n := range append(benchNames(), "Nordlicht Solartechnil", strings.Repeat("Nordlicht", 8)) {
		cs = append(cs, Normalize(n))
	}
	allocs := testing.AllocsPerRun(100, func() {
		for _, c := range cs {
			_ = NameSimilarity(q, c)
		}
	})
	if allocs != 0 {
		t.Errorf("NameSimilarity allocates %v times for %d names; want none", allocs, len(cs))
	}
}
