package registerdata

import (
	"encoding/json"
	"fmt"
	"reflect"
	"testing"

	"github.com/stretchr/testify/require"
)

// The fuzz targets of this file decode what a service (or an attacker in
// its place) might send. Their seed corpora are under testdata/fuzz/.
// Run one for a bounded time with, for example:
//
//	go test -run '^$' -fuzz '^FuzzDecodeCompany$' -fuzztime 10s .

// FuzzDecodeCompany: decoding any bytes into a Company never panics; when
// it succeeds, every slice in the record is non-nil, and encoding the
// record either fails with an error or gives JSON that decodes back to
// the same record.
func FuzzDecodeCompany(f *testing.F) {
	f.Fuzz(func(t *testing.T, data []byte) {
		var c Company
		if json.Unmarshal(data, &c) != nil {
			return
		}
		if nils := nilSlices(reflect.ValueOf(c), "Company"); len(nils) > 0 {
			t.Fatalf("decoded Company has nil slices %v; input: %q", nils, data)
		}
		checkRoundTrip(t, c, data)
	})
}

// FuzzDecodeSearchResponse: decoding any bytes as a company or a person
// search response never panics, and what decodes survives a round trip.
func FuzzDecodeSearchResponse(f *testing.F) {
	f.Fuzz(func(t *testing.T, data []byte) {
		var cr CompanySearchResponse
		if json.Unmarshal(data, &cr) == nil {
			checkRoundTrip(t, cr, data)
		}
		var pr PersonSearchResponse
		if json.Unmarshal(data, &pr) == nil {
			checkRoundTrip(t, pr, data)
		}
	})
}

// checkRoundTrip encodes v; when that works, the encoding must decode into
// a value equal to v. An encoding error is allowed (it is an error, not a
// panic), a lossy or undecodable encoding is not: the fake serves what the
// SDK encodes.
func checkRoundTrip[T any](t *testing.T, v T, input []byte) {
	t.Helper()
	out, err := json.Marshal(v)
	if err != nil {
		return
	}
	var again T
	if err := json.Unmarshal(out, &again); err != nil {
		t.Fatalf("%T: the SDK cannot decode its own encoding: %v\nencoded: %s\ninput: %q", v, err, out, input)
	}
	if !reflect.DeepEqual(v, again) {
		t.Fatalf("%T changed in a round trip\nbefore: %+v\nafter:  %+v\ninput: %q", v, v, again, input)
	}
}

// nilSlices lists the paths of the nil slices reachable from v through
// exported struct fields, non-nil pointers and slice elements.
func nilSlices(v reflect.Value, at string) []string {
	var out []string
	switch v.Kind() {
	case reflect.Pointer:
		if !v.IsNil() {
			out = nilSlices(v.Elem(), at)
		}
	case reflect.Struct:
		for i := range v.NumField() {
			if f := v.Type().Field(i); f.IsExported() {
				out = append(out, nilSlices(v.Field(i), at+"."+f.Name)...)
			}
		}
	case reflect.Slice:
		if v.IsNil() {
			return []string{at}
		}
		for i := range v.Len() {
			out = append(out, nilSlices(v.Index(i), fmt.Sprintf("%s[%d]", at, i))...)
		}
	}
	return out
}

func TestNilSlices(t *testing.T) {
	type inner struct{ Tags []string }
	type outer struct {
		List  []inner
		Ptr   *inner
		Empty []int
	}
	v := outer{List: []inner{{Tags: []string{}}, {}}, Ptr: &inner{}, Empty: []int{}}
	got := nilSlices(reflect.ValueOf(v), "outer")
	want := []string{"outer.List[1].Tags", "outer.Ptr.Tags"}
	require.Equal(t, want, got)
	require.Empty(t, nilSlices(reflect.ValueOf(&outer{List: []inner{}, Empty: []int{}}), "outer"), "a nil pointer holds no slices")
}
