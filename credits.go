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
