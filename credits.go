package registerdata

import "github.com/registerdata/registerdata-go/enums"

// Credit costs, from the Limits table of the service specification. The
// client's budget and the fake's billing both read them from here.
const (
	CostCompanyLookup         = 10 // GET /v1/company/{id}
	CostRealtimeSurcharge     = 10 // added with realtime=true
	CostCompanySearch         = 10 // POST /v1/search/company, per page
	CostPersonSearch          = 10 // POST /v1/search/person, per page
	CostWeeklyMonitor         = 25 // POST /v1/monitor without update_frequency
	CostDailyMonitor          = 50 // POST /v1/monitor with update_frequency=daily
	CostWeeklyMonitorPerMonth = 25 // each month a weekly monitor is active
	CostDailyMonitorPerMonth  = 50 // each month a daily monitor is active
)

// Credit costs of the insolvency and Transparenzregister endpoints. No
// source publishes them: unpublished prices cost 10, storing credentials
// and polling an extract cost nothing.
const (
	CostInsolvencyLookup        = 10 // GET /v1/insolvency/{id}; price not published
	CostInsolvencySearch        = 10 // POST /v1/search/insolvency, per page; price not published
	CostTransparencyCredentials = 0  // POST /v1/transparenzregister/credentials; price not published
	CostTransparencyExtract     = 10 // POST /v1/transparenzregister/extracts; price not published
	CostTransparencyExtractPoll = 0  // GET /v1/transparenzregister/extracts/{id}; price not published
)

// CompanyLookupCost is the price of one company lookup.
func CompanyLookupCost(realtime bool) int64 {
	if realtime {
		return CostCompanyLookup + CostRealtimeSurcharge
	}
	return CostCompanyLookup
}

// MonitorCost is the price of creating a monitor with frequency f (empty
// or weekly: weekly; daily: daily).
func MonitorCost(f enums.UpdateFrequency) int64 {
	if f == enums.UpdateFrequencyDaily {
		return CostDailyMonitor
	}
	return CostWeeklyMonitor
}

// MonitorMonthlyCost is what an active monitor with frequency f costs per month.
func MonitorMonthlyCost(f enums.UpdateFrequency) int64 {
	if f == enums.UpdateFrequencyDaily {
		return CostDailyMonitorPerMonth
	}
	return CostWeeklyMonitorPerMonth
}

// Credit costs of the endpoints whose price the service does not publish
// (DESIGN: such endpoints cost 10; credit usage and autocomplete cost 0).
const (
	CostFinancials       = 10 // GET /v1/company/{id}/financials; price not published
	CostDocument         = 10 // GET /v1/document/{id}; price not published
	CostRealtimeDocument = 10 // GET /v1/document; price not published
	CostContactDetails   = 10 // GET /v0/company/{id}/contact; price not published
	CostURLLookup        = 10 // GET /v0/search/lookup; price not published
	CostAutocomplete     = 0  // GET /v1/autocomplete/company; price not published
	CostCredits          = 0  // GET /v1/credits; price not published
)

// Credit costs of the ownership and person endpoints. The service
// publishes no price for them: each costs 10 credits, as DESIGN decides
// for unpublished prices.
const (
	CostOwners           = 10 // GET /v1/company/{id}/owners; price not published
	CostBeneficialOwners = 10 // GET /v1/company/{id}/ubo; price not published
	CostOwnershipHistory = 10 // GET /v1/company/{id}/owners/historical; price not published
	CostCompanyHoldings  = 10 // GET /v1/company/{id}/holdings; price not published
	CostPerson           = 10 // GET /v1/person/{id}; price not published
	CostPersonHoldings   = 10 // GET /v1/person/{id}/holdings; price not published
)
