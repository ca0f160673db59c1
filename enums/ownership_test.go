package enums

import "testing"

func TestOwnershipEnumsMatchTheSpecification(t *testing.T) {
	checkEnum[RelationType](t, "shareholder", "stockholder", "limited_partner", "general_partner")
	checkEnum[OwnerEntityType](t, "natural_person", "german_company", "foreign_company", "german_government_entity",
		"german_foundation", "german_multiple_shareholder")
	checkEnum[OwnerStatus](t, "active", "removed")
}
