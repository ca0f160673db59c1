package changes_test

import (
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/registerdata/registerdata-go/changes"
	"github.com/registerdata/registerdata-go/enums"
)

func TestChangeSentences(t *testing.T) {
	for _, tc := range []struct {
		c    changes.Change
		want string
	}{
		{changes.Change{Kind: changes.Added, Field: "owners", Subject: "Beispiel Holding GmbH", After: "30 %"}, "Beispiel Holding GmbH became an owner (30 %)."},
		{changes.Change{Kind: changes.Removed, Field: "management_positions", Subject: "DIRECTOR at Beispiel GmbH (DE-HRB-F1103-267645)", Before: "since 2019-01-02", After: "until 2025-03-04"},
			"DIRECTOR at Beispiel GmbH (DE-HRB-F1103-267645) ended (until 2025-03-04)."},
		{changes.Change{Kind: changes.Modified, Field: "address", Before: "A-Straße 1, 10115 Berlin", After: "B-Weg 2, 80331 München"},
			`The registered address changed from "A-Straße 1, 10115 Berlin" to "B-Weg 2, 80331 München".`},
		{changes.Change{Kind: changes.Modified, Field: "indicators.revenue", Subject: "2024-12-31", Before: "100.00 EUR", After: "120.50 EUR"},
			`The revenue of 2024-12-31 changed from "100.00 EUR" to "120.50 EUR".`},
		{changes.Change{Kind: changes.Added, Field: "contact.email", After: "info@example.com"}, "The contact email was set (info@example.com)."},
		{changes.Change{Kind: changes.Removed, Field: "lei", Before: "529900T8BM49AURSDO55"}, "The LEI was removed (was 529900T8BM49AURSDO55)."},
		{changes.Change{Kind: changes.Added, Field: "documents", Subject: "shareholder_list of 2025-03-04", After: "id 1"}, "shareholder_list of 2025-03-04 was filed (id 1)."},
	} {
		tc.c.Category = enums.PreferenceBasic
		assert.Equal(t, tc.want, tc.c.String())
	}
}
