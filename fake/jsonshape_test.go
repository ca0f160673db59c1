package fake

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	registerdata "github.com/registerdata/registerdata-go"
)

// TestLargeDocumentsNameTheirProblem: a document too large for the
// detailed report (over maxDetailedCheck) still fails on an unknown key,
// a value of the wrong kind or a value its type refuses, deep inside, and
// names the JSON path of the first problem.
func TestLargeDocumentsNameTheirProblem(t *testing.T) {
	t.Parallel() // one of the package's longest; shares nothing
	c := *generatedCompany(3)
	// Just over the limit: a larger document takes the same way, at a
	// higher price under -race.
	base := c.Representation
	one, err := json.Marshal(base)
	require.NoError(t, err)
	for len(c.Representation)/len(base)*(len(one)-1) <= maxDetailedCheck { // a copy costs its entries and a comma, not the brackets
		c.Representation = append(c.Representation, base...)
	}
	b, err := json.Marshal(c)
	require.NoError(t, err)
	require.Greater(t, len(b), maxDetailedCheck)
	var doc map[string]any
	require.NoError(t, json.Unmarshal(b, &doc))
	last := len(doc["representation"].([]any)) - 1
	rep := func() map[string]any { return doc["representation"].([]any)[last].(map[string]any) }

	var ok registerdata.Company
	require.NoError(t, decodeDoc(b, (*strictCompany)(&ok)), "the document as written decodes")
	assert.Len(t, ok.Representation, last+1)

	cases := []struct {
		name   string
		change func()
		want   string
	}{
		{"unknown key", func() { rep()["nickname"] = "x" }, `$.representation[` + itoa(last) + `]: unknown key "nickname"`},
		{"wrong kind", func() { rep()["name"] = 5.0 }, `$.representation[` + itoa(last) + `].name: the number where a string belongs`},
		{"refused date", func() { rep()["start_date"] = "2024-13-45" }, `$.representation[` + itoa(last) + `].start_date: "2024-13-45" is not valid here`},
		{"array for a date", func() { doc["incorporated_at"] = []any{} }, `$.incorporated_at: [] is not valid here`},
		{"object for a list", func() { doc["names"] = map[string]any{} }, `$.names: an object where an array belongs`},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			require.NoError(t, json.Unmarshal(b, &doc))
			tc.change()
			forged, err := json.Marshal(doc)
			require.NoError(t, err)
			var c registerdata.Company
			err = decodeDoc(forged, (*strictCompany)(&c))
			require.Error(t, err)
			assert.True(t, strings.HasPrefix(err.Error(), tc.want), "%v", err)
		})
	}
}

func itoa(n int) string { b, _ := json.Marshal(n); return string(b) }
