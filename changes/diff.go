package changes

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"

	registerdata "github.com/registerdata/registerdata-go"
)

// RecordType is the kind of a saved record Diff and DiffCurrent read.
type RecordType string

// The records Diff compares.
const (
	RecordCompany  RecordType = "company"  // GetCompany
	RecordOwners   RecordType = "owners"   // GetOwners
	RecordHoldings RecordType = "holdings" // GetCompanyHoldings, GetPersonHoldings
	RecordPerson   RecordType = "person"   // GetPerson
)

// DetectRecord says which record a saved answer of the service is, by its
// keys: "management_positions" is a person, "holdings" holdings, "owners"
// with "company_id" owners, "id" with "register" or "name" a company.
func DetectRecord(b []byte) (RecordType, error) {
	var keys map[string]json.RawMessage
	if err := json.Unmarshal(b, &keys); err != nil {
		return "", fmt.Errorf("changes: the record is not a JSON object: %w", err)
	}
	has := func(k string) bool { _, ok := keys[k]; return ok }
	switch {
	case has("management_positions"):
		return RecordPerson, nil
	case has("holdings"):
		return RecordHoldings, nil
	case has("owners") && has("company_id"):
		return RecordOwners, nil
	case has("id") && (has("register") || has("name")):
		return RecordCompany, nil
	}
	return "", fmt.Errorf("changes: the record is none of company, owners, holdings or person (keys %d): save the answer of GetCompany, GetOwners, GetCompanyHoldings, GetPersonHoldings or GetPerson", len(keys))
}

// Diff compares two saved records of the same kind (JSON answers of the
// service, as `registerdata company ID > before.json` saves them) and
// returns the changes from before to after, as Company, Owners, Holdings
// or Person would. Records of different kinds, or of different entities,
// are refused.
func Diff(before, after []byte) ([]Change, error) {
	tb, err := DetectRecord(before)
	if err != nil {
		return nil, fmt.Errorf("before: %w", err)
	}
	ta, err := DetectRecord(after)
	if err != nil {
		return nil, fmt.Errorf("after: %w", err)
	}
	if tb != ta {
		return nil, fmt.Errorf("changes: cannot compare a %s record with a %s record", tb, ta)
	}
	switch tb {
	case RecordCompany:
		return diffAs(before, after, Company, func(c *registerdata.Company) string { return c.ID })
	case RecordOwners:
		return diffAs(before, after, Owners, func(o *registerdata.Owners) string { return o.CompanyID })
	case RecordHoldings:
		return diffAs(before, after, Holdings, func(h *registerdata.Holdings) string { return h.CompanyID + h.PersonID })
	default:
		return diffAs(before, after, Person, func(p *registerdata.Person) string { return p.ID })
	}
}

func diffAs[T any](before, after []byte, diff func(b, a *T) []Change, id func(*T) string) ([]Change, error) {
	var b, a T
	if err := decodeStrictish(before, &b); err != nil {
		return nil, fmt.Errorf("changes: before: %w", err)
	}
	if err := decodeStrictish(after, &a); err != nil {
		return nil, fmt.Errorf("changes: after: %w", err)
	}
	if ib, ia := id(&b), id(&a); ib != ia {
		return nil, fmt.Errorf("changes: the records are of different entities (%q and %q)", ib, ia)
	}
	return diff(&b, &a), nil
}

func decodeStrictish(b []byte, v any) error {
	d := json.NewDecoder(bytes.NewReader(b))
	if err := d.Decode(v); err != nil {
		return err
	}
	if d.More() {
		return fmt.Errorf("more than one JSON value")
	}
	return nil
}

// DiffCurrent compares a saved record with its current version, fetched
// with c (a company record, its owners, a person or holdings, as the saved
// record is), and returns the changes and the credits the fetch cost.
func DiffCurrent(ctx context.Context, c *registerdata.Client, saved []byte) ([]Change, int64, error) {
	t, err := DetectRecord(saved)
	if err != nil {
		return nil, 0, err
	}
	var info registerdata.ResponseInfo
	o := registerdata.WithResponseInfo(&info)
	var current any
	switch t {
	case RecordCompany:
		var s registerdata.Company
		if err := decodeStrictish(saved, &s); err != nil {
			return nil, 0, fmt.Errorf("changes: the saved company record: %w", err)
		}
		current, err = c.GetCompany(ctx, s.ID, nil, o)
	case RecordOwners:
		var s registerdata.Owners
		if err := decodeStrictish(saved, &s); err != nil {
			return nil, 0, fmt.Errorf("changes: the saved owners: %w", err)
		}
		current, err = c.GetOwners(ctx, s.CompanyID, &registerdata.GetOwnersParams{BestAvailable: s.BestAvailable}, o)
	case RecordHoldings:
		var s registerdata.Holdings
		if err := decodeStrictish(saved, &s); err != nil {
			return nil, 0, fmt.Errorf("changes: the saved holdings: %w", err)
		}
		if s.PersonID != "" {
			current, err = c.GetPersonHoldings(ctx, s.PersonID, o)
		} else {
			current, err = c.GetCompanyHoldings(ctx, s.CompanyID, o)
		}
	default:
		var s registerdata.Person
		if err := decodeStrictish(saved, &s); err != nil {
			return nil, 0, fmt.Errorf("changes: the saved person: %w", err)
		}
		current, err = c.GetPerson(ctx, s.ID, o)
	}
	if err != nil {
		return nil, info.Charged, fmt.Errorf("changes: fetching the current %s record: %w", t, err)
	}
	now, err := json.Marshal(current)
	if err != nil {
		return nil, info.Charged, err
	}
	cs, err := Diff(saved, now)
	return cs, info.Charged, err
}
