package registerdata_test

import "testing"

// FuzzDecodeCompanyFast: for any input, the single-pass decoder and
// encoding/json agree on whether it decodes and on the record, decoding
// into a zero Company and again into the result; the client's decode
// reports encoding/json's error text. Seeds are under
// testdata/fuzz/FuzzDecodeCompanyFast/. Run it with
//
//	go test -run '^$' -fuzz '^FuzzDecodeCompanyFast$' -fuzztime 60s .
func FuzzDecodeCompanyFast(f *testing.F) {
	f.Fuzz(func(t *testing.T, data []byte) {
		checkSameDecode(t, data)
	})
}
