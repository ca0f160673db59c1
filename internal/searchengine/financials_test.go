package searchengine

import (
	"testing"

	registerdata "github.com/registerdata/registerdata-go"
	"github.com/registerdata/registerdata-go/filters"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestEveryExtendedIndicatorIsSearchable accepts each of the 34 names.
func TestEveryExtendedIndicatorIsSearchable(t *testing.T) {
	require.Len(t, extendedIndicatorFields, 34)
	e := New(fixedDay)
	e.Load([]registerdata.Company{owned()})
	for _, f := range extendedIndicatorFields {
		assert.Equal(t, 0, companyCount(t, e, filters.Filter{Field: f, Min: "0"}), f)
	}
}

// TestExtendedValuesHoldEveryField keeps extendedValues in step with the
// list of extended indicators.
func TestExtendedValuesHoldEveryField(t *testing.T) {
	var x extendedValues
	if len(x.v) != len(extendedIndicatorFields) || len(extendedIndicatorFields) > 64 {
		t.Fatalf("extendedValues holds %d figures, there are %d extended indicators", len(x.v), len(extendedIndicatorFields))
	}
}

// TestExtendedFiguresReadTheirField sets every figure of a year to a
// distinct value and checks that each getter of extendedFigures reads
// the figure its field is named after.
func TestExtendedFiguresReadTheirField(t *testing.T) {
	require.Len(t, extendedFigures, len(extendedIndicatorFields))
	var year registerdata.FinancialIndicators
	for k, name := range extendedIndicatorFields {
		v := int64(1000 + k)
		require.True(t, year.SetFigure(string(name), &v), name)
	}
	for k, name := range extendedIndicatorFields {
		want, _ := year.Figure(string(name))
		got := extendedFigures[k](&year)
		require.NotNil(t, got, name)
		require.Equal(t, *want, *got, name)
	}
}
