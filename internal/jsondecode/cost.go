package jsondecode

import (
	"encoding/json"
	"errors"
	"reflect"
	"strings"
	"sync"

	"github.com/registerdata/registerdata-go/internal/jsonread"
)

// GrowthFactor is what a decoder allocates for a list beyond its final
// size, through the copies it makes while the list grows.
const GrowthFactor = 6

// ErrOverBudget stops an estimate as soon as it passes the limit; a
// decoder that keeps to a budget as it goes stops with it too.
var ErrOverBudget = errors.New("over the decoding budget")

// Cost reports ErrOverBudget when decoding body into a value of type t
// (a pointer's target when t is a pointer) would allocate more than
// limit bytes. It reads the body once alongside t, without decoding or
// allocating, and adds up what each value would take: the records of
// every list (at their Go size), every pointer's target, every string's
// bytes, every map entry. A body that is not valid JSON is left to the
// decoder, which reports it in its own words: Cost returns nil for it
// unless the part read before the error is over the limit already.
func Cost(body []byte, t reflect.Type, limit int64) error {
	e := costEstimator{limit: limit}
	e.r.Reset(body)
	if t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	if err := e.value(t); err == ErrOverBudget {
		return ErrOverBudget
	}
	return nil
}

// costEstimator adds up what decoding would allocate; see Cost.
type costEstimator struct {
	r     jsonread.Reader
	total int64
	limit int64
}

func (e *costEstimator) add(n int64) error {
	e.total += n
	if e.total > e.limit {
		return ErrOverBudget
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
			if err := e.add(int64(len(key)) + GrowthFactor*entry); err != nil {
				return err
			}
			return e.value(t.Elem())
		})
	case c == '[' && (t.Kind() == reflect.Slice || t.Kind() == reflect.Array):
		elem := int64(t.Elem().Size())
		if t.Kind() == reflect.Slice {
			elem *= GrowthFactor
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
			if err := e.add(GrowthFactor * 16); err != nil {
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

// Amplification bounds how many bytes decoding one byte of JSON into a t
// can allocate: a list element written in two bytes ("{}," or "0,")
// takes its Go size (times the growth of the list), a pointer's target
// its size, a string its length. Bodies shorter than maxDecodeBytes
// divided by it cannot pass the budget, and need not be estimated.
func Amplification(t reflect.Type) int64 {
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
		a = max(GrowthFactor*int64(t.Elem().Size())/2+1, maxAmplification(t.Elem(), seen))
	case reflect.Array:
		a = maxAmplification(t.Elem(), seen)
	case reflect.Map:
		a = max(GrowthFactor*int64(t.Key().Size()+t.Elem().Size()+16)/5+1, maxAmplification(t.Elem(), seen))
	case reflect.Interface:
		a = 100
	case reflect.Struct:
		for i := 0; i < t.NumField(); i++ {
			a = max(a, maxAmplification(t.Field(i).Type, seen))
		}
	}
	return a
}
