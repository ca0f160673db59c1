package registerdata

import (
	"bytes"
	"encoding/json"
	"reflect"
	"testing"
)

// FuzzDecodeOwnership: decoding any bytes as any of the ownership and
// person answers never panics; what decodes has no nil slices, and its
// encoding decodes to a value that encodes the same (times are compared
// through their encoding, as their zones are fresh pointers per decode).
//
//	go test -run '^$' -fuzz '^FuzzDecodeOwnership$' -fuzztime 10s .
func FuzzDecodeOwnership(f *testing.F) {
	for _, seed := range []string{ownersJSON, ubosJSON, historyJSON, holdingsJSON, personJSON, `{}`, `null`, `{"owners": null}`} {
		f.Add([]byte(seed))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		fuzzOwnershipType[Owners](t, data)
		fuzzOwnershipType[BeneficialOwners](t, data)
		fuzzOwnershipType[HistoricalOwners](t, data)
		fuzzOwnershipType[Holdings](t, data)
		fuzzOwnershipType[Person](t, data)
	})
}

func fuzzOwnershipType[T any](t *testing.T, data []byte) {
	t.Helper()
	var v T
	if json.Unmarshal(data, &v) != nil {
		return
	}
	if nils := nilSlices(reflect.ValueOf(v), reflect.TypeOf(v).Name()); len(nils) > 0 {
		t.Fatalf("decoded %T has nil slices %v; input: %q", v, nils, data)
	}
	first, err := json.Marshal(v)
	if err != nil {
		return
	}
	var again T
	if err := json.Unmarshal(first, &again); err != nil {
		t.Fatalf("%T: the SDK cannot decode its own encoding: %v\nencoded: %s\ninput: %q", v, err, first, data)
	}
	second, err := json.Marshal(again)
	if err != nil || !bytes.Equal(first, second) {
		t.Fatalf("%T changed in a round trip (%v)\nbefore: %s\nafter:  %s\ninput: %q", v, err, first, second, data)
	}
}
