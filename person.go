package registerdata

import (
	"context"
	"fmt"
	"net/http"
)

// Person is the answer of GET /v1/person/{id}: a natural person and
// every management position the person holds or held.
//
// After decoding, ManagementPositions is never nil.
type Person struct {
	// ID is the person's UUID.
	ID string `json:"id"`
	// FirstName is the person's first name.
	FirstName string `json:"first_name"`
	// LastName is the person's last name.
	LastName string `json:"last_name"`
	// City is where the person lives. The specification says it is never
	// null here; it is a pointer as the SDK's design fixes it, so that a
	// null sent anyway reads as "not known" rather than as "".
	City *string `json:"city"`
	// DateOfBirth is the person's date of birth; nil when not known.
	DateOfBirth *Date `json:"date_of_birth"`
	// Age is the person's age in years; nil when not known.
	Age *int `json:"age"`
	// ManagementPositions are all current and past positions.
	ManagementPositions []ManagementPosition `json:"management_positions"`
}

// ManagementPosition is one position of a person in a company.
type ManagementPosition struct {
	// CompanyName is the company's name.
	CompanyName string `json:"company_name"`
	// RegisterID is the company's identifier, usable with GetCompany.
	RegisterID string `json:"register_id"`
	// Role is free text (the specification has no enum), such as
	// "DIRECTOR"; the fake sends the representation's role code.
	Role string `json:"role"`
	// StartDate is when the position began.
	StartDate Date `json:"start_date"`
	// EndDate is when the position ended; nil (absent) while it is current.
	EndDate *Date `json:"end_date,omitempty"`
}

// GetPerson fetches a natural person by UUID (as in Representative.ID,
// Owner.ID and person search results); any other id is refused before
// sending. It is billed at its route's price (see Prices).
func (c *Client) GetPerson(ctx context.Context, personID string, opts ...CallOption) (*Person, error) {
	if err := checkPersonID(personID); err != nil {
		return nil, err
	}
	var out Person
	err := c.do(ctx, request{
		method:   http.MethodGet,
		endpoint: pathOf("/v1/person/{person_id}", personID),
	}, &out, opts)
	if err != nil {
		return nil, err
	}
	return &out, nil
}

// UnmarshalJSON decodes a Person; an absent or null list of positions
// becomes an empty one.
func (p *Person) UnmarshalJSON(b []byte) error {
	*p = Person{}
	return decodeWhole(b, p, personField, func(p *Person) { nonNil(&p.ManagementPositions) })
}

func (p *Person) missingIdentity() string {
	if p.ID == "" {
		return "id"
	}
	return ""
}

// checkPersonID refuses anything but a UUID (8-4-4-4-12 hexadecimal
// digits), the form of every person identifier of the service.
func checkPersonID(id string) error {
	if err := checkPathID("person id", id); err != nil {
		return err
	}
	if !IsUUID(id) {
		return fmt.Errorf("%w: person id %q is not a UUID (such as 3f6c2a1e-8b4d-4c7a-9e21-5d0b7a4c1f01): take it from a representative, an owner or a person search result", ErrInvalidRequest, id)
	}
	return nil
}

// IsUUID reports whether s has the 8-4-4-4-12 hexadecimal form of a UUID
// ("3f6c2a1e-8b4d-4c7a-9e21-5d0b7a4c1f01"), the form of every person,
// insolvency and document identifier of the service (company identifiers
// have the form of a register entry instead). Either case of the
// hexadecimal digits is accepted.
func IsUUID(s string) bool {
	if len(s) != 36 {
		return false
	}
	for i := 0; i < len(s); i++ {
		switch c := s[i]; {
		case i == 8 || i == 13 || i == 18 || i == 23:
			if c != '-' {
				return false
			}
		case '0' <= c && c <= '9', 'a' <= c && c <= 'f', 'A' <= c && c <= 'F':
		default:
			return false
		}
	}
	return true
}
