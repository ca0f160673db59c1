package main

import (
	"fmt"
	"sync"

	"github.com/registerdata/registerdata-go"
)

// The routes whose prices the commands' help texts name.
const (
	routeCompany       = "GET /v1/company/{company_id}"
	routeOwners        = "GET /v1/company/{company_id}/owners"
	routeUBO           = "GET /v1/company/{company_id}/ubo"
	routeHistory       = "GET /v1/company/{company_id}/owners/historical"
	routeHoldings      = "GET /v1/company/{company_id}/holdings"
	routeFinancials    = "GET /v1/company/{company_id}/financials"
	routeDocuments     = "GET /v1/document/{document_id}"
	routeCompanySearch = "POST /v1/search/company"
	routePersonSearch  = "POST /v1/search/person"
	routeMonitor       = "POST /v1/monitor"
)

// helpPrices is the SDK's price table the help texts name, made once on
// first use (not at start-up) and shared by every command.
var helpPrices = sync.OnceValue(registerdata.DefaultPrices)

// credits is the price of route in the SDK's price table, as help texts
// write it: "25 credits".
func credits(route string) string {
	return fmt.Sprintf("%d credits", helpPrices().Of(route, false))
}
