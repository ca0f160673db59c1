package portfolio

import (
	"encoding/json"
	"fmt"
	"strings"
	"unicode/utf8"

	"github.com/registerdata/registerdata-go/changes"
	"github.com/registerdata/registerdata-go/enums"
	"github.com/registerdata/registerdata-go/redflags"
)

// The journal's JSON columns as Events reads them. The portfolio writes
// them itself (mustJSON): most are an empty list, a list of plain refs
// or a list of changes whose fields are strings without escapes. Those
// are read without encoding/json's reflection, which took a third or
// more of the time Events spent; any other text (an escape, a space, a
// key spelled otherwise, a value that is not a string) goes through
// encoding/json, which FuzzDecodeRefs and FuzzDecodeChanges hold the
// quick paths to. The columns come as text (SQLite's driver hands over
// a string, which is read without a copy) or as bytes (pgx's buffer).

// text is a column's JSON as the driver hands it over.
type text interface{ ~string | ~[]byte }

// decodeEntry decodes the JSON columns of journal entry e.
func decodeEntry[T text](e *Event, refs, chs, raised, cleared T) error {
	var err error
	if e.Refs, err = decodeRefs(e.Seq, refs); err != nil {
		return err
	}
	if e.Changes, err = decodeChanges(e.Seq, chs); err != nil {
		return err
	}
	if e.Raised, err = decodeList[redflags.Flag, T](e.Seq, raised); err != nil {
		return err
	}
	e.Cleared, err = decodeList[redflags.Flag, T](e.Seq, cleared)
	return err
}

// decodeList decodes a JSON list of journal entry seq: "[]" at once.
func decodeList[T any, B text](seq int64, b B) ([]T, error) {
	if string(b) == "[]" {
		return []T{}, nil
	}
	var out []T
	if err := json.Unmarshal([]byte(b), &out); err != nil {
		return nil, damaged(seq, err)
	}
	return out, nil
}

// decodeRefs decodes the refs of journal entry seq.
func decodeRefs[B text](seq int64, b B) ([]string, error) {
	if out, ok := plainStrings(b); ok {
		return out, nil
	}
	return decodeList[string, B](seq, b)
}

// decodeChanges decodes the changes of journal entry seq.
func decodeChanges[B text](seq int64, b B) ([]changes.Change, error) {
	if out, ok := plainChanges(b); ok {
		return out, nil
	}
	return decodeList[changes.Change, B](seq, b)
}

// plainStrings reads b as a JSON list of plain strings (plainString),
// reporting false for any other text. The strings share one copy of b
// (none when b is a string).
func plainStrings[B text](b B) ([]string, bool) {
	rest, ok := listBody(b)
	if !ok {
		return nil, false
	}
	out := []string{}
	for len(rest) > 0 {
		var v string
		if v, rest, ok = plainString(rest); !ok {
			return nil, false
		}
		out = append(out, v)
		if rest, ok = nextItem(rest); !ok {
			return nil, false
		}
	}
	return out, true
}

// plainChanges reads b as a JSON list of changes, objects whose keys
// are changes.Change's JSON names and whose values are plain strings,
// reporting false for any other text. The values share one copy of b:
// one allocation for the text of a whole list (none when b is a string).
func plainChanges[B text](b B) ([]changes.Change, bool) {
	rest, ok := listBody(b)
	if !ok {
		return nil, false
	}
	out := []changes.Change{}
	for len(rest) > 0 {
		if rest[0] != '{' {
			return nil, false
		}
		rest = rest[1:]
		var c changes.Change
		for len(rest) > 0 && rest[0] != '}' {
			var k, v string
			if k, rest, ok = plainString(rest); !ok || len(rest) == 0 || rest[0] != ':' {
				return nil, false
			}
			if v, rest, ok = plainString(rest[1:]); !ok {
				return nil, false
			}
			switch k {
			case "category":
				c.Category = enums.Preference(v)
			case "kind":
				c.Kind = changes.Kind(v)
			case "field":
				c.Field = v
			case "subject":
				c.Subject = v
			case "before":
				c.Before = v
			case "after":
				c.After = v
			default:
				return nil, false // encoding/json matches keys in any case
			}
			if len(rest) > 1 && rest[0] == ',' && rest[1] != '}' {
				rest = rest[1:]
			} else if len(rest) == 0 || rest[0] != '}' {
				return nil, false
			}
		}
		if len(rest) == 0 {
			return nil, false
		}
		out = append(out, c)
		if rest, ok = nextItem(rest[1:]); !ok {
			return nil, false
		}
	}
	return out, true
}

// listBody is what lies between the brackets of a JSON list b that holds
// no backslash (so no escape), as a string of its own: what the quick
// paths read from it are substrings of it (of b itself when b is a
// string).
func listBody[B text](b B) (string, bool) {
	if len(b) < 2 || b[0] != '[' || b[len(b)-1] != ']' {
		return "", false
	}
	body := string(b[1 : len(b)-1])
	if strings.IndexByte(body, '\\') >= 0 {
		return "", false
	}
	return body, true
}

// nextItem is rest after the comma that ends a list's item, or rest
// when it is the list's end.
func nextItem(rest string) (string, bool) {
	if len(rest) == 0 {
		return rest, true
	}
	if rest[0] != ',' || len(rest) == 1 {
		return "", false
	}
	return rest[1:], true
}

// plainString reads the JSON string at the start of s, holding no escape,
// no control character and only UTF-8, and returns it (a substring of s)
// and the rest.
func plainString(s string) (string, string, bool) {
	if len(s) == 0 || s[0] != '"' {
		return "", "", false
	}
	end := strings.IndexByte(s[1:], '"')
	if end < 0 {
		return "", "", false
	}
	v := s[1 : 1+end]
	for i := 0; i < len(v); i++ {
		if v[i] < 0x20 {
			return "", "", false // not JSON
		}
	}
	if !utf8.ValidString(v) {
		return "", "", false // encoding/json replaces what is not UTF-8
	}
	return v, s[2+end:], true
}

// damaged is the error of journal entry seq whose JSON is not valid.
func damaged(seq int64, err error) error {
	return fmt.Errorf("portfolio: journal entry %d is damaged (%v)", seq, err)
}
