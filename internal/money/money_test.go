package money

import (
	"math"
	"math/rand/v2"
	"strconv"
	"testing"

	"github.com/stretchr/testify/assert"
)

func TestCents(t *testing.T) {
	for _, tc := range []struct {
		amount float64
		want   string
	}{
		{25000, "2500000"},
		{100000.5, "10000050"},
		{0.29, "29"}, // 0.29*100 is 28.999999999999996
		{0.01, "1"},
		{0.001, "0.1"},
		{1.005, "100.5"},
		{0, "0"},
		{math.Copysign(0, -1), "0"},
		{-12.5, "-1250"},
		{-0.05, "-5"},
		{1e8, "10000000000"}, // the documentation's example: 100 million EUR
		{1e21, "100000000000000000000000"},
		{math.NaN(), "NaN"},
		{math.Inf(1), "+Inf"},
		{math.Inf(-1), "-Inf"},
	} {
		assert.Equal(t, tc.want, Cents(tc.amount), "%v", tc.amount)
	}
}

// TestCentsValueIsTheParsedDecimal checks both ways of CentsValue (the
// multiplication of whole amounts and the decimal of the others) against
// parsing what Cents writes, on amounts of every size, whole and not.
func TestCentsValueIsTheParsedDecimal(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	amounts := []float64{0.29, 0.07, 1.15, 25564.59, 1e-9, maxExact - 1, maxExact, 1e18, -33.33}
	for range 10_000 {
		amounts = append(amounts, math.Round(r.Float64()*1e9), math.Round(r.Float64()*1e8)/100, r.NormFloat64()*1e6)
	}
	for _, a := range amounts {
		want, err := strconv.ParseFloat(Cents(a), 64)
		if assert.NoError(t, err, a) {
			assert.Equal(t, want, CentsValue(a), "%v", a)
		}
	}
	assert.True(t, math.IsNaN(CentsValue(math.NaN())))
	assert.Equal(t, math.Inf(-1), CentsValue(math.Inf(-1)))
}
