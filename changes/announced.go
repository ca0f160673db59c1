package changes

import (
	"encoding/json"
	"strings"

	registerdata "github.com/registerdata/registerdata-go"
	"github.com/registerdata/registerdata-go/enums"
	"github.com/registerdata/registerdata-go/webhook"
)

// announced are the changes event ev announced in category cat, a category
// seen for the first time, whose records were new to the snapshot
// (fresh): those the stored records cannot show. A change whose path
// lies in a record that was stored before is left out (comparing that
// record found it already).
func announced(ev *webhook.Event, cat enums.Preference, fresh parts) []Change {
	var out []Change
	for _, c := range ev.Changes {
		if c.Category != string(cat) || partOfPath(ev.EntityType, c.Path)&fresh == 0 {
			continue
		}
		if ev.EntityType == enums.EntityTypePerson && cat == enums.PreferenceInsolvencies {
			continue // reported from the event in any case
		}
		if typed, ok := typedChange(cat, c); ok {
			out = append(out, typed...)
			continue
		}
		out = append(out, eventChange(cat, c)...)
	}
	return out
}

// partOfPath is the record a change of the event's entity lies in, by its
// path: for a company, /owners/... is in the owners, /companies/... (a
// stake of the company in another) in the holdings, anything else in the
// record; for a person, /companies/{X}/owners/... is in the holdings and
// anything else in the person.
func partOfPath(t enums.EntityType, path string) parts {
	segs := strings.Split(strings.TrimPrefix(path, "/"), "/")
	if t == enums.EntityTypePerson {
		if len(segs) >= 3 && segs[0] == "companies" && segs[2] == "owners" {
			return partHoldings
		}
		return partPerson
	}
	switch segs[0] {
	case "owners":
		return partOwners
	case "companies":
		return partHoldings
	}
	return partCompany
}

// typedChange reads a change the event announced in the company record or
// its owners as Company or Owners would report it: the path's field with
// the event's before and after values, compared. ok is false for a path
// it does not know, or values it cannot read.
func typedChange(cat enums.Preference, c webhook.Change) ([]Change, bool) {
	segs := strings.Split(strings.TrimPrefix(c.Path, "/"), "/")
	field := segs[0]
	var list bool
	switch field {
	case "name", "address", "legal_form", "status":
		if len(segs) != 1 {
			return nil, false
		}
	case "representation", "indicators", "documents", "insolvencies", "owners":
		if len(segs) < 2 {
			return nil, false
		}
		list = true
	default:
		return nil, false
	}
	wrap := func(v json.RawMessage) []byte {
		v = json.RawMessage(strings.TrimSpace(string(v)))
		if list {
			if len(v) == 0 || string(v) == "null" {
				return []byte(`{"` + field + `":[]}`)
			}
			return []byte(`{"` + field + `":[` + string(v) + `]}`)
		}
		if len(v) == 0 {
			v = json.RawMessage("null")
		}
		return []byte(`{"` + field + `":` + string(v) + `}`)
	}
	if !json.Valid(wrap(c.Before)) || !json.Valid(wrap(c.After)) {
		return nil, false
	}
	var cs []Change
	if field == "owners" {
		var b, a registerdata.Owners
		if json.Unmarshal(wrap(c.Before), &b) != nil || json.Unmarshal(wrap(c.After), &a) != nil {
			return nil, false
		}
		cs = Owners(&b, &a)
	} else {
		var b, a registerdata.Company
		if json.Unmarshal(wrap(c.Before), &b) != nil || json.Unmarshal(wrap(c.After), &a) != nil {
			return nil, false
		}
		cs = Company(&b, &a)
	}
	out := cs[:0]
	for _, ch := range cs {
		if ch.Category == cat {
			out = append(out, ch)
		}
	}
	return out, len(out) > 0
}
