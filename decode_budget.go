package registerdata

import (
	"encoding/json"
	"fmt"
	"reflect"
	"strings"
	"sync"

	"github.com/registerdata/registerdata-go/internal/jsonread"
)

// maxDecodeBytes bounds what decoding one answer may allocate. Together
// with the body itself (at most maxResponseBytes, read into a buffer that
// grows with the bytes received) it keeps one call under 64 MiB whatever
// JSON the size cap admits: a few kilobytes of empty objects in a list of
// large records ([{},{},...]) would otherwise decode into hundreds of
// times their size.
const maxDecodeBytes = 24 << 20

// growthFactor is what a decoder allocates for a list beyond its final
// size, through the copies it makes while the list grows.
const growthFactor = 6

// checkDecodeCost refuses a body whose decoding into out would allocate
// more than maxDecodeBytes. It reads the body once alongside out's type,
// without decoding or allocating, and adds up what each value would take:
// the records of every list (at their Go size), every pointer's target,
// every string's bytes, every map entry. Bodies too small to reach the
// bound for out's type (see amplification) are not read at all, so a
// normal answer pays nothing.
func checkDecodeCost(body []byte, out any) error {
	t := reflect.TypeOf(out)
	if _, ok := out.(budgeted); t == nil || ok {
		return nil
	}
	if int64(len(body))*amplification(t) <= maxDecodeBytes {
		return nil
	}
	e := costEstimator{limit: maxDecodeBytes}
	e.r.Reset(body)
	if t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	err := e.value(t)
	if err == errOverBudget {
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

// errOverBudget stops an estimate as soon as it passes the limit.
var errOverBudget = fmt.Errorf("over the decoding budget")

// costEstimator adds up what decoding would allocate; see checkDecodeCost.
type costEstimator struct {
	r     jsonread.Reader
	total int64
	limit int64
}

func (e *costEstimator) add(n int64) error {
	e.total += n
	if e.total > e.limit {
		return errOverBudget
	}
	return nil
}

var rawMessageType = reflect.TypeFor[json.RawMessage]()

// value estimates the next value, decoded into a t.
func (e *costEstimator) value(t reflect.Type) error {
	if e.r.Null() {
		return nil
	}
	if t == rawMessageType {
		return e.scalar()
	}
	switch c := e.r.Peek(); {
	case c == '{' && t.Kind() == reflect.Struct:
		fields := fieldsOf(t)
		return e.r.Object(func(key []byte) error {
			ft, ok := fields[string(e.r.FoldKey(key))]
			if !ok {
				return e.r.Skip()
			}
			return e.value(ft)
		})
	case c == '{' && t.Kind() == reflect.Map:
		entry := int64(t.Key().Size()+t.Elem().Size()) + 16
		return e.r.Object(func(key []byte) error {
			if err := e.add(int64(len(key)) + growthFactor*entry); err != nil {
				return err
			}
			return e.value(t.Elem())
		})
	case c == '[' && (t.Kind() == reflect.Slice || t.Kind() == reflect.Array):
		elem := int64(t.Elem().Size())
		if t.Kind() == reflect.Slice {
			elem *= growthFactor
		}
		return e.r.Array(func() error {
			if err := e.add(elem); err != nil {
				return err
			}
			return e.value(t.Elem())
		})
	case t.Kind() == reflect.Pointer:
		if err := e.add(int64(t.Elem().Size())); err != nil {
			return err
		}
		return e.value(t.Elem())
	case t.Kind() == reflect.Interface:
		return e.anyValue()
	}
	return e.scalar()
}

// scalar estimates a value that decodes as a whole (a string, a number,
// or something that does not match its field): at most its length.
func (e *costEstimator) scalar() error {
	start := e.r.Offset()
	if err := e.r.Skip(); err != nil {
		return err
	}
	return e.add(int64(e.r.Offset() - start))
}

// anyValue estimates a value decoded into an interface: maps, slices and
// boxed scalars of encoding/json's generic forms.
func (e *costEstimator) anyValue() error {
	switch e.r.Peek() {
	case '{':
		return e.r.Object(func(key []byte) error {
			if err := e.add(int64(len(key)) + 96); err != nil {
				return err
			}
			return e.anyValue()
		})
	case '[':
		return e.r.Array(func() error {
			if err := e.add(growthFactor * 16); err != nil {
				return err
			}
			return e.anyValue()
		})
	}
	if err := e.add(16); err != nil {
		return err
	}
	return e.scalar()
}

// fieldsOf maps the folded JSON names of t's fields (embedded structs'
// fields included) to their types.
func fieldsOf(t reflect.Type) map[string]reflect.Type {
	if m, ok := fieldCache.Load(t); ok {
		return m.(map[string]reflect.Type)
	}
	m := make(map[string]reflect.Type)
	addFields(m, t, 0)
	fieldCache.Store(t, m)
	return m
}

var fieldCache sync.Map // reflect.Type -> map[string]reflect.Type

func addFields(m map[string]reflect.Type, t reflect.Type, depth int) {
	var r jsonread.Reader
	for i := 0; i < t.NumField(); i++ {
		f := t.Field(i)
		tag := f.Tag.Get("json")
		if tag == "-" {
			continue
		}
		name, _, _ := strings.Cut(tag, ",")
		if f.Anonymous && name == "" {
			ft := f.Type
			if ft.Kind() == reflect.Pointer {
				ft = ft.Elem()
			}
			if ft.Kind() == reflect.Struct && depth < 8 {
				addFields(m, ft, depth+1)
				continue
			}
		}
		if !f.IsExported() {
			continue
		}
		if name == "" {
			name = f.Name
		}
		key := string(r.FoldKey([]byte(name)))
		if _, taken := m[key]; !taken || depth == 0 {
			m[key] = f.Type
		}
	}
}

// amplification bounds how many bytes decoding one byte of JSON into a t
// can allocate: a list element written in two bytes ("{}," or "0,")
// takes its Go size (times the growth of the list), a pointer's target
// its size, a string its length. Bodies shorter than maxDecodeBytes
// divided by it cannot pass the budget, and are not estimated.
func amplification(t reflect.Type) int64 {
	if v, ok := amplificationCache.Load(t); ok {
		return v.(int64)
	}
	a := maxAmplification(t, map[reflect.Type]bool{})
	amplificationCache.Store(t, a)
	return a
}

var amplificationCache sync.Map // reflect.Type -> int64

func maxAmplification(t reflect.Type, seen map[reflect.Type]bool) int64 {
	if seen[t] {
		return 1
	}
	seen[t] = true
	a := int64(1)
	switch t.Kind() {
	case reflect.Pointer:
		a = max(int64(t.Elem().Size())/2+1, maxAmplification(t.Elem(), seen))
	case reflect.Slice:
		a = max(growthFactor*int64(t.Elem().Size())/2+1, maxAmplification(t.Elem(), seen))
	case reflect.Array:
		a = maxAmplification(t.Elem(), seen)
	case reflect.Map:
		a = max(growthFactor*int64(t.Key().Size()+t.Elem().Size()+16)/5+1, maxAmplification(t.Elem(), seen))
	case reflect.Interface:
		a = 100
	case reflect.Struct:
		for i := 0; i < t.NumField(); i++ {
			a = max(a, maxAmplification(t.Field(i).Type, seen))
		}
	}
	return a
}
