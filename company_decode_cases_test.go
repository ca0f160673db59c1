package registerdata_test

import (
	"runtime"
	"strings"
	"testing"
	"unsafe"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	registerdata "github.com/registerdata/registerdata-go"
)

// TestDecodeCompanyFastMatchesEncodingJSONOnCases: hand-written documents,
// valid and not, each decoding (or failing) the same way with both
// decoders; decodes says which way, so that a case cannot silently stop
// testing what it was written for.
func TestDecodeCompanyFastMatchesEncodingJSONOnCases(t *testing.T) {
	deep := func(n int) string { return `{"x":` + strings.Repeat("[", n) + strings.Repeat("]", n) + `}` }
	for _, tc := range []struct {
		doc     string
		decodes bool
	}{
		{`null`, true},
		{" \t\r\n{}\r\n ", true},
		{`{}x`, false},
		{"{}\x00", false},
		{`{"id":"a"}{}`, false},
		{`[]`, false},
		{`""`, false},
		{``, false},
		{`{"id":"a",}`, false},
		{`{"id":"\'"}`, false},
		{`{"id":"a" "lei":"b"}`, false},
		{`{"id":tru}`, false},
		{`{"indicators":[{"revenue":9223372036854775807,"cash":-9223372036854775808,"taxes":-0}]}`, true},
		{`{"indicators":[{"revenue":9223372036854775808}]}`, false},
		{`{"indicators":[{"revenue":-9223372036854775809}]}`, false},
		{`{"indicators":[{"revenue":1.0}]}`, false},
		{`{"indicators":[{"revenue":1e2}]}`, false},
		{`{"indicators":[{"revenue":01}]}`, false},
		{`{"indicators":[{"revenue":"1"}]}`, false},
		{`{"indicators":[{"revenue":null,"cash":1},{"date":null}]}`, true},
		{`{"capital":{"amount":1e400}}`, false},
		{`{"capital":{"amount":1e-400}}`, true},
		{`{"capital":{"amount":-0.0},"capitals":[{"amount":5e-324},{"amount":1E+2},{"amount":0.1},{"amount":123456789012345678}]}`, true},
		{`{"capital":{"amount":"1"}}`, false},
		{`{"incorporated_at":"2020-02-30"}`, false},
		{`{"incorporated_at":"\u0032020-01-01"}`, false},
		{`{"incorporated_at":20200101}`, false},
		{`{"incorporated_at":null,"notarized_at":null,"terminated_at":"2024-02-29"}`, true},
		{`{"notarized_at":"2020-01-01","notarized_at":null}`, true},
		{`{"documents":[{"latest":true},{"latest":null},{"latest":false}]}`, true},
		{`{"documents":[{"latest":"yes"}]}`, false},
		{deep(9999), true},
		{deep(10000), false},
		{`{"id":"a\u0000b\ud83d\ude00\ud800\udc00\ude00\ud800\u0041\ud800"}`, true},
		{"{\"id\":\"\xff\xfe\xed\xa0\x80 \xc3\"}", true},
		{"{\"id\":\"\x01\"}", false},
		{`{"id":"\u12"}`, false},
		{`{"id":"\uZZZZ"}`, false},
		{`{"ID":"x","Id":"y","\u0069d":"z"}`, true},
		{`{"Id":"y","id":"x","iD":"z"}`, true},
		{"{\"\xffid\":\"x\",\"i\xffd\":\"y\"}", true},
		{`{"industry_codes":{"wz2025":[{"code":"1"}],"Wz2025":null}}`, true},
		{`{"industry_codes":{"WZ2025":[{"CODE":"1","code":"2"}]}}`, true},
		{`{"representation":[null,{"name":"x","natural_person":null},null]}`, true},
		{`{"representation":[{"natural_person":{"city":"A"}}],"representation":[{"natural_person":{"first_name":"B"}}]}`, true},
		{`{"contact":{"email":"a"},"contact":{"phone":"b"},"contact":{"social_media":{"xing":"c"}}}`, true},
		{`{"registers":[{"register_number":"1"},{"register_number":"2"}],"registers":[{"register_type":"HRB"}]}`, true},
		{`{"names":[],"names":null,"addresses":[{}],"addresses":[]}`, true},
		{`{"registers":{}}`, false},
		{`{"registers":[1]}`, false},
		{`{"register":[]}`, false},
		{`{"contact":"x"}`, false},
		{`{"purpose":7}`, false},
		{`{"lei":null,"status":null,"register":null,"role_detail":null}`, true},
		{`{"status":"dormant","legal_form":"GMBH","insolvencies":[{"proceeding_kind":"other","administration_kind":null}]}`, true},
		{`{"unknown":{"deep":[1,2,{"x":null}],"s":"\ud83d\ude00"},"more":[true,false,null,-1.5e-3]}`, true},
		{`{"unknown":[1,2,}`, false},
		{`{"unknown":tru}`, false},
		{`{"a":-}`, false},
		{`{"a":1.}`, false},
		{`{"a":.5}`, false},
		{`{"a":+1}`, false},
		{`{"a":NaN}`, false},
	} {
		got := checkSameDecode(t, []byte(tc.doc))
		assert.Equal(t, tc.decodes, got, "%.80q", tc.doc)
	}
}

// TestDecodeCompanyFallsBackWithEncodingJSONErrors: for input the fast
// decoder rejects, the client's decode reports exactly encoding/json's
// error, and leaves no half-decoded data from the fast path behind.
func TestDecodeCompanyFallsBackWithEncodingJSONErrors(t *testing.T) {
	var c registerdata.Company
	err := registerdata.DecodeCompanyBody([]byte(`{"id":"x","lei":"L","indicators":[{"revenue":1.5}]}`), &c)
	require.EqualError(t, err, "json: cannot unmarshal number 1.5 into Go struct field IndicatorSummary.indicators.revenue of type int64")
	assert.Equal(t, "x", c.ID, "encoding/json decodes the rest of the record beside a type error")

	c = registerdata.Company{Name: registerdata.CompanyName{Name: "stale"}}
	err = registerdata.DecodeCompanyBody([]byte(`{"id":"y",`), &c)
	require.EqualError(t, err, "unexpected end of JSON input")
	assert.Empty(t, c.Name.Name, "the record is reset before the fallback")
}

// TestDecodeCompanyHostileArrayAllocatesLittle: the fast decoder sizes a
// slice from a scan of the array before checking it; an invalid array of
// a million numbers must not make it allocate for a million records.
func TestDecodeCompanyHostileArrayAllocatesLittle(t *testing.T) {
	doc := []byte(`{"representation":[` + strings.Repeat("1,", 1<<20) + `]}`)
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	var c registerdata.Company
	err := registerdata.DecodeCompanyFast(doc, &c)
	runtime.ReadMemStats(&after)
	require.Error(t, err)
	const unbounded = (1 << 20) * int(unsafe.Sizeof(registerdata.Representative{}))
	assert.Less(t, after.TotalAlloc-before.TotalAlloc, uint64(unbounded/16), "bytes allocated")
}
