package fake

import (
	"net/http"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// The examples of RFC 7386, appendix A.
func TestMergePatchRFCExamples(t *testing.T) {
	for _, tc := range []struct{ doc, patch, want string }{
		{`{"a":"b"}`, `{"a":"c"}`, `{"a":"c"}`},
		{`{"a":"b"}`, `{"b":"c"}`, `{"a":"b","b":"c"}`},
		{`{"a":"b"}`, `{"a":null}`, `{}`},
		{`{"a":"b","b":"c"}`, `{"a":null}`, `{"b":"c"}`},
		{`{"a":["b"]}`, `{"a":"c"}`, `{"a":"c"}`},
		{`{"a":"c"}`, `{"a":["b"]}`, `{"a":["b"]}`},
		{`{"a":{"b":"c"}}`, `{"a":{"b":"d","c":null}}`, `{"a":{"b":"d"}}`},
		{`{"a":[{"b":"c"}]}`, `{"a":[1]}`, `{"a":[1]}`},
		{`["a","b"]`, `["c","d"]`, `["c","d"]`},
		{`{"a":"b"}`, `["c"]`, `["c"]`},
		{`{"a":"foo"}`, `null`, `null`},
		{`{"a":"foo"}`, `"bar"`, `"bar"`},
		{`{"e":null}`, `{"a":1}`, `{"e":null,"a":1}`},
		{`[1,2]`, `{"a":"b","c":null}`, `{"a":"b"}`},
		{`{}`, `{"a":{"bb":{"ccc":null}}}`, `{"a":{"bb":{}}}`},
		// Large integers keep every digit.
		{`{"n":9007199254740993}`, `{"m":9223372036854775807}`, `{"n":9007199254740993,"m":9223372036854775807}`},
	} {
		got, err := mergePatch([]byte(tc.doc), []byte(tc.patch))
		require.NoError(t, err, tc.patch)
		assert.JSONEq(t, tc.want, string(got), "%s + %s", tc.doc, tc.patch)
		if strings.Contains(tc.want, "9007199254740993") {
			assert.Contains(t, string(got), "9007199254740993")
		}
	}
	for _, bad := range [][2]string{{`{`, `{}`}, {`{}`, `{"a":`}, {`{}`, `{} {}`}} {
		_, err := mergePatch([]byte(bad[0]), []byte(bad[1]))
		assert.Error(t, err, "%q + %q", bad[0], bad[1])
	}
}

func TestPatchCompanyNestedMergeAndNullDeletes(t *testing.T) {
	srv, _ := newTestServer(t)
	before, ok := srv.Company(richID)
	require.True(t, ok)
	require.NotNil(t, before.Contact)
	require.NotEmpty(t, before.Contact.SocialMedia.Xing)
	require.NotNil(t, before.Purpose)

	r := do(t, "PATCH", srv.URL+"/_fake/companies/"+richID, "", `{
		"address": {"street": "Schönhauser Allee 10", "formatted_value": "Schönhauser Allee 10, 10119 Berlin, Deutschland", "postal_code": "10119"},
		"contact": {"social_media": {"xing": null}, "phone": "+49 30 1234"},
		"purpose": null,
		"industry_codes": {"WZ2025": [{"code": "43.21.0"}]}
	}`)
	require.Equal(t, http.StatusOK, r.status, "body: %s", r.body)

	after, _ := srv.Company(richID)
	// Nested objects merge: unnamed members stay.
	assert.Equal(t, "Schönhauser Allee 10", after.Address.Street)
	assert.Equal(t, "10119", after.Address.PostalCode)
	assert.Equal(t, before.Address.City, after.Address.City)
	assert.Equal(t, before.Address.StartDate, after.Address.StartDate)
	assert.Equal(t, "+49 30 1234", after.Contact.Phone)
	assert.Equal(t, before.Contact.Email, after.Contact.Email)
	assert.Equal(t, before.Contact.SocialMedia.GitHub, after.Contact.SocialMedia.GitHub)
	// null deletes.
	assert.Empty(t, after.Contact.SocialMedia.Xing)
	assert.Nil(t, after.Purpose)
	// Arrays replace.
	require.Len(t, after.IndustryCodes.WZ2025, 1)
	assert.Equal(t, "43.21.0", after.IndustryCodes.WZ2025[0].Code)
	// Untouched parts are equal.
	assert.Equal(t, before.Representation, after.Representation)
	assert.Equal(t, before.Indicators, after.Indicators)

	// The lookup serves the change.
	c := do(t, "GET", srv.URL+"/v1/company/"+richID, srv.APIKey, "").company(t)
	assert.Equal(t, "Schönhauser Allee 10", c.Address.Street)
}

func TestPatchCompanyRefusedChangesNothing(t *testing.T) {
	srv, _ := newTestServer(t)
	before, _ := srv.Company(richID)
	for name, patch := range map[string]string{
		"not json":            `{"status": `,
		"changes the id":      `{"id": "DE-HRB-F1103-999999"}`,
		"deletes the id":      `{"id": null}`,
		"unknown field":       `{"statsu": "inactive"}`,
		"unknown nested":      `{"address": {"citty": "Bonn"}}`,
		"wrong type":          `{"capital": {"amount": "lots"}}`,
		"unknown enum":        `{"status": "dormant"}`,
		"bad date":            `{"incorporated_at": "2014-02-30"}`,
		"deletes a required":  `{"name": null}`,
		"empty required":      `{"address": {"city": ""}}`,
		"not an object":       `["x"]`,
		"trailing data":       `{"status": "inactive"} {}`,
		"register mismatch":   `{"register": {"register_number": "1"}}`,
		"bad representative":  `{"representation": [{"name": "X", "type": "natural_person", "role_detail": {"code": "DIRECTOR"}, "start_date": "2020-01-01"}]}`,
		"insolvency bad uuid": `{"insolvencies": [{"id": "x", "current_status": "opened", "court": "AG", "case_number": "1"}]}`,
	} {
		t.Run(name, func(t *testing.T) {
			r := do(t, "PATCH", srv.URL+"/_fake/companies/"+richID, "", patch)
			assert.Equal(t, http.StatusBadRequest, r.status, "body: %s", r.body)
			assert.Equal(t, CodeInvalidRequest, r.errorBody(t).Code)
			after, _ := srv.Company(richID)
			assert.Equal(t, before, after)
		})
	}
	r := do(t, "PATCH", srv.URL+"/_fake/companies/DE-HRB-F1103-000000", "", `{"status": "inactive"}`)
	assert.Equal(t, http.StatusNotFound, r.status)
	r = do(t, "PATCH", srv.URL+"/_fake/companies/"+richID, "", `{"purpose": {"purpose": "`+strings.Repeat("x", maxControlBody)+`"}}`)
	assert.Equal(t, http.StatusRequestEntityTooLarge, r.status)
}
