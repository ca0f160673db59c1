package main

import (
	"bytes"
	"context"
	"fmt"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	registerdata "github.com/registerdata/registerdata-go"
)

func TestKYCAgainstTheFake(t *testing.T) {
	var out bytes.Buffer
	require.NoError(t, run(context.Background(), &out, "", defaultCompany))
	s := out.String()
	assert.Contains(t, s, "using the bundled fake")
	assert.Contains(t, s, "KYC report: Nordlicht Service GmbH")
	assert.Contains(t, s, "  Katrin Albers: 40.00 % effective\n")
	assert.Contains(t, s, "Ownership tree (4 companies looked up):")
	assert.Contains(t, s, "      Jonas Petersen [stockholder]: 30.00 % direct, 18.00 % of the company\n")
	assert.Contains(t, s, "(cross-holding: shown above)")
	assert.Contains(t, s, "Katrin Albers (beneficial owner):")
	assert.Contains(t, s, "  shareholder of Kessler Maschinenbau GmbH (DE-HRB-P2305-20977), 20.00 %\n")
	// The record, the beneficial owners, 4 owner lists, and the owner's
	// positions and holdings, at the table's prices.
	p := registerdata.DefaultPrices()
	want := p.Of("GET /v1/company/{company_id}", false) + p.Of("GET /v1/company/{company_id}/ubo", false) +
		4*p.Of("GET /v1/company/{company_id}/owners", false) +
		p.Of("GET /v1/person/{person_id}", false) + p.Of("GET /v1/person/{person_id}/holdings", false)
	assert.Contains(t, s, fmt.Sprintf("Credits spent: %d\n", want))
}

func TestKYCLimitedPartnersAndFictitiousOwners(t *testing.T) {
	var out bytes.Buffer
	require.NoError(t, run(context.Background(), &out, "", "DE-HRA-R3306-28817"))
	assert.Contains(t, out.String(), "  Georg Schmitz: up to 60.00 % (as or through a limited partner)\n")

	out.Reset()
	// A municipal enterprise: the service publishes no beneficial owners
	// for its form; the report says so at no cost and still checks the
	// managing director.
	require.NoError(t, run(context.Background(), &out, "", "DE-HRA-B8534-9120"))
	assert.Contains(t, out.String(), "  UBO: not published for a municipal enterprise, 0 credits\n")
	assert.Contains(t, out.String(), "Ownership tree (0 companies looked up):\n  owners: not published for a municipal enterprise, 0 credits\n")
	assert.Contains(t, out.String(), "Dominik Frey (managing director):")
}

func TestKYCUnknownCompany(t *testing.T) {
	var out bytes.Buffer
	err := run(context.Background(), &out, "", "DE-HRB-X0000-0")
	assert.ErrorIs(t, err, registerdata.ErrNotFound)
}
