package registerdata

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/registerdata/registerdata-go/internal/contract"
)

// corpusEntry reads the []byte value of a one-value fuzz corpus file.
func corpusEntry(t *testing.T, path string) []byte {
	t.Helper()
	b, err := os.ReadFile(path)
	require.NoError(t, err)
	lines := strings.Split(strings.TrimSpace(string(b)), "\n")
	require.Len(t, lines, 2, "%s: want the header line and one []byte value", path)
	require.Equal(t, "go test fuzz v1", lines[0], path)
	quoted, ok := strings.CutPrefix(lines[1], "[]byte(")
	require.True(t, ok, "%s: the value is not a []byte", path)
	s, err := strconv.Unquote(strings.TrimSuffix(quoted, ")"))
	require.NoError(t, err, path)
	return []byte(s)
}

// TestFuzzSeedsFollowTheContract keeps the valid seeds valid: they follow
// api/openapi.yaml and decode, so the fuzzers start from documents that
// reach past the first decoding error.
func TestFuzzSeedsFollowTheContract(t *testing.T) {
	for _, tc := range []struct {
		seed, schema string
		into         any
	}{
		{"FuzzDecodeCompany/valid_full", "Company", new(Company)},
		{"FuzzDecodeCompany/valid_minimal", "Company", new(Company)},
		{"FuzzDecodeSearchResponse/company_page", "CompanySearchResponse", new(CompanySearchResponse)},
		{"FuzzDecodeSearchResponse/person_page", "PersonSearchResponse", new(PersonSearchResponse)},
	} {
		t.Run(tc.seed, func(t *testing.T) {
			data := corpusEntry(t, filepath.Join("testdata", "fuzz", tc.seed))
			require.NoError(t, contract.ValidateJSON(tc.schema, data))
			require.NoError(t, json.Unmarshal(data, tc.into))
		})
	}
}
