package enums

// DocumentCategory is the category of a document fetched from the
// register at request time (GET /v1/document).
type DocumentCategory string

// Document categories.
const (
	DocumentCategoryCurrentPrintout       DocumentCategory = "current_printout"        // aktueller Ausdruck
	DocumentCategoryChronologicalPrintout DocumentCategory = "chronological_printout"  // chronologischer Ausdruck
	DocumentCategoryHistoricalPrintout    DocumentCategory = "historical_printout"     // historischer Ausdruck
	DocumentCategoryStructuredInformation DocumentCategory = "structured_information"  // strukturierter Registerinhalt
	DocumentCategoryShareholderList       DocumentCategory = "shareholder_list"        // Gesellschafterliste
	DocumentCategoryArticlesOfAssociation DocumentCategory = "articles_of_association" // Gesellschaftsvertrag / Satzung
)

var documentCategories = []DocumentCategory{
	DocumentCategoryCurrentPrintout, DocumentCategoryChronologicalPrintout, DocumentCategoryHistoricalPrintout,
	DocumentCategoryStructuredInformation, DocumentCategoryShareholderList, DocumentCategoryArticlesOfAssociation,
}

// Values lists every document category of the specification; the receiver is ignored.
func (DocumentCategory) Values() []DocumentCategory { return values(documentCategories) }

// IsKnown reports whether c is a document category of the specification.
func (c DocumentCategory) IsKnown() bool { return known(c, documentCategories) }
