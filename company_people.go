package registerdata

import "github.com/registerdata/registerdata-go/enums"

// Representative is a person or entity authorised to represent the
// company (CompanyRepresentativeV1).
type Representative struct {
	// ID identifies the representative: a company identifier for an
	// entity, a UUID for a natural person (usable with the person
	// endpoints). nil when the service sent null, which it documents as
	// possible without saying when.
	ID *string `json:"id"`
	// Name is the name of the representative, person or entity.
	Name string `json:"name"`
	// Type is "natural_person" or "legal_person".
	Type enums.RepresentativeType `json:"type"`
	// Role is the coarse, stable role bucket, such as "DIRECTOR" or
	// "PROKURA": new register roles are folded into an existing value, so a
	// switch over the enums.Role constants may be exhaustive.
	Role enums.Role `json:"role"`
	// RoleDetail is the register-level role with display labels; always
	// sent by the service.
	RoleDetail RoleDetail `json:"role_detail"`
	// StartDate is the date the role started.
	StartDate Date `json:"start_date"`
	// EndDate is the date the role ended; nil while the role is current.
	EndDate *Date `json:"end_date"`
	// Authority is the current individual representation authority as
	// published in the register (free German text); nil when none is
	// recorded.
	Authority *string `json:"authority"`
	// LegalPerson holds the details of an entity; set when Type is
	// "legal_person", nil otherwise.
	LegalPerson *LegalPerson `json:"legal_person,omitempty"`
	// NaturalPerson holds the details of a person; set when Type is
	// "natural_person", nil otherwise.
	NaturalPerson *NaturalPerson `json:"natural_person,omitempty"`
}

// RoleDetail is the register-level role of a representative with its
// display labels.
type RoleDetail struct {
	// Code is the register-level role, such as "DIRECTOR", "EXECUTIVE" or
	// "PROKURA_JOINT". The set grows over time: an unknown value is kept as
	// sent, and RoleCode.Normalize maps it to "OTHER".
	Code enums.RoleCode `json:"code"`
	// LabelDE is the German title, gender-neutral, such as
	// "Geschäftsführer:in".
	LabelDE string `json:"label_de"`
	// LabelDEShort is the abbreviated German title, such as "GF".
	LabelDEShort string `json:"label_de_short"`
	// LabelEN is the English display title, such as "Managing Director".
	LabelEN string `json:"label_en"`
	// LabelENShort is the abbreviated English title, such as "MD".
	LabelENShort string `json:"label_en_short"`
}

// LegalPerson describes a representative that is an entity.
type LegalPerson struct {
	// Name is the entity's name.
	Name string `json:"name"`
	// City is the entity's city; nil when not recorded.
	City *string `json:"city"`
	// Country is the ISO 3166-1 alpha-2 code of the entity's country, such
	// as "DE".
	Country string `json:"country"`
}

// NaturalPerson describes a representative that is a person.
type NaturalPerson struct {
	// City is the person's city as registered; nil when not recorded.
	City *string `json:"city"`
	// FirstName is the person's first name; nil when not recorded.
	FirstName *string `json:"first_name"`
	// LastName is the person's last name; nil when not recorded.
	LastName *string `json:"last_name"`
	// DateOfBirth is the person's date of birth; nil when not recorded.
	DateOfBirth *Date `json:"date_of_birth"`
}
