package fake

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
)

// mergePatch applies the JSON Merge Patch patch (RFC 7386) to the JSON
// document doc: objects merge recursively, a null member deletes the
// member, and any other value (arrays included) replaces the target
// value. Numbers keep their exact text, so int64 amounts survive.
func mergePatch(doc, patch []byte) ([]byte, error) {
	var t, p any
	if err := decodeNumbers(doc, &t); err != nil {
		return nil, fmt.Errorf("the document is not valid JSON: %w", err)
	}
	if err := decodeNumbers(patch, &p); err != nil {
		return nil, fmt.Errorf("the patch is not valid JSON: %w", err)
	}
	return json.Marshal(mergeValue(t, p))
}

// mergeValue is the MergePatch function of RFC 7386, section 2.
func mergeValue(target, patch any) any {
	p, ok := patch.(map[string]any)
	if !ok {
		return patch
	}
	t, ok := target.(map[string]any)
	if !ok {
		t = map[string]any{}
	}
	for k, v := range p {
		if v == nil {
			delete(t, k)
			continue
		}
		t[k] = mergeValue(t[k], v)
	}
	return t
}

// decodeNumbers decodes one JSON value into v, keeping numbers as
// json.Number, and fails on trailing data.
func decodeNumbers(b []byte, v any) error {
	dec := json.NewDecoder(bytes.NewReader(b))
	dec.UseNumber()
	if err := dec.Decode(v); err != nil {
		return err
	}
	return noTrailingData(dec, b)
}

// noTrailingData fails if b holds more than white space after the value
// dec has decoded from it.
func noTrailingData(dec *json.Decoder, b []byte) error {
	if len(bytes.TrimSpace(b[dec.InputOffset():])) != 0 {
		return errors.New("data after the JSON value")
	}
	return nil
}
