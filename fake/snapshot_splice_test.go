package fake

import (
	"bytes"
	"encoding/json"
	"maps"
	"slices"
)

// rawTree is a JSON document as its own bytes, with the members of each
// object and the items of each array as trees of their own. A forgery
// that changes a few values of a snapshot re-encodes the objects and
// arrays on the way to them and copies every other value's bytes as the
// snapshot holds them (spliced), instead of re-encoding the whole
// register for each forgery.
type rawTree struct {
	raw     json.RawMessage
	members map[string]*rawTree // an object's
	items   []*rawTree          // an array's
}

// parseRawTree splits a JSON document into a rawTree.
func parseRawTree(b []byte) (*rawTree, error) {
	t := &rawTree{raw: b}
	if len(b) == 0 {
		return t, nil
	}
	switch b[0] {
	case '{':
		var m map[string]json.RawMessage
		if err := json.Unmarshal(b, &m); err != nil {
			return nil, err
		}
		t.members = make(map[string]*rawTree, len(m))
		for k, v := range m {
			sub, err := parseRawTree(v)
			if err != nil {
				return nil, err
			}
			t.members[k] = sub
		}
	case '[':
		var a []json.RawMessage
		if err := json.Unmarshal(b, &a); err != nil {
			return nil, err
		}
		t.items = make([]*rawTree, len(a))
		for i, v := range a {
			sub, err := parseRawTree(v)
			if err != nil {
				return nil, err
			}
			t.items[i] = sub
		}
	}
	return t, nil
}

// changed marks the paths a forgery set: a node is either set (its
// value is re-encoded whole) or on the way to set nodes below it.
type changed struct {
	set  bool
	next map[any]*changed // by key (string) or index (int)
}

// mark records that the value at path was set.
func (c *changed) mark(path []any) {
	n := c
	for _, k := range path {
		if n.set {
			return // inside a value already re-encoded whole
		}
		if n.next == nil {
			n.next = map[any]*changed{}
		}
		if n.next[k] == nil {
			n.next[k] = &changed{}
		}
		n = n.next[k]
	}
	n.set, n.next = true, nil
}

// spliced encodes doc, the tree of encoding/json values that orig holds
// with the values at the paths of c set: what c does not reach is copied
// from orig.
func spliced(doc any, orig *rawTree, c *changed) ([]byte, error) {
	var w bytes.Buffer
	err := splice(&w, doc, orig, c)
	return w.Bytes(), err
}

func splice(w *bytes.Buffer, v any, orig *rawTree, c *changed) error {
	switch {
	case c == nil && orig != nil:
		w.Write(orig.raw)
		return nil
	case c == nil || c.set || orig == nil:
		b, err := json.Marshal(v)
		w.Write(b)
		return err
	}
	switch x := v.(type) {
	case map[string]any:
		if orig.members == nil {
			break
		}
		w.WriteByte('{')
		for i, k := range slices.Sorted(maps.Keys(x)) {
			if i > 0 {
				w.WriteByte(',')
			}
			key, err := json.Marshal(k)
			if err != nil {
				return err
			}
			w.Write(key)
			w.WriteByte(':')
			if err := splice(w, x[k], orig.members[k], c.next[k]); err != nil {
				return err
			}
		}
		w.WriteByte('}')
		return nil
	case []any:
		if orig.items == nil || len(orig.items) != len(x) {
			break
		}
		w.WriteByte('[')
		for i, e := range x {
			if i > 0 {
				w.WriteByte(',')
			}
			if err := splice(w, e, orig.items[i], c.next[i]); err != nil {
				return err
			}
		}
		w.WriteByte(']')
		return nil
	}
	b, err := json.Marshal(v)
	w.Write(b)
	return err
}
