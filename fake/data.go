package fake

import (
	"bytes"
	_ "embed"
	"encoding/json"
	"fmt"
	"sync"

	registerdata "github.com/registerdata/registerdata-go"
)

// companiesJSON is the curated register: fictional companies with
// realistic German names, places, courts and industry codes, chosen so
// that together they use every field and every enum value of the
// specification. See data/README.md for what each company shows.
//
//go:embed data/companies.json
var companiesJSON []byte

// curated decodes companiesJSON once; each server gets its own copy.
var curated = sync.OnceValues(func() ([]byte, error) {
	cs, err := decodeCurated(companiesJSON)
	if err != nil {
		return nil, err
	}
	return json.Marshal(cs)
})

// curatedCompanies returns a fresh copy of the curated register,
// completed and validated.
func curatedCompanies() ([]registerdata.Company, error) {
	b, err := curated()
	if err != nil {
		return nil, err
	}
	var cs []registerdata.Company
	if err := json.Unmarshal(b, &cs); err != nil {
		return nil, fmt.Errorf("fake: copying the curated register: %w", err)
	}
	return cs, nil
}

// decodeCurated decodes a JSON array of companies strictly (an unknown
// field, such as a typo, fails), then completes and validates each.
func decodeCurated(b []byte) ([]registerdata.Company, error) {
	var raw []strictCompany
	dec := json.NewDecoder(bytes.NewReader(b))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&raw); err != nil {
		return nil, fmt.Errorf("fake: the curated register data/companies.json is broken: %w", err)
	}
	if err := noTrailingData(dec, b); err != nil {
		return nil, fmt.Errorf("fake: the curated register data/companies.json is broken: %w", err)
	}
	cs := make([]registerdata.Company, len(raw))
	for i := range raw {
		cs[i] = registerdata.Company(raw[i])
		if err := prepare(&cs[i]); err != nil {
			return nil, fmt.Errorf("fake: the curated register data/companies.json: %w", err)
		}
	}
	return cs, nil
}
