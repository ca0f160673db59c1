package main

import (
	"bytes"
	"context"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestQuickstartAgainstTheFake(t *testing.T) {
	var out bytes.Buffer
	require.NoError(t, run(context.Background(), &out, "", defaultCompany))
	s := out.String()
	assert.Contains(t, s, "using the bundled fake")
	assert.Contains(t, s, "(id "+defaultCompany+")")
	assert.Contains(t, s, "Representatives (")
	assert.Contains(t, s, "Key figures for ")
	assert.Contains(t, s, "Credits spent: 10\n")
}

func TestQuickstartUnknownCompany(t *testing.T) {
	var out bytes.Buffer
	err := run(context.Background(), &out, "", "DE-HRB-X0000-0")
	assert.ErrorContains(t, err, "404")
}

func TestFigure(t *testing.T) {
	n := func(v int64) *int64 { return &v }
	assert.Equal(t, "1,234,567.89 EUR", figure(n(123456789), true))
	assert.Equal(t, "-0.05 EUR", figure(n(-5), true))
	assert.Equal(t, "42", figure(n(42), false))
	assert.Equal(t, "not reported", figure(nil, true))
	assert.Equal(t, "25,000.50", grouped("25000.50"))
	assert.Equal(t, "100", grouped("100"))
}
