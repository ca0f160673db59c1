package fake

import (
	"strings"
	"testing"

	"github.com/registerdata/registerdata-go/internal/courts"
)

// TestCourtCodesAreTheRealOnes checks every court code the fake uses
// against the XJustiz table: the generator's places and the curated
// register's ids.
func TestCourtCodesAreTheRealOnes(t *testing.T) {
	for _, pl := range genPlaces {
		c, ok := courts.ByName(pl.court)
		if !ok || c.Code != pl.courtCode {
			t.Errorf("place %s: court %q has code %q in the table, the generator uses %s", pl.city, pl.court, c.Code, pl.courtCode)
		}
	}
	cs, err := curatedCompanies()
	if err != nil {
		t.Fatal(err)
	}
	cs = append(cs, hardCases()...)
	for _, co := range cs {
		c, ok := courts.ByName(co.Register.RegisterCourt)
		code := strings.Split(co.ID, "-")[2]
		if !ok || c.Code != code {
			t.Errorf("%s: court %q has code %q in the table", co.ID, co.Register.RegisterCourt, c.Code)
		}
	}
}
