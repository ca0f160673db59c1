package portfolio

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"reflect"
	"testing"

	registerdata "github.com/registerdata/registerdata-go"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestRowJSONIsWhatJSONMarshalWrites: the row data and tags an import
// stores, and the JSON its fingerprints hash, are byte for byte what
// json.Marshal writes, for rows with and without a query and for text it
// escapes: an entry stored before is Unchanged.
func TestRowJSONIsWhatJSONMarshalWrites(t *testing.T) {
	require.Equal(t, 4, reflect.TypeFor[Row]().NumField(), "a field of Row is not covered here: rowJSON must write it too")
	texts := []string{"", "K0001", "DE-HRB-F1103-267645", `a"b`, `back\slash`, "<b>&amp;", "tab\there", "line\nbreak", "\x01", "Müller & Söhne", "\u2028", "\x7f", "~ok~"}
	for _, text := range texts {
		for _, r := range []Row{
			{Ref: text},
			{Ref: text, CompanyID: text},
			{Ref: "R", CompanyID: "DE-1", Tags: []string{text, "bench"}},
			{Ref: text, Tags: []string{}},
			{Ref: text, Query: registerdata.MatchQuery{Name: text, City: "Berlin"}, Tags: []string{text}},
			{Ref: text, CompanyID: text, Query: registerdata.MatchQuery{Website: text}},
		} {
			tags := r.Tags
			r.Tags = normTags(r.Tags)
			want, err := json.Marshal(r)
			require.NoError(t, err)
			r.Tags = tags
			assert.Equal(t, string(want), rowJSON(r), "%#v", r)
			fp, err := json.Marshal(struct {
				ID string                  `json:"id"`
				Q  registerdata.MatchQuery `json:"q"`
			}{r.CompanyID, r.Query})
			require.NoError(t, err)
			sum := sha256.Sum256(fp)
			assert.Equal(t, hex.EncodeToString(sum[:16]), r.fingerprint(), "%#v", r)
			wantTags, err := json.Marshal(normTags(r.Tags))
			require.NoError(t, err)
			assert.Equal(t, string(wantTags), jsonStrings(r.Tags), "%#v", r.Tags)
		}
	}
	assert.Equal(t, "[]", jsonStrings(nil))
}
