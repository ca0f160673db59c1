package registerdata

import (
	"fmt"
	"reflect"

	"github.com/registerdata/registerdata-go/internal/jsondecode"
)

// maxDecodeBytes bounds what decoding one answer may allocate. Together
// with the body itself (at most maxResponseBytes, read into a buffer that
// grows with the bytes received) it keeps one call under 64 MiB whatever
// JSON the size cap admits: a few kilobytes of empty objects in a list of
// large records ([{},{},...]) would otherwise decode into hundreds of
// times their size.
const maxDecodeBytes = 24 << 20

// checkDecodeCost refuses a body whose decoding into out would allocate
// more than maxDecodeBytes. It reads the body once alongside out's type,
// without decoding or allocating, and adds up what each value would take:
// the records of every list (at their Go size), every pointer's target,
// every string's bytes, every map entry (jsondecode.Cost). Bodies too
// small to reach the bound for out's type (see jsondecode.Amplification)
// are not read at all, so a normal answer pays nothing.
func checkDecodeCost(body []byte, out any) error {
	t := reflect.TypeOf(out)
	if _, ok := out.(budgeted); t == nil || ok {
		return nil
	}
	if int64(len(body))*jsondecode.Amplification(t) <= maxDecodeBytes {
		return nil
	}
	if jsondecode.Cost(body, t, maxDecodeBytes) != nil {
		return tooCostly(len(body))
	}
	// A syntax error is left to the decoder, which reports it in its own words.
	return nil
}

// tooCostly is the error of an answer of n bytes whose decoding would
// pass maxDecodeBytes.
func tooCostly(n int) error {
	return fmt.Errorf("decoding the answer would take more than %d MiB: its %d bytes hold far more records than any answer of the service", maxDecodeBytes>>20, n)
}

// errOverBudget stops a decoder that keeps to maxDecodeBytes as it goes
// (see decoder.spend).
var errOverBudget = jsondecode.ErrOverBudget
