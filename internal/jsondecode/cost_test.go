package jsondecode

import (
	"bytes"
	"reflect"
	"testing"
)

type record struct {
	Name  string   `json:"name"`
	Tags  []string `json:"tags"`
	Inner *record  `json:"inner"`
	Pad   [32]int64
}

// A list of empty objects costs each element's Go size (with the list's
// growth), far more than its bytes: Cost refuses it at the limit, and
// passes a body under it.
func TestCostCountsTheRecordsOfAList(t *testing.T) {
	body := append([]byte("["), bytes.Repeat([]byte("{},"), 1000)...)
	body = append(body[:len(body)-1], ']')
	typ := reflect.TypeFor[[]record]()
	per := int64(reflect.TypeFor[record]().Size()) * GrowthFactor
	if err := Cost(body, typ, 1000*per-1); err != ErrOverBudget {
		t.Fatalf("Cost under the records' size = %v, want ErrOverBudget", err)
	}
	if err := Cost(body, typ, 1000*per); err != nil {
		t.Fatalf("Cost at the records' size = %v, want nil", err)
	}
	if err := Cost(body, reflect.PointerTo(typ), 1000*per); err != nil {
		t.Fatalf("Cost through a pointer = %v, want nil", err)
	}
}

// Invalid JSON is left to the decoder.
func TestCostLeavesSyntaxErrorsToTheDecoder(t *testing.T) {
	if err := Cost([]byte(`[{"name": `), reflect.TypeFor[[]record](), 1<<20); err != nil {
		t.Fatalf("Cost = %v, want nil", err)
	}
}

// Amplification bounds what one byte can cost: at least a list
// element's Go size over the two bytes that write it.
func TestAmplificationBoundsAListElement(t *testing.T) {
	a := Amplification(reflect.TypeFor[[]record]())
	if min := GrowthFactor * int64(reflect.TypeFor[record]().Size()) / 2; a < min {
		t.Fatalf("Amplification = %d, want at least %d", a, min)
	}
	if Amplification(reflect.TypeFor[[]record]()) != a {
		t.Fatal("Amplification differs on a second call (its cache)")
	}
}
