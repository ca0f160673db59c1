package searchengine

import registerdata "github.com/registerdata/registerdata-go"

// CompanyResult is c as an item of a company search answer, the same item
// other endpoints listing companies (autocomplete) answer.
func CompanyResult(c *registerdata.Company) registerdata.CompanySearchResult {
	return companyResult(c)
}
