package enums

import "testing"

func TestDocumentCategory(t *testing.T) {
	checkEnum[DocumentCategory](t, "current_printout", "chronological_printout", "historical_printout",
		"structured_information", "shareholder_list", "articles_of_association")
}
