package portfolio

import (
	"encoding/json"
	"reflect"
	"testing"

	"github.com/registerdata/registerdata-go/changes"
)

// FuzzDecodeRefs: the refs of a journal entry decode as encoding/json
// decodes them, whichever path reads them, and a text encoding/json
// refuses is refused.
func FuzzDecodeRefs(f *testing.F) {
	for _, s := range []string{`[]`, `["R1"]`, `["R1","R 2","Ä-3"]`, `["a\"b"]`, `["a\\b"]`, `[ "R1" ]`, `["R1",]`, `["R1"`, `[1]`,
		`null`, `[""]`, `["a","b"`, "[\"\x01\"]", "[\"\xff\"]", `["a""b"]`, `[,]`, `{}`} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, b []byte) {
		var want []string
		werr := json.Unmarshal(b, &want)
		got, err := decodeRefs(1, b)
		if (err != nil) != (werr != nil) {
			t.Fatalf("decodeRefs(%q): error %v, encoding/json's %v", b, err, werr)
		}
		if err == nil && !reflect.DeepEqual(got, want) {
			t.Fatalf("decodeRefs(%q) = %#v, encoding/json's %#v", b, got, want)
		}
		fromText, terr := decodeRefs(1, string(b)) // SQLite's driver hands over a string
		if (terr != nil) != (err != nil) || !reflect.DeepEqual(fromText, got) {
			t.Fatalf("decodeRefs(%q) from a string = %#v, %v; from bytes %#v, %v", b, fromText, terr, got, err)
		}
	})
}

// TestDecodeListOfNothingIsEmptyNotNil: an empty list decodes to an
// empty slice, never nil (Event's Changes, Raised and Cleared).
func TestDecodeListOfNothingIsEmptyNotNil(t *testing.T) {
	for _, b := range []string{`[]`, `[ ]`} {
		got, err := decodeList[string](1, b)
		if err != nil || got == nil || len(got) != 0 {
			t.Fatalf("decodeList(%q) = %#v, %v; want an empty slice", b, got, err)
		}
	}
	if _, err := decodeList[string](7, `[`); err == nil {
		t.Fatal("decodeList of a damaged list: no error")
	}
}

// FuzzDecodeChanges: the changes of a journal entry decode as
// encoding/json decodes them, whichever path reads them, and a text
// encoding/json refuses is refused.
func FuzzDecodeChanges(f *testing.F) {
	for _, s := range []string{`[]`, `[{}]`, `[{"category":"basic","kind":"modified","field":"status","before":"active","after":"liquidation"}]`,
		`[{"category":"basic","kind":"added","field":"x","after":"1"},{"category":"ownership","kind":"removed","field":"o","subject":"S","before":"2"}]`,
		`[{"Category":"basic"}]`, `[{"field":1}]`, `[{"field":"a",}]`, `[{"field":"a"},]`, `[{"field" :"a"}]`, `[{"field":null}]`,
		`[{"field":"a\"b"}]`, `[{"field":"a"}`, `[{"field":"a"`, `[{"field"}]`, `[{"field":"a"}{"field":"b"}]`, `[{"field":"a","field":"b"}]`,
		"[{\"field\":\"\xff\"}]", `null`, `[1]`} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, b []byte) {
		var want []changes.Change
		werr := json.Unmarshal(b, &want)
		got, err := decodeChanges(1, b)
		if (err != nil) != (werr != nil) {
			t.Fatalf("decodeChanges(%q): error %v, encoding/json's %v", b, err, werr)
		}
		if err == nil && !reflect.DeepEqual(got, want) {
			t.Fatalf("decodeChanges(%q) = %#v, encoding/json's %#v", b, got, want)
		}
		fromText, terr := decodeChanges(1, string(b)) // SQLite's driver hands over a string
		if (terr != nil) != (err != nil) || !reflect.DeepEqual(fromText, got) {
			t.Fatalf("decodeChanges(%q) from a string = %#v, %v; from bytes %#v, %v", b, fromText, terr, got, err)
		}
	})
}
