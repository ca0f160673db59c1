package main

import (
	"encoding/json"
	"testing"
)

func TestCompanyContactAndLookup(t *testing.T) {
	r := cli(t, "--fake", "company", "contact", nordlicht).wantCode(t, 0)
	golden(t, "company_contact", r.stdout)
	r = cli(t, "--fake", "company", "lookup", "https://www.nordlicht-solartechnik.example").wantCode(t, 0)
	golden(t, "company_lookup", r.stdout)
	r = cli(t, "--fake", "--json", "company", "lookup", "https://www.nordlicht-solartechnik.example").wantCode(t, 0)
	var l map[string]any
	if err := json.Unmarshal([]byte(r.stdout), &l); err != nil || l["company_id"] != nordlicht {
		t.Errorf("lookup --json = %s", r.stdout)
	}
	r = cli(t, "--fake", "--json", "company", "contact", nordlicht).wantCode(t, 0)
	if err := json.Unmarshal([]byte(r.stdout), &l); err != nil || l["vat_id"] == nil {
		t.Errorf("contact --json = %s", r.stdout)
	}
}
