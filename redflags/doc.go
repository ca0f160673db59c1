// Package redflags holds the rules that turn what the register says about
// a company into findings a compliance reviewer must look at: an open
// insolvency proceeding, a liquidation, a company the register no longer
// shows as active, no managing director in office, owners abroad,
// fictitious beneficial owners only, frequent director changes, a reduced
// capital, overdue annual accounts.
//
// The dossier (registerdatareport) and the portfolio evaluate the same
// rules: Evaluate looks at the records of one company that were fetched
// (Input) and returns the flags that apply, each with the facts that made
// it a flag. A rule whose data is absent says nothing: Evaluate never
// raises a flag for a record that was not fetched.
//
// # Where to start, by job
//
//	Job                     Entry point
//	judge a company         Evaluate(Input{Company: ..., Owners: ...}, today), in evaluate.go
//	what a flag means       the Flag constants (FlagLiquidation, ...), in evaluate.go
//	when a finding is new   Flag.Facts (its substance, in facts.go): changed facts are a new finding
//	rank flags for review   SeverityOf and Severity.Rank, in severity.go
//	the rules themselves    status.go (insolvency, liquidation, activity, directors), owners.go, accounts.go
//	names and facts         LegalFormName; CorporateGeneralPartnerOnly (must a partnership publish accounts)
package redflags
