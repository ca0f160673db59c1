package contract

import "github.com/registerdata/registerdata-go/enums"

// The enums of the ownership endpoints, in their own file so that the
// table grows without edits to doc_enums_test.go.
func init() {
	enumTable = append(enumTable,
		enumOf("CompanyRelationType", enums.RelationType("").Values()),
		enumOf("OwnerEntityType", enums.OwnerEntityType("").Values()),
		enumOf("OwnerStatus", enums.OwnerStatus("").Values()),
	)
}
