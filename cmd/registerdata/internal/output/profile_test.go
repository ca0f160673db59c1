package output

import (
	"strings"
	"testing"
)

func TestProfileWraps(t *testing.T) {
	var p Profile
	p.Field("Purpose", "Planung, Lieferung, Errichtung und Wartung von Photovoltaikanlagen")
	p.Field("Empty", "")
	p.Field("ID", "DE-1")
	var b strings.Builder
	if err := p.Render(&b, 40); err != nil {
		t.Fatal(err)
	}
	want := "Purpose  Planung, Lieferung, Errichtung\n" + // 40 - "Purpose  " leaves 31 columns
		"         und Wartung von\n" +
		"         Photovoltaikanlagen\n" +
		"ID       DE-1\n"
	if b.String() != want {
		t.Errorf("got\n%s\nwant\n%s", b.String(), want)
	}
}
