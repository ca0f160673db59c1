package redflags

// Severity ranks a flag for a reviewer: what stops a business
// relationship until someone looked (High), and what asks for a closer
// look (Review).
type Severity string

// The severities, from the most serious.
const (
	// High: the company may not be able to meet its obligations or may
	// no longer exist as the counterparty it was: an open insolvency, a
	// liquidation, a company the register no longer shows as active, no
	// managing director in office.
	High Severity = "high"
	// Review: a finding that needs a look but does not by itself speak
	// against the company (owners abroad, overdue accounts, frequent
	// director changes, a reduced capital, fictitious beneficial owners,
	// an incomplete dossier).
	Review Severity = "review"
)

// SeverityOf returns the severity of a flag code; a code this package
// does not know is Review, never silently dropped.
func SeverityOf(code string) Severity {
	switch code {
	case FlagInsolvencyOpen, FlagLiquidation, FlagNotActive, FlagNoManagingDirector:
		return High
	}
	return Review
}

// Rank orders severities for sorting: High before Review.
func (s Severity) Rank() int {
	if s == High {
		return 0
	}
	return 1
}
