package registerdata_test

import (
	"encoding/json"
	"os"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	registerdata "github.com/registerdata/registerdata-go"
	"github.com/registerdata/registerdata-go/fake"
)

// checkSameDecode decodes data with the fast decoder and with
// encoding/json, each into a zero Company and then once more into the
// result (which exercises decoding into values already there), and
// requires the same outcome. It also checks the client's decode (fast
// path with fallback) gives encoding/json's error text. It reports whether
// data decoded.
func checkSameDecode(t testing.TB, data []byte) bool {
	t.Helper()
	in := string(data)
	if len(in) > 400 {
		in = in[:200] + " ... " + in[len(in)-200:]
	}
	var fast, slow registerdata.Company
	fastErr := registerdata.DecodeCompanyFast(data, &fast)
	slowErr := registerdata.DecodeCompanyReference(data, &slow)
	if (fastErr == nil) != (slowErr == nil) {
		t.Fatalf("fast error %v, encoding/json error %v\ninput: %q", fastErr, slowErr, in)
	}
	var body registerdata.Company
	bodyErr := registerdata.DecodeCompanyBody(data, &body)
	if slowErr != nil {
		require.EqualError(t, bodyErr, slowErr.Error(), "input: %q", in)
		return false
	}
	require.NoError(t, bodyErr)
	require.Equal(t, slow, fast, "input: %q", in)
	require.Equal(t, slow, body, "input: %q", in)
	require.NoError(t, registerdata.DecodeCompanyFast(data, &fast), "decoding again: %q", in)
	require.NoError(t, registerdata.DecodeCompanyReference(data, &slow), "decoding again: %q", in)
	require.Equal(t, slow, fast, "decoding again into the result; input: %q", in)
	return true
}

func readFixture(t testing.TB, name string) []byte {
	t.Helper()
	b, err := os.ReadFile("testdata/" + name)
	require.NoError(t, err)
	return b
}

func TestDecodeCompanyFastMatchesEncodingJSONOnFixtures(t *testing.T) {
	for _, name := range []string{"company_full.json", "company_minimal.json", "company_large.json"} {
		t.Run(name, func(t *testing.T) {
			require.True(t, checkSameDecode(t, readFixture(t, name)), "the fixture decodes")
		})
	}
}

func TestDecodeCompanyFastMatchesEncodingJSONOnTheFake(t *testing.T) {
	srv := fake.NewServer()
	t.Cleanup(srv.Close)
	ids := srv.CompanyIDs()
	require.NotEmpty(t, ids)
	for _, id := range ids {
		c, ok := srv.Company(id)
		require.True(t, ok, id)
		data, err := json.Marshal(c)
		require.NoError(t, err, id)
		require.True(t, checkSameDecode(t, data), "%s decodes", id)
		var back registerdata.Company
		require.NoError(t, registerdata.DecodeCompanyFast(data, &back))
		assert.Equal(t, c.ID, back.ID)
	}
}

// TestDecodeCompanyFastMatchesEncodingJSONOnVariants rewrites the full
// fixture in the ways encoding/json is lenient about or particular about
// and requires the same result from both decoders.
func TestDecodeCompanyFastMatchesEncodingJSONOnVariants(t *testing.T) {
	t.Parallel() // CPU-bound and self-contained: runs beside the other parallel tests
	for _, name := range []string{"company_full.json", "company_large.json"} {
		tree := parseTree(t, readFixture(t, name))
		for vname, v := range variants() {
			t.Run(name+"/"+vname, func(t *testing.T) {
				require.True(t, checkSameDecode(t, v.emit(tree)), "the variant decodes")
			})
		}
	}
}

// TestDecodeCompanyFastNullAnywhere replaces each value of the full
// fixture in turn by null, and by each of a few values of other types.
func TestDecodeCompanyFastNullAnywhere(t *testing.T) {
	t.Parallel() // CPU-bound and self-contained: runs beside the other parallel tests
	tree := parseTree(t, readFixture(t, "company_full.json"))
	n := countValues(tree)
	require.Greater(t, n, 100)
	decoded := 0
	for _, repl := range []any{nil, true, json.Number("1"), json.Number("-1.5e3"), "2020-01-01", []any{}, []member{}} {
		for i := range n {
			w := writer{replace: true, replaceAt: i, replacement: repl}
			if checkSameDecode(t, w.emit(tree)) {
				decoded++
			}
		}
	}
	assert.Greater(t, decoded, n, "null decodes everywhere; values of other types only in places")
}
