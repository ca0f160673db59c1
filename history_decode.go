package registerdata

import (
	"fmt"
	"time"

	"github.com/registerdata/registerdata-go/enums"
)

// The single-pass decoders of GetOwnershipHistory's answer (see
// company_decode_read.go for the helpers): one pass over the body, where
// a method per level calling json.Unmarshal would scan each owner's text
// again at every level.

// decodeJSON decodes the whole answer: an absent or null owners list
// becomes an empty one, and whether the key was there is kept for
// missingIdentity.
func (h *HistoricalOwners) decodeJSON(b []byte) error {
	*h = HistoricalOwners{}
	return decodeWhole(b, h, historicalOwnersField, (*HistoricalOwners).normalize)
}

func (h *HistoricalOwners) normalize() {
	nonNil(&h.Owners)
	for i := range h.Owners {
		h.Owners[i].normalize() // also a null owner ([null])
	}
}

func (h *HistoricalOwner) normalize() { nonNil(&h.OwnershipHistory) }

// decodeWhole decodes b, one JSON object (or null), into x with field,
// checks that nothing follows, and runs normalize (when not nil).
func decodeWhole[T any](b []byte, x *T, field fieldFunc[T], normalize func(*T)) error {
	d := getDecoder(b)
	defer putDecoder(d)
	if err := decodeObject(d, x, field); err != nil {
		return err
	}
	if err := d.End(); err != nil {
		return err
	}
	if normalize != nil {
		normalize(x)
	}
	return nil
}

func historicalOwnersField(d *decoder, h *HistoricalOwners, key []byte) (bool, error) {
	if string(key) != "owners" {
		return false, nil
	}
	h.listed = true
	return true, decodeSlice(d, &h.Owners, historicalOwnerField)
}

func historicalOwnerField(d *decoder, x *HistoricalOwner, key []byte) (bool, error) {
	switch string(key) {
	case "id":
		return true, readString(d, &x.ID)
	case "name":
		return true, readString(d, &x.Name)
	case "entity_type":
		return true, readString(d, &x.EntityType, knownOwnerEntityTypes...)
	case "status":
		return true, readString(d, &x.Status, knownOwnerStatuses...)
	case "first_appearance":
		return true, readFlexTime(d, &x.FirstAppearance)
	case "last_appearance":
		var t time.Time
		if err := readFlexTime(d, &t); err != nil {
			return true, err
		}
		x.LastAppearance = nil // null, and the zero time, mean none
		if !t.IsZero() {
			x.LastAppearance = &t
		}
		return true, nil
	case "country":
		return true, readString(d, &x.Country)
	case "ownership_history":
		return true, decodeSlice(d, &x.OwnershipHistory, historyEntryField)
	}
	return false, nil
}

func historyEntryField(d *decoder, x *OwnershipHistoryEntry, key []byte) (bool, error) {
	switch string(key) {
	case "document_id":
		return true, readString(d, &x.DocumentID)
	case "document_date":
		return true, readFlexTime(d, &x.DocumentDate)
	case "nominal_shares":
		return true, readInt64(d, &x.NominalShares)
	case "percentage_shares":
		return true, readFloat64(d, &x.PercentageShares)
	}
	return false, nil
}

// readFlexTime reads a date-time, accepting a plain date as midnight UTC;
// null leaves *p unchanged.
func readFlexTime(d *decoder, p *time.Time) error {
	if d.Null() {
		return nil
	}
	if d.Peek() != '"' {
		raw, err := d.RawValue()
		if err != nil {
			return err
		}
		return fmt.Errorf("a date-time must be a string, not %.32s", raw)
	}
	s, err := d.StringBytes()
	if err != nil {
		return err
	}
	v, err := parseDateTime(string(s))
	if err != nil {
		return err
	}
	*p = v
	return nil
}

// Known enum values of the ownership history, so that decoding a known
// value does not allocate.
var (
	knownOwnerEntityTypes = enums.OwnerEntityType("").Values()
	knownOwnerStatuses    = enums.OwnerStatus("").Values()
)
