package registerdatareport

import (
	"time"

	registerdata "github.com/registerdata/registerdata-go"
	"github.com/registerdata/registerdata-go/redflags"
)

// DefaultDepth is the number of ownership levels Build fetches when
// Options.Depth is 0.
const DefaultDepth = registerdata.DefaultTreeDepth

// Options tune Build. The zero value is the default: five levels of
// owners, no person records, no limit beyond the client's budget.
type Options struct {
	// Depth is how many levels of owners the ownership chart fetches: 1
	// is the company's own owners. 0 means DefaultDepth; a negative value
	// is refused.
	Depth int
	// IncludePersons fetches the person record of every natural-person
	// representative (GetPerson, one call each) to list their other
	// management positions.
	IncludePersons bool
	// MaxCredits bounds the credits the dossier may spend. 0 means the
	// client's budget (WithCreditBudget) alone; a negative value is
	// refused. A part that would take the dossier past the limit is left
	// out: the dossier says so in that section and in a red flag.
	MaxCredits int64
	// Realtime fetches the company record live from the official
	// register, at the price of a realtime lookup in the client's table
	// (Client.Prices).
	Realtime bool
	// Now is the clock: the dossier's date, and "today" for current
	// representatives and the rules of the red flags. nil means time.Now.
	Now func() time.Time
}

// Dossier is what Build gathered about one company, ready for WriteHTML.
// Every part that could not be fetched is nil (or empty) and its
// Provenance says why.
type Dossier struct {
	// CompanyID is the company the dossier is about.
	CompanyID string
	// GeneratedAt is when Build started, from Options.Now.
	GeneratedAt time.Time
	// Depth is the ownership depth that was asked for (Options.Depth or
	// DefaultDepth).
	Depth int
	// Company is the company record: header, representatives, history
	// and documents. Never nil in a dossier Build returned.
	Company *registerdata.Company
	// Ownership is the ownership tree from the company up to Depth
	// levels; nil when it could not be fetched.
	Ownership *registerdata.OwnershipTree
	// BeneficialOwners are the company's ultimate beneficial owners as
	// the service computes them; nil when they could not be fetched.
	BeneficialOwners *registerdata.BeneficialOwners
	// Persons are the person records of the natural-person
	// representatives by person id, with Options.IncludePersons.
	Persons map[string]*registerdata.Person
	// Financials are the company's financial reports; nil when none
	// could be fetched (the charts then use the record's indicators).
	Financials *registerdata.Financials
	// Insolvencies are the company's insolvency proceedings with their
	// events, in the order of the record's summaries; a proceeding that
	// could not be fetched is missing (its summary is still shown).
	Insolvencies []*registerdata.Insolvency
	// RedFlags are the findings that need a closer look, each with its
	// reason; empty when there are none.
	RedFlags []RedFlag
	// Provenance says for each section what was fetched, when, how, and
	// what it cost, in the order of the sections.
	Provenance []Provenance
	// Credits is what Build added to the client's CreditsSpent: the sum
	// of the Credits of Provenance.
	Credits int64
}

// RedFlag is one finding of a dossier that needs a closer look: the
// Flag of package redflags, whose rules the dossier and the portfolio
// share.
type RedFlag = redflags.Flag

// The codes of RedFlag: the Flag constants of package redflags.
const (
	// FlagInsolvencyOpen: an insolvency proceeding of the company is open.
	FlagInsolvencyOpen = redflags.FlagInsolvencyOpen
	// FlagLiquidation: the company is being dissolved.
	FlagLiquidation = redflags.FlagLiquidation
	// FlagNotActive: the register no longer shows the company as
	// operating (inactive, or terminated).
	FlagNotActive = redflags.FlagNotActive
	// FlagNoManagingDirector: the company had managing directors and none
	// is in office any more.
	FlagNoManagingDirector = redflags.FlagNoManagingDirector
	// FlagFictitiousOwnersOnly: nobody holds more than 25 %; the
	// beneficial owners named are the managing directors (fictitious
	// beneficial owners, GwG section 3 (2) sentence 5).
	FlagFictitiousOwnersOnly = redflags.FlagFictitiousOwnersOnly
	// FlagOwnersAbroad: an owner in the ownership chain is seated or
	// living outside Germany.
	FlagOwnersAbroad = redflags.FlagOwnersAbroad
	// FlagFrequentDirectorChanges: managing directors changed often in
	// the last three years.
	FlagFrequentDirectorChanges = redflags.FlagFrequentDirectorChanges
	// FlagCapitalReduced: the registered capital was reduced.
	FlagCapitalReduced = redflags.FlagCapitalReduced
	// FlagNoFinancials: a company obliged to publish its accounts has
	// filed none for the last years.
	FlagNoFinancials = redflags.FlagNoFinancials
	// FlagIncomplete: part of the dossier could not be fetched (the
	// credit limit, the depth limit, an error); its section says which.
	FlagIncomplete = redflags.FlagIncomplete
)

// Provenance says where one section's facts came from.
type Provenance struct {
	// Section is the section's name, as its heading in the file.
	Section string
	// Source says what was fetched, such as
	// "GET /v1/company/{id}/owners for 4 companies".
	Source string
	// FetchedAt is when the section's data was fetched; zero when nothing
	// was fetched for it.
	FetchedAt time.Time
	// Realtime is true when the data was fetched live from the official
	// register rather than from the service's store.
	Realtime bool
	// Requests is the number of calls made for the section.
	Requests int
	// Cached is how many of them were answered from the client's cache
	// (they cost nothing).
	Cached int
	// Credits is what the section's calls cost.
	Credits int64
	// Missing says what the section lacks and why (the credit limit, an
	// error); empty when it is complete.
	Missing string
	// NotPublished says why the section was not asked for at all: the
	// service does not publish it for the company's legal form, in the
	// words of registerdata.NotPublished ("UBO: not published for an
	// OHG"). The section then cost nothing and is not missing; empty
	// otherwise.
	NotPublished string
}
