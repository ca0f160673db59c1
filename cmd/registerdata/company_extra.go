package main

// companyExtra lists the company subcommands beyond "get", each in its own
// file, for the endpoints the SDK has.
func companyExtra() []*command {
	return []*command{
		companyOwners(), companyUBO(), companyTree(), companyHoldings(),
		companyFinancials(), companyDocuments(), companyContact(), companyLookup(),
	}
}
