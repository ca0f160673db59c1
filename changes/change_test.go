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
			`The revenue for 2024-12-31 changed from "100.00 EUR" to "120.50 EUR".`},
		{changes.Change{Kind: changes.Added, Field: "contact.email", After: "info@example.com"}, "The contact email was set (info@example.com)."},
		{changes.Change{Kind: changes.Removed, Field: "lei", Before: "529900T8BM49AURSDO55"}, "The LEI was removed (was 529900T8BM49AURSDO55)."},
		{changes.Change{Kind: changes.Added, Field: "documents", Subject: "shareholder_list of 2025-03-04", After: "id 1"}, "Shareholder_list of 2025-03-04 was filed (id 1)."},
		{changes.Change{Kind: changes.Added, Field: "indicators", Subject: "2024-12-31", After: "revenue 1.00 EUR"}, "Financial figures for 2024-12-31 were published (revenue 1.00 EUR)."},
		{changes.Change{Kind: changes.Added, Field: "insolvency.events", Subject: `event "proceedings opened" of 2025-03-04 in proceeding 36d IN 3382/25 at AG Charlottenburg`, After: "Eröffnung"},
			`Event "proceedings opened" of 2025-03-04 in proceeding 36d IN 3382/25 at AG Charlottenburg was published (Eröffnung).`},
		{changes.Change{Kind: changes.Modified, Field: "status", Before: "active", After: "liquidation"}, `The status changed from "active" to "liquidation".`},
		{changes.Change{Kind: changes.Added, Field: "names", Subject: "Übersee GmbH (gmbh, since 2001-01-01)"}, "Übersee GmbH (gmbh, since 2001-01-01) was added to the name history."},
	} {
		tc.c.Category = enums.PreferenceBasic
		assert.Equal(t, tc.want, tc.c.String())
	}
}
