package main

import (
	"bytes"
	"context"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	registerdata "github.com/registerdata/registerdata-go"
)

func TestRunAgainstTheFake(t *testing.T) {
	var out bytes.Buffer
	err := run(context.Background(), &out, "", options{person: "brandt", perPage: 3, maxPages: 5})
	require.NoError(t, err)
	s := out.String()
	assert.Contains(t, s, "using the bundled fake")
	for _, want := range []string{
		"1. Kessler Maschinenbau GmbH", "2. Nordlicht Solartechnik GmbH", "3. Pfalzblick Logistik GmbH", "4. Vantara Logistics SE",
		`People matching "brandt" (2)`, "Jana Brandt", "Thomas Brandt",
		"Credits spent: 30", // two pages of companies, one of people
	} {
		assert.Contains(t, s, want)
	}
}

func TestRunStopsAtMaxPages(t *testing.T) {
	var out bytes.Buffer
	require.NoError(t, run(context.Background(), &out, "", options{person: "x", perPage: 1, maxPages: 2}))
	assert.Contains(t, out.String(), "2. Nordlicht Solartechnik GmbH")
	assert.NotContains(t, out.String(), "3. ")
	assert.Contains(t, out.String(), "Credits spent: 30")
}

func TestRunRefusesBadFlags(t *testing.T) {
	var out bytes.Buffer
	err := run(context.Background(), &out, "", options{perPage: -1, maxPages: 1})
	require.ErrorIs(t, err, registerdata.ErrInvalidRequest)
}
