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
