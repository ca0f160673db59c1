package redflags

import (
	registerdata "github.com/registerdata/registerdata-go"
)

// Flag is one finding that needs a closer look.
type Flag struct {
	// Code identifies the kind of finding: one of the Flag constants.
	Code string `json:"code"`
	// Reason says what was found, with the facts that made it a flag.
	Reason string `json:"reason"`
	// Facts is the substance of the finding, stable across rewordings
	// of Reason: what a reviewer acknowledges. A flag whose Facts change
	// is a new finding (the portfolio raises it again and asks for a new
	// acknowledgement); a Reason reworded with the same Facts is not.
	// What each code's Facts hold, and so which changes reopen it:
	//
	//	insolvency_open             each open proceeding (its id, else its case and court) with its stage:
	//	                            another stage or another proceeding reopens
	//	liquidation                 the liquidators in office: another liquidator reopens
	//	not_active                  the status and the termination date
	//	no_managing_director        the last managing director and the day they left
	//	fictitious_beneficial_owners_only  the beneficial owners named (none, or the directors)
	//	owners_abroad               each owner abroad with its country: another owner or country reopens
	//	frequent_director_changes   the latest change of managing directors: a further change reopens
	//	capital_reduced             each reduction (day, from, to): a further reduction reopens
	//	no_financials               the latest fiscal year whose accounts are overdue: a later overdue year
	//	                            reopens (accounts filed late but still leaving that year overdue do not)
	//	check_failed                the delivery whose check was given up (set by the portfolio)
	//
	// Names in Facts are compared without regard to case or spacing. ""
	// means unknown (a flag recorded before facts were kept).
	Facts string `json:"facts,omitempty"`
}

// The codes of Flag, in the order Evaluate reports them.
const (
	// FlagInsolvencyOpen: an insolvency proceeding of the company is open.
	FlagInsolvencyOpen = "insolvency_open"
	// FlagLiquidation: the company is being dissolved.
	FlagLiquidation = "liquidation"
	// FlagNotActive: the register no longer shows the company as
	// operating: its status is inactive, or a termination date is set.
	FlagNotActive = "not_active"
	// FlagNoManagingDirector: the company had managing directors and none
	// is in office any more (the last one left).
	FlagNoManagingDirector = "no_managing_director"
	// FlagFictitiousOwnersOnly: nobody holds more than 25 %; the
	// beneficial owners named are the managing directors (fictitious
	// beneficial owners, GwG section 3 (2) sentence 5).
	FlagFictitiousOwnersOnly = "fictitious_beneficial_owners_only"
	// FlagOwnersAbroad: an owner in the ownership chain is seated or
	// living outside Germany.
	FlagOwnersAbroad = "owners_abroad"
	// FlagFrequentDirectorChanges: managing directors changed often in
	// the last three years.
	FlagFrequentDirectorChanges = "frequent_director_changes"
	// FlagCapitalReduced: the registered capital was reduced.
	FlagCapitalReduced = "capital_reduced"
	// FlagNoFinancials: a company obliged to publish its accounts has
	// filed none for the last years (its accounts are overdue).
	FlagNoFinancials = "no_financials"
	// FlagIncomplete: part of a dossier could not be fetched (the credit
	// limit, the depth limit, an error). Evaluate never raises it: the
	// dossier does, from what it failed to fetch.
	FlagIncomplete = "incomplete"
	// FlagCheckFailed: the portfolio gave up on the check of a change
	// the register announced (its job failed every attempt), so what
	// changed is not known. Evaluate never raises it: the portfolio does,
	// and clears it once a later check of the company succeeds.
	FlagCheckFailed = "check_failed"
)

// Input is what the rules may look at: the records of one company that
// were fetched. A nil record (or a nil Insolvencies) was not fetched: the
// rules that need it say nothing.
type Input struct {
	// Company is the company record (GetCompany). The rules on status,
	// representatives, capital, accounts and the insolvency summaries
	// need it.
	Company *registerdata.Company
	// Owners are the company's direct owners (GetOwners), for the owners
	// abroad.
	Owners *registerdata.Owners
	// BeneficialOwners are the ultimate beneficial owners
	// (GetBeneficialOwners), for the fictitious owners and the owners
	// abroad.
	BeneficialOwners *registerdata.BeneficialOwners
	// Ownership is the ownership tree (GetOwnershipTree), for the owners
	// abroad and whether a partnership must publish accounts.
	Ownership *registerdata.OwnershipTree
	// Financials are the financial reports (GetFinancials), for the date
	// of the latest accounts besides the record's indicators.
	Financials *registerdata.Financials
	// Insolvencies are the company's insolvency proceedings that were
	// fetched (GetInsolvency), besides the record's summaries.
	Insolvencies []*registerdata.Insolvency
}

// Evaluate runs every rule over in and returns the flags that apply, in
// the order of the Flag constants; an empty, non-nil slice when none
// does. today is the day the rules judge by: current representatives,
// the three-year window of director changes, overdue accounts.
func Evaluate(in Input, today registerdata.Date) []Flag {
	out := []Flag{}
	for _, rule := range rules {
		if f, ok := rule(&in, today); ok {
			out = append(out, f)
		}
	}
	return out
}

// rules are the rules in the order of the Flag constants.
var rules = []func(*Input, registerdata.Date) (Flag, bool){
	flagInsolvency, flagLiquidation, flagNotActive, flagNoDirector, flagFictitious, flagAbroad, flagDirectors, flagCapital, flagFinancials,
}
