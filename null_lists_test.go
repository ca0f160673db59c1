package registerdata_test

import (
	"encoding/json"
	"fmt"
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
