package main

import (
	"reflect"
	"strings"
	"testing"

	"github.com/registerdata/registerdata-go/filters"
)

func TestParseFilter(t *testing.T) {
	for _, tc := range []struct {
		in   string
		want filters.Filter
	}{
		{"revenue>=1000000", filters.Filter{Field: "revenue", Min: "1000000"}},
		{"revenue<=5", filters.Filter{Field: "revenue", Max: "5"}},
		{"legal_form in gmbh,ag", filters.Filter{Field: "legal_form", Values: []string{"gmbh", "ag"}}},
		{"legal_form in gmbh, ag ,", filters.Filter{Field: "legal_form", Values: []string{"gmbh", "ag"}}},
		{"city=Berlin", filters.Filter{Field: "city", Value: "Berlin"}},
		{" city = Frankfurt am Main ", filters.Filter{Field: "city", Value: "Frankfurt am Main"}},
		{"city=Düsseldorf", filters.Filter{Field: "city", Value: "Düsseldorf"}},
		{"purpose~software", filters.Filter{Field: "purpose", Keywords: []string{"software"}}},
		{"purpose~software,cloud", filters.Filter{Field: "purpose", Keywords: []string{"software", "cloud"}}},
		{"incorporated_at>=2020-01-01", filters.Filter{Field: "incorporated_at", Min: "2020-01-01"}},
		{"has_open_insolvency=true", filters.Filter{Field: "has_open_insolvency", Value: "true"}},
		{"industry_codes in 62.01,62.02", filters.Filter{Field: "industry_codes", Values: []string{"62.01", "62.02"}}},
		{"+cty=Berlin", filters.Filter{Field: "+cty", Value: "Berlin"}},
	} {
		got, err := parseFilter(tc.in)
		if err != nil || !reflect.DeepEqual(got, tc.want) {
			t.Errorf("parseFilter(%q) = %+v, %v; want %+v", tc.in, got, err, tc.want)
		}
	}
}

func TestParseFilterErrors(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"", "want 'field op value'"},
		{">=5", "want 'field op value'"},
		{"revenue", "want 'field op value'"},
		{"revenue ?5", "no operator"},
		{"revenue>5", "use >= instead of >"},
		{"revenue<5", "use <= instead of <"},
		{"status!=active", "no 'not equal' filter"},
		{"city=", `no value after "="`},
		{"legal_form in", "needs a list"},
		{"purpose~,", "the list after"},
		{"+=x", "want 'field op value'"},
	} {
		_, err := parseFilter(tc.in)
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("parseFilter(%q) = %v, want an error containing %q", tc.in, err, tc.want)
		}
	}
}

func TestFilterFlagJoinsARange(t *testing.T) {
	var f filterFlag
	for _, s := range []string{"revenue>=100", "city=Berlin", "revenue<=500", "employees<=10", "employees>=2", "employees>=3"} {
		if err := f.Set(s); err != nil {
			t.Fatal(err)
		}
	}
	want := []filters.Filter{
		{Field: "revenue", Min: "100", Max: "500"},
		{Field: "city", Value: "Berlin"},
		{Field: "employees", Min: "2", Max: "10"},
		{Field: "employees", Min: "3"},
	}
	if !reflect.DeepEqual(f.list, want) {
		t.Errorf("got %+v\nwant %+v", f.list, want)
	}
}

func TestNearFlag(t *testing.T) {
	var n nearFlag
	if err := n.Set("52.52, 13.40"); err != nil || n.loc.Latitude != 52.52 || n.loc.Longitude != 13.40 || n.loc.Radius != 0 {
		t.Errorf("got %+v, %v", n.loc, err)
	}
	if err := n.Set("52.52,13.40,2.5"); err != nil || n.loc.Radius != 2.5 {
		t.Errorf("got %+v, %v", n.loc, err)
	}
}
