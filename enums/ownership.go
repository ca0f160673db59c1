package enums

// RelationType is how an owner holds its stake in a company
// (CompanyRelationType): as a GmbH shareholder, an AG stockholder, or a
// limited or general partner of a partnership.
type RelationType string

// Relation types.
const (
	RelationTypeShareholder    RelationType = "shareholder"
	RelationTypeStockholder    RelationType = "stockholder"
	RelationTypeLimitedPartner RelationType = "limited_partner"
	RelationTypeGeneralPartner RelationType = "general_partner"
)

var relationTypes = []RelationType{
	RelationTypeShareholder, RelationTypeStockholder, RelationTypeLimitedPartner, RelationTypeGeneralPartner,
}

// Values lists every relation type of the specification; the receiver is ignored.
func (RelationType) Values() []RelationType { return values(relationTypes) }

// IsKnown reports whether t is a relation type of the specification.
func (t RelationType) IsKnown() bool { return known(t, relationTypes) }

// OwnerEntityType is the kind of a current or former owner in the
// ownership history (HistoricalOwner.entity_type).
type OwnerEntityType string

// Owner entity types.
const (
	OwnerEntityTypeNaturalPerson             OwnerEntityType = "natural_person"
	OwnerEntityTypeGermanCompany             OwnerEntityType = "german_company"
	OwnerEntityTypeForeignCompany            OwnerEntityType = "foreign_company"
	OwnerEntityTypeGermanGovernmentEntity    OwnerEntityType = "german_government_entity"
	OwnerEntityTypeGermanFoundation          OwnerEntityType = "german_foundation"
	OwnerEntityTypeGermanMultipleShareholder OwnerEntityType = "german_multiple_shareholder"
)

var ownerEntityTypes = []OwnerEntityType{
	OwnerEntityTypeNaturalPerson, OwnerEntityTypeGermanCompany, OwnerEntityTypeForeignCompany,
	OwnerEntityTypeGermanGovernmentEntity, OwnerEntityTypeGermanFoundation, OwnerEntityTypeGermanMultipleShareholder,
}

// Values lists every owner entity type of the specification; the receiver is ignored.
func (OwnerEntityType) Values() []OwnerEntityType { return values(ownerEntityTypes) }

// IsKnown reports whether t is an owner entity type of the specification.
func (t OwnerEntityType) IsKnown() bool { return known(t, ownerEntityTypes) }

// OwnerStatus says whether a historical owner still holds its stake
// (HistoricalOwner.status).
type OwnerStatus string

// Owner statuses.
const (
	OwnerStatusActive  OwnerStatus = "active"  // still an owner
	OwnerStatusRemoved OwnerStatus = "removed" // no longer listed
)

var ownerStatuses = []OwnerStatus{OwnerStatusActive, OwnerStatusRemoved}

// Values lists every owner status of the specification; the receiver is ignored.
func (OwnerStatus) Values() []OwnerStatus { return values(ownerStatuses) }

// IsKnown reports whether s is an owner status of the specification.
func (s OwnerStatus) IsKnown() bool { return known(s, ownerStatuses) }
