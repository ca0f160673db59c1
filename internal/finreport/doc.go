// Package finreport derives the financial reports of a company from its
// record, deterministically: the fake serves them on GET
// /v1/company/{id}/financials and the search engine reads the extended
// indicator filters from them. Nothing is stored: each call computes the
// reports from the company's indicator summaries, which they always agree
// with (the 13 summary figures of a year are the report's figures of that
// year, nil for nil).
package finreport
