package finreport

import (
	"hash/fnv"
	"math/rand/v2"

	registerdata "github.com/registerdata/registerdata-go"
)

// Indicators returns the full indicator set of every year of c's
// indicator summaries, newest first.
func Indicators(c *registerdata.Company) []registerdata.FinancialIndicators {
	out := make([]registerdata.FinancialIndicators, len(c.Indicators))
	for i, k := range newestFirst(c) {
		out[i] = yearOf(c.ID, &c.Indicators[k])
	}
	return out
}

// Latest returns the full indicator set of c's latest year, and false
// when c has no indicators.
func Latest(c *registerdata.Company) (registerdata.FinancialIndicators, bool) {
	s, ok := c.LatestIndicators()
	if !ok {
		return registerdata.FinancialIndicators{}, false
	}
	return yearOf(c.ID, &s), true
}

// newestFirst returns the indexes of c.Indicators ordered by date, newest
// first (ties keep their order).
func newestFirst(c *registerdata.Company) []int {
	idx := make([]int, len(c.Indicators))
	for i := range idx {
		idx[i] = i
	}
	for i := 1; i < len(idx); i++ { // insertion sort: a handful of years
		for j := i; j > 0 && c.Indicators[idx[j]].Date.After(c.Indicators[idx[j-1]].Date); j-- {
			idx[j], idx[j-1] = idx[j-1], idx[j]
		}
	}
	return idx
}

// seedOf hashes the company id and a label into a random seed.
func seedOf(companyID, label string) uint64 {
	h := fnv.New64a()
	h.Write([]byte(companyID))
	h.Write([]byte{0})
	h.Write([]byte(label))
	return h.Sum64()
}

// deriver draws the figures the summary does not hold. Its figures live
// in buf, one allocation per year.
type deriver struct {
	src rand.PCG
	rng *rand.Rand
	buf []int64
}

// newDeriver returns a deriver seeded by the company id and a label.
func newDeriver(companyID, label string) *deriver {
	d := &deriver{buf: make([]int64, 0, 48)}
	d.src.Seed(seedOf(companyID, label), 0x6669_6e61)
	d.rng = rand.New(&d.src)
	return d
}

// keep stores v in the deriver's buffer and returns its address.
func (d *deriver) keep(v int64) *int64 {
	if len(d.buf) == cap(d.buf) {
		d.buf = make([]int64, 0, 48)
	}
	d.buf = append(d.buf, v)
	return &d.buf[len(d.buf)-1]
}

// share returns about v*lo..v*hi (per mille), or nil one time in six.
func (d *deriver) share(v int64, lo, hi int) *int64 {
	if d.rng.IntN(6) == 0 {
		return nil
	}
	return d.exact(v, lo, hi)
}

// exact returns about v*lo..v*hi (per mille), never nil.
func (d *deriver) exact(v int64, lo, hi int) *int64 {
	pm := int64(lo + d.rng.IntN(hi-lo+1))
	return d.keep(v / 1000 * pm)
}

func val(p *int64) int64 {
	if p == nil {
		return 0
	}
	return *p
}

// yearOf computes the full indicator set of one year: the summary's 13
// figures as they are, the others derived from them with a random
// stream seeded by the company id and the report id, so the same summary
// always gives the same figures. A year whose summary holds no money
// figure gets no other figure either.
func yearOf(companyID string, s *registerdata.IndicatorSummary) registerdata.FinancialIndicators {
	f := registerdata.FinancialIndicators{
		Date:              s.Date,
		ReportID:          s.ReportID,
		BalanceSheetTotal: s.BalanceSheetTotal,
		NetIncome:         s.NetIncome,
		Revenue:           s.Revenue,
		Cash:              s.Cash,
		Employees:         s.Employees,
		Equity:            s.Equity,
		RealEstate:        s.RealEstate,
		Materials:         s.Materials,
		PensionProvisions: s.PensionProvisions,
		Salaries:          s.Salaries,
		Taxes:             s.Taxes,
		Liabilities:       s.Liabilities,
		CapitalReserves:   s.CapitalReserves,
	}
	base := anchor(s)
	if base <= 0 {
		return f
	}
	d := newDeriver(companyID, s.ReportID)
	ptr := d.keep

	// Balance sheet, assets side.
	f.FixedAssets = d.share(base, 250, 600)
	fixed := val(f.FixedAssets)
	if fixed == 0 {
		fixed = base / 3
	}
	f.IntangibleAssets = d.share(fixed, 20, 150)
	f.TangibleAssets = d.share(fixed, 400, 800)
	if f.TangibleAssets != nil && f.RealEstate != nil && *f.TangibleAssets < *f.RealEstate {
		f.TangibleAssets = ptr(*f.RealEstate + val(d.exact(fixed, 10, 100)))
	}
	f.FinancialAssets = d.share(fixed, 10, 200)
	f.ActiveAccruals = d.share(base, 2, 20)
	f.CurrentAssets = d.share(base, 300, 700)
	current := val(f.CurrentAssets)
	if current == 0 {
		current = base / 2
	}
	f.Inventory = d.share(current, 50, 400)
	f.Receivables = d.share(current, 150, 500)
	f.TradeReceivables = d.share(current, 100, 300)
	if f.Receivables != nil && f.TradeReceivables != nil && *f.TradeReceivables > *f.Receivables {
		f.Receivables, f.TradeReceivables = f.TradeReceivables, f.Receivables
	}

	// Balance sheet, equity and liabilities side.
	equity := val(s.Equity)
	if equity <= 0 {
		equity = base / 4
	}
	f.RetainedEarnings = d.share(equity, 50, 400)
	f.ProfitCarryforward = d.share(equity, 0, 200)
	f.Provisions = d.share(base, 30, 150)
	f.OtherProvisions = d.share(base, 10, 60)
	liabilities := val(s.Liabilities)
	if liabilities <= 0 {
		liabilities = base / 2
	}
	f.BankDebt = d.share(liabilities, 100, 500)
	f.TradePayables = d.share(liabilities, 100, 400)
	f.AffiliatedLiabilities = d.share(liabilities, 0, 150)
	f.ShareholderLiabilities = d.share(liabilities, 0, 100)
	f.OtherLiabilities = d.share(liabilities, 20, 150)
	if f.BankDebt != nil {
		f.FinancialDebt = ptr(*f.BankDebt + val(f.ShareholderLiabilities))
	}
	f.PassiveAccruals = d.share(base, 0, 15)

	// Profit and loss.
	revenue := val(s.Revenue)
	if revenue <= 0 {
		revenue = base + base/2
	}
	f.OtherOperatingIncome = d.share(revenue, 5, 50)
	f.GrossProfit = ptr(revenue + val(f.OtherOperatingIncome) - val(s.Materials))
	f.OperatingDepreciation = d.share(fixed, 50, 120)
	f.OtherOperatingExpenses = d.share(revenue, 80, 200)
	ebitda := *f.GrossProfit - val(s.Salaries) - val(f.OtherOperatingExpenses)
	f.EBITDA = ptr(ebitda)
	f.EBIT = ptr(ebitda - val(f.OperatingDepreciation))
	f.InterestIncome = d.share(val(s.Cash)+base/100, 5, 30)
	f.InterestExpense = d.share(liabilities, 10, 60)
	if d.rng.IntN(4) == 0 { // most have no write-down on financial assets
		f.FinancialDepreciation = ptr(val(d.exact(fixed, 0, 40)) * int64(1-2*d.rng.IntN(2)))
	}
	ibt := *f.EBIT + val(f.InterestIncome) - val(f.InterestExpense) - val(f.FinancialDepreciation)
	f.IncomeBeforeTax = ptr(ibt)
	f.IncomeAfterTax = ptr(ibt - val(s.Taxes))
	f.OtherTaxes = d.share(revenue, 1, 8)
	if d.rng.IntN(8) == 0 { // commission business: agencies, brokers, banks
		f.CommissionIncome = d.exact(revenue, 50, 300)
		f.CommissionExpense = d.share(revenue, 10, 150)
	}
	if f.NetIncome != nil && d.rng.IntN(3) == 0 {
		f.ParentNetIncome = d.exact(*f.NetIncome, 800, 1000)
	}
	return f
}

// anchor is the figure the derived ones scale with: the balance sheet
// total, else the best figure standing in for it; 0 when the summary has
// no money figure.
func anchor(s *registerdata.IndicatorSummary) int64 {
	for _, c := range []struct {
		p   *int64
		mul int64
	}{
		{s.BalanceSheetTotal, 1}, {s.Revenue, 1}, {s.Liabilities, 2}, {s.Equity, 3},
		{s.Salaries, 3}, {s.Cash, 8}, {s.NetIncome, 10}, {s.Materials, 2},
	} {
		if c.p != nil && *c.p > 0 {
			return *c.p * c.mul
		}
	}
	return 0
}
