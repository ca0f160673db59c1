package monitoring

import (
	"bytes"
	"encoding/json"
	"fmt"
	"reflect"
	"sort"
	"strconv"

	registerdata "github.com/registerdata/registerdata-go"
	"github.com/registerdata/registerdata-go/enums"
)

// Change is one detected change: the category it falls in, where in the
// record it is, and the JSON values before and after (null when the value
// did not exist on that side).
type Change struct {
	// Category is the data category the change falls in, such as
	// "basic" or "representation".
	Category enums.Preference `json:"category"`
	// Path locates the value in the record, such as "/status" (see
	// webhook.Change.Path).
	Path string `json:"path"`
	// Before is the JSON value before the change; null when the value did
	// not exist before.
	Before json.RawMessage `json:"before"`
	// After is the JSON value after the change; null when the value no
	// longer exists.
	After json.RawMessage `json:"after"`

	// daily marks a change a person monitor reports at its daily check
	// rather than the monthly one: the person appears in a new company.
	daily bool
}

// The categories of a change to company C, for monitors of C:
//
//   - basic: C's name, registered address, legal form or status (paths
//     /name, /address, /legal_form, /status);
//   - representation: an entry of C's representation whose role is not a
//     stake (directors, board members, authorised signatories, partners,
//     liquidators, ...), path /representation/{key};
//   - ownership: an entry of C's representation with role SHAREHOLDER or
//     OWNER (C's direct owners), path /representation/{key};
//   - financials: an indicator summary, path /indicators/{date};
//   - documents: a document, path /documents/{id};
//   - insolvencies: an insolvency summary, path /insolvencies/{id}.
//
// The key of a representation entry is its id (or its name when the id is
// null) and its role code, "{id}/{code}".
//
// Changes to another company X concern monitors of the entities that
// appear by id in X's representation (see involvementChanges).
func companyChanges(before, after registerdata.Company) []Change {
	var out []Change
	out = appendField(out, enums.PreferenceBasic, "/name", before.Name, after.Name, before, after)
	out = appendField(out, enums.PreferenceBasic, "/address", before.Address, after.Address, before, after)
	out = appendField(out, enums.PreferenceBasic, "/legal_form", before.LegalForm, after.LegalForm, before, after)
	out = appendField(out, enums.PreferenceBasic, "/status", before.Status, after.Status, before, after)
	out = appendKeyed(out, "/representation/", before.Representation, after.Representation, representativeKey, func(r registerdata.Representative) (enums.Preference, bool) {
		if holdsStake(roleOf(r)) {
			return enums.PreferenceOwnership, true
		}
		return enums.PreferenceRepresentation, true
	})
	out = appendKeyedAs(out, enums.PreferenceFinancials, "/indicators/", before.Indicators, after.Indicators, func(i registerdata.IndicatorSummary) string { return i.Date.String() })
	out = appendKeyedAs(out, enums.PreferenceDocuments, "/documents/", before.Documents, after.Documents, func(d registerdata.CompanyDocument) string { return d.ID })
	return appendKeyedAs(out, enums.PreferenceInsolvencies, "/insolvencies/", before.Insolvencies, after.Insolvencies, insolvencyKey)
}

// involvementChanges are the changes of company X (before, after) that
// concern the entity entityID appearing in X's representation by id:
//
//   - for a person: management_positions when an entry with a managing
//     role (DIRECTOR, PERSONAL_LIABLE_DIRECTOR, PARTNER, LIQUIDATOR)
//     changes, holdings when an entry with role SHAREHOLDER or OWNER
//     changes, and insolvencies when X's insolvency summaries change while
//     the person holds any role in X without an end date. When X is new
//     (before is the zero Company) the changes are reported at the daily
//     new-company check.
//   - for a company Y other than X: holdings when an entry of Y in X's
//     representation changes, whatever its role (a stake, or the general
//     partner of a limited partnership).
//
// Paths name X: /companies/{X}/representation/{code}, and
// /companies/{X}/insolvencies/{id}.
func involvementChanges(entityType enums.EntityType, entityID string, before, after registerdata.Company) []Change {
	x := after.ID
	if x == "" {
		x = before.ID
	}
	if entityType == enums.EntityTypeCompany && entityID == x {
		return nil
	}
	mine := func(r registerdata.Representative) bool { return r.ID != nil && *r.ID == entityID }
	b, a := filter(before.Representation, mine), filter(after.Representation, mine)
	if len(b) == 0 && len(a) == 0 {
		return nil
	}
	prefix := "/companies/" + x
	code := func(r registerdata.Representative) string { return string(r.RoleDetail.Code) }
	if entityType == enums.EntityTypeCompany {
		return appendKeyedAs(nil, enums.PreferenceHoldings, prefix+"/representation/", b, a, code)
	}
	out := appendKeyed(nil, prefix+"/representation/", b, a, code, func(r registerdata.Representative) (enums.Preference, bool) {
		switch role := roleOf(r); {
		case holdsStake(role):
			return enums.PreferenceHoldings, true
		case manages(role):
			return enums.PreferenceManagementPositions, true
		}
		return "", false
	})
	if hasOpenRole(a) || hasOpenRole(b) {
		out = appendKeyedAs(out, enums.PreferenceInsolvencies, prefix+"/insolvencies/", before.Insolvencies, after.Insolvencies, insolvencyKey)
	}
	if before.ID == "" {
		for i := range out {
			out[i].daily = true
		}
	}
	return out
}

// roleOf is r's coarse role: the role the service sent when it is known,
// else the bucket of its role code.
func roleOf(r registerdata.Representative) enums.Role {
	if r.Role.IsKnown() {
		return r.Role
	}
	return r.RoleDetail.Code.Normalize().Role()
}

func holdsStake(r enums.Role) bool { return r == enums.RoleShareholder || r == enums.RoleOwner }

func manages(r enums.Role) bool {
	switch r {
	case enums.RoleDirector, enums.RolePersonalLiableDirector, enums.RolePartner, enums.RoleLiquidator:
		return true
	}
	return false
}

func hasOpenRole(rs []registerdata.Representative) bool {
	for _, r := range rs {
		if r.EndDate == nil {
			return true
		}
	}
	return false
}

func representativeKey(r registerdata.Representative) string {
	who := r.Name
	if r.ID != nil && *r.ID != "" {
		who = *r.ID
	}
	return who + "/" + string(r.RoleDetail.Code)
}

func insolvencyKey(i registerdata.InsolvencySummary) string { return i.ID }

// appendKeyedAs is appendKeyed with every entry in category cat.
func appendKeyedAs[T any](out []Change, cat enums.Preference, prefix string, before, after []T, key func(T) string) []Change {
	return appendKeyed(out, prefix, before, after, key, func(T) (enums.Preference, bool) { return cat, true })
}

func filter[T any](s []T, keep func(T) bool) []T {
	var out []T
	for _, v := range s {
		if keep(v) {
			out = append(out, v)
		}
	}
	return out
}

// appendField appends a change when the field differs between a company
// and its new version. A field of a company that did not exist before (or
// no longer exists) is reported as null on that side.
func appendField[T any](out []Change, cat enums.Preference, path string, b, a T, before, after registerdata.Company) []Change {
	return appendDiff(out, cat, path, b, before.ID != "", a, after.ID != "")
}

// appendDiff appends a change from b to a (each present or not) unless
// they are equal. Values are compared before they are encoded, so equal
// entries, the common case, cost no encoding.
func appendDiff[T any](out []Change, cat enums.Preference, path string, b T, hasB bool, a T, hasA bool) []Change {
	if hasB == hasA && (!hasB || reflect.DeepEqual(b, a)) {
		return out
	}
	rb, ra := null, null
	if hasB {
		rb = encode(b)
	}
	if hasA {
		ra = encode(a)
	}
	if bytes.Equal(rb, ra) {
		return out
	}
	return append(out, Change{Category: cat, Path: path, Before: rb, After: ra})
}

// appendKeyed compares two lists entry by entry, matching entries by key,
// and appends a change for each key whose entry was added, removed or
// altered, in key order. A key repeated within a list gets a suffix
// "#2", "#3", ... by order of appearance. category names the category of
// an entry (from its new version when it has one); false drops the
// change.
func appendKeyed[T any](out []Change, prefix string, before, after []T, key func(T) string, category func(T) (enums.Preference, bool)) []Change {
	type pair struct {
		b, a       T
		hasB, hasA bool
		category   enums.Preference
		keep       bool
	}
	pairs := map[string]*pair{}
	index := func(list []T, set func(p *pair, v T)) {
		seen := map[string]int{}
		for _, v := range list {
			k := key(v)
			if seen[k]++; seen[k] > 1 {
				k += "#" + strconv.Itoa(seen[k])
			}
			p := pairs[k]
			if p == nil {
				p = &pair{}
				pairs[k] = p
			}
			set(p, v)
			p.category, p.keep = category(v)
		}
	}
	index(before, func(p *pair, v T) { p.b, p.hasB = v, true })
	index(after, func(p *pair, v T) { p.a, p.hasA = v, true })
	keys := make([]string, 0, len(pairs))
	for k := range pairs {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		if p := pairs[k]; p.keep {
			out = appendDiff(out, p.category, prefix+k, p.b, p.hasB, p.a, p.hasA)
		}
	}
	return out
}

var null = json.RawMessage("null")

// encode returns v as JSON. A value that cannot be encoded (an invalid
// date put in by a test) is reported as a string describing it, so a
// change is never lost to an encoding error.
func encode(v any) json.RawMessage {
	b, err := json.Marshal(v)
	if err != nil {
		b, _ = json.Marshal(fmt.Sprintf("%+v", v))
	}
	return b
}
