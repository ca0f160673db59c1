package enums

// LegalForm is the legal form of a company (CompanyLegalForm).
type LegalForm string

// Legal forms of German company law, as the service names them.
const (
	LegalFormAG        LegalForm = "ag"        // Aktiengesellschaft
	LegalFormEG        LegalForm = "eg"        // eingetragene Genossenschaft
	LegalFormEK        LegalForm = "ek"        // eingetragener Kaufmann
	LegalFormEV        LegalForm = "ev"        // eingetragener Verein
	LegalFormEWIV      LegalForm = "ewiv"      // Europäische wirtschaftliche Interessenvereinigung
	LegalFormForeign   LegalForm = "foreign"   // foreign legal form
	LegalFormGbR       LegalForm = "gbr"       // Gesellschaft bürgerlichen Rechts
	LegalFormGGmbH     LegalForm = "ggmbh"     // gemeinnützige GmbH
	LegalFormGmbH      LegalForm = "gmbh"      // Gesellschaft mit beschränkter Haftung
	LegalFormKG        LegalForm = "kg"        // Kommanditgesellschaft
	LegalFormKGaA      LegalForm = "kgaa"      // Kommanditgesellschaft auf Aktien
	LegalFormUnknown   LegalForm = "unknown"   // not determined by the service
	LegalFormLLP       LegalForm = "llp"       // limited liability partnership
	LegalFormMunicipal LegalForm = "municipal" // municipal enterprise
	LegalFormOHG       LegalForm = "ohg"       // offene Handelsgesellschaft
	LegalFormSE        LegalForm = "se"        // Societas Europaea
	LegalFormUG        LegalForm = "ug"        // Unternehmergesellschaft (haftungsbeschränkt)
)

var legalForms = []LegalForm{
	LegalFormAG, LegalFormEG, LegalFormEK, LegalFormEV, LegalFormEWIV, LegalFormForeign,
	LegalFormGbR, LegalFormGGmbH, LegalFormGmbH, LegalFormKG, LegalFormKGaA, LegalFormUnknown,
	LegalFormLLP, LegalFormMunicipal, LegalFormOHG, LegalFormSE, LegalFormUG,
}

// Values lists every legal form of the specification; the receiver is ignored.
func (LegalForm) Values() []LegalForm { return values(legalForms) }

// IsKnown reports whether f is a legal form of the specification.
func (f LegalForm) IsKnown() bool { return known(f, legalForms) }

// RegisterType is the kind of register a company is entered in.
type RegisterType string

// Register types.
const (
	RegisterTypeHRB RegisterType = "HRB" // Handelsregister B: corporations
	RegisterTypeHRA RegisterType = "HRA" // Handelsregister A: partnerships, sole traders
	RegisterTypePR  RegisterType = "PR"  // Partnerschaftsregister
	RegisterTypeGnR RegisterType = "GnR" // Genossenschaftsregister
	RegisterTypeVR  RegisterType = "VR"  // Vereinsregister
	// RegisterTypeGsR is the Gesellschaftsregister of registered civil-law
	// partnerships (eGbR), kept since 2024. It is not (yet) a register type
	// of the specification: IsKnown reports false, Values leaves it out.
	RegisterTypeGsR RegisterType = "GsR"
)

var registerTypes = []RegisterType{RegisterTypeHRB, RegisterTypeHRA, RegisterTypePR, RegisterTypeGnR, RegisterTypeVR}

// Values lists every register type of the specification; the receiver is ignored.
func (RegisterType) Values() []RegisterType { return values(registerTypes) }

// IsKnown reports whether t is a register type of the specification.
func (t RegisterType) IsKnown() bool { return known(t, registerTypes) }

// CompanyStatus is the operating status of a company.
type CompanyStatus string

// Company statuses.
const (
	CompanyStatusActive      CompanyStatus = "active"      // operating normally
	CompanyStatusInactive    CompanyStatus = "inactive"    // no longer operating
	CompanyStatusLiquidation CompanyStatus = "liquidation" // being dissolved
)

var companyStatuses = []CompanyStatus{CompanyStatusActive, CompanyStatusInactive, CompanyStatusLiquidation}

// Values lists every company status of the specification; the receiver is ignored.
func (CompanyStatus) Values() []CompanyStatus { return values(companyStatuses) }

// IsKnown reports whether s is a company status of the specification.
func (s CompanyStatus) IsKnown() bool { return known(s, companyStatuses) }

// Currency is the currency of a registered capital.
type Currency string

// Currencies of registered capital.
const (
	CurrencyEUR Currency = "EUR"
	CurrencyDEM Currency = "DEM" // Deutsche Mark, for capital registered before 2002
	CurrencyUSD Currency = "USD"
)

var currencies = []Currency{CurrencyEUR, CurrencyDEM, CurrencyUSD}

// Values lists every currency of the specification; the receiver is ignored.
func (Currency) Values() []Currency { return values(currencies) }

// IsKnown reports whether c is a currency of the specification.
func (c Currency) IsKnown() bool { return known(c, currencies) }

// DocumentType is the type of an official company document.
type DocumentType string

// Document types.
const (
	DocumentTypeArticlesOfAssociation DocumentType = "articles_of_association" // Gesellschaftsvertrag / Satzung
	DocumentTypeSampleProtocol        DocumentType = "sample_protocol"         // Musterprotokoll
	DocumentTypeShareholderList       DocumentType = "shareholder_list"        // Gesellschafterliste
)

var documentTypes = []DocumentType{DocumentTypeArticlesOfAssociation, DocumentTypeSampleProtocol, DocumentTypeShareholderList}

// Values lists every document type of the specification; the receiver is ignored.
func (DocumentType) Values() []DocumentType { return values(documentTypes) }

// IsKnown reports whether t is a document type of the specification.
func (t DocumentType) IsKnown() bool { return known(t, documentTypes) }
