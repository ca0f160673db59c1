package registerdata_test

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"reflect"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	registerdata "github.com/registerdata/registerdata-go"
)

// nilSlices lists the paths of the nil slices reachable from v.
func nilSlices(v reflect.Value, path string, out *[]string) {
	switch v.Kind() {
	case reflect.Pointer, reflect.Interface:
		if !v.IsNil() {
			nilSlices(v.Elem(), path, out)
		}
	case reflect.Struct:
		for i := 0; i < v.NumField(); i++ {
			if v.Type().Field(i).IsExported() {
				nilSlices(v.Field(i), path+"."+v.Type().Field(i).Name, out)
			}
		}
	case reflect.Slice:
		if v.IsNil() {
			*out = append(*out, path)
			return
		}
		for i := 0; i < v.Len(); i++ {
			nilSlices(v.Index(i), fmt.Sprintf("%s[%d]", path, i), out)
		}
	}
}

// TestNullListsDecodeEmpty: a null list, a null record in a list ([null])
// and a null object holding lists all decode to empty lists, never nil,
// as documented (issue 19, defect 15: a null insolvency event kept nil
// lists).
func TestNullListsDecodeEmpty(t *testing.T) {
	for _, tc := range []struct {
		name string
		body string
		out  any
	}{
		{"insolvency", `{"id":"x","insolvency_grounds":null,"events":[null,{"details":null},{"details":{"insolvency_grounds":null,"meetings":null}}]}`, new(registerdata.Insolvency)},
		{"insolvency, null events", `{"id":"x","events":null}`, new(registerdata.Insolvency)},
		{"insolvency event", `null`, new(registerdata.InsolvencyEvent)},
		{"insolvency search", `{"results":[null,{"insolvency_grounds":null}]}`, new(registerdata.InsolvencySearchResponse)},
		{"transparency extract", `{"id":"x","documents":null,"report":{"groups":null,"ubos":[null,{"natural_person":{"nationalities":null}}],"status_flags":{"corrected_references":null}}}`, new(registerdata.TransparencyExtract)},
		{"owners", `{"company_id":"x","owners":null,"sources":null}`, new(registerdata.Owners)},
		{"ownership history", `{"owners":[null,{"ownership_history":null}]}`, new(registerdata.HistoricalOwners)},
		{"person", `{"id":"x","management_positions":null}`, new(registerdata.Person)},
	} {
		t.Run(tc.name, func(t *testing.T) {
			require.NoError(t, json.Unmarshal([]byte(tc.body), tc.out))
			var found []string
			nilSlices(reflect.ValueOf(tc.out), "", &found)
			assert.Empty(t, found, "nil lists after decoding %s", tc.body)
		})
	}
}

// TestDecodeValidatesForeignUnmarshalers: Do's out may be a
// *json.RawMessage, whose UnmarshalJSON keeps anything: the client still
// refuses a body that is not JSON.
func TestDecodeValidatesForeignUnmarshalers(t *testing.T) {
	var raw json.RawMessage
	assert.Error(t, registerdata.DecodeAnswer([]byte(`{"id": nope}`), &raw))
	require.NoError(t, registerdata.DecodeAnswer([]byte(`{"id":"x"}`), &raw))
	assert.JSONEq(t, `{"id":"x"}`, string(raw))
}

// TestResponseErrorKeepsABoundedBody: an unusable 2xx answer of 4 MiB
// leaves an error holding at most 64 KiB of it, so that a batch keeping
// the errors of failed ids keeps no whole bodies (issue 19, defect 2).
func TestResponseErrorKeepsABoundedBody(t *testing.T) {
	body := append([]byte(`{"id":"DE-HRB-F1103-267645","name":`), bytes.Repeat([]byte(" "), 4<<20)...)
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { _, _ = w.Write(body) }))
	t.Cleanup(srv.Close)
	c, err := registerdata.NewClient(registerdata.WithAPIKey("k"), registerdata.WithBaseURL(srv.URL), registerdata.WithMaxRetries(0))
	require.NoError(t, err)
	var failed []error
	for r, err := range c.GetCompaniesSeq(context.Background(), []string{"DE-HRB-F1103-1", "DE-HRB-F1103-2"}, registerdata.BatchOptions{}) {
		require.NoError(t, err)
		failed = append(failed, r.Err)
	}
	require.Len(t, failed, 2)
	for _, err := range failed {
		var re *registerdata.ResponseError
		require.ErrorAs(t, err, &re)
		assert.LessOrEqual(t, len(re.Body), 64<<10)
		assert.LessOrEqual(t, cap(re.Body), 64<<10, "a copy, not a window on the whole body")
	}
}
