package filters_test

import (
	"fmt"
	"testing"

	"github.com/registerdata/registerdata-go/filters"
)

func TestSuggest(t *testing.T) {
	cases := []struct {
		scope filters.Scope
		in    filters.Field
		want  filters.Field
		ok    bool
	}{
		{filters.ScopeCompany, "cty", filters.City, true},
		{filters.ScopeCompany, "legal_fom", filters.LegalForm, true},
		{filters.ScopeCompany, "city", "", false},                    // known: nothing to suggest
		{filters.ScopeCompany, "carbon_footprint_tonnes", "", false}, // far from every field: a new one
		{filters.ScopePerson, "date_of_brth", filters.DateOfBirth, true},
		{filters.ScopeCompany, "", "", false},
	}
	for _, c := range cases {
		got, ok := filters.Suggest(c.scope, c.in)
		if got != c.want || ok != c.ok {
			t.Errorf("Suggest(%v, %q) = %q, %v; want %q, %v", c.scope, c.in, got, ok, c.want, c.ok)
		}
	}
}

func ExampleSuggest() {
	if f, ok := filters.Suggest(filters.ScopeCompany, "cty"); ok {
		fmt.Println("did you mean", f)
	}
	// Output: did you mean city
}

func TestSuggestValue(t *testing.T) {
	codes := []string{"gmbh", "ag", "eg", "kg", "ug", "gmbh_co_kg"}
	for in, want := range map[string]string{
		"gmbhx": "gmbh", "GmbH": "gmbh", "gmbh-co-kg": "gmbh_co_kg", "ah": "ag",
		"xyz": "", "aktiengesellschaft": "",
	} {
		got, ok := filters.SuggestValue(in, codes)
		if got != want || ok != (want != "") {
			t.Errorf("SuggestValue(%q) = %q, %v; want %q", in, got, ok, want)
		}
	}
}
