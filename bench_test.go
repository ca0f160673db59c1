package registerdata

import (
	"encoding/json"
	"os"
	"testing"

	"github.com/stretchr/testify/require"
)

// BenchmarkDecodeCompany decodes a ~25 KB CompanyV1 record (30
// representatives, 10 indicator years) as GetCompany does ("sdk"), beside
// the same bytes decoded into map[string]any ("map"), the baseline the SDK
// must not be slower than, and json.Unmarshal into a Company ("unmarshal"),
// the path of a user decoding a record they stored. Compare ns/op, B/op
// and allocs/op of the sub-benchmarks.
func BenchmarkDecodeCompany(b *testing.B) {
	data, err := os.ReadFile("testdata/company_large.json")
	require.NoError(b, err)

	b.Run("sdk", func(b *testing.B) {
		b.ReportAllocs()
		b.SetBytes(int64(len(data)))
		for b.Loop() {
			var c Company
			if err := decodeBody(data, &c); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("unmarshal", func(b *testing.B) {
		b.ReportAllocs()
		b.SetBytes(int64(len(data)))
		for b.Loop() {
			var c Company
			if err := json.Unmarshal(data, &c); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("map", func(b *testing.B) {
		b.ReportAllocs()
		b.SetBytes(int64(len(data)))
		for b.Loop() {
			var m map[string]any
			if err := json.Unmarshal(data, &m); err != nil {
				b.Fatal(err)
			}
		}
	})
}

func TestLargeCompanyFixtureHasTheBenchmarkShape(t *testing.T) {
	data, err := os.ReadFile("testdata/company_large.json")
	require.NoError(t, err)
	var c Company
	require.NoError(t, json.Unmarshal(data, &c))
	require.InDelta(t, 25<<10, len(data), 8<<10, "about 25 KB")
	require.Len(t, c.Representation, 30)
	require.Len(t, c.Indicators, 10)
}
