package portfolio

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"

	registerdata "github.com/registerdata/registerdata-go"
	"github.com/registerdata/registerdata-go/enums"
)

// The monitor ledger (table portfolio_monitor_ledger) is what the
// portfolio expects each of its monitors to cost each month, by the
// client's price table, as the service bills monitors: the creation
// charges the first month (registerdata.Prices.Monitor), each later
// month is charged at the monthly anniversary of the creation
// (registerdata.Prices.MonitorMonthly, the anniversary falling on the
// month's last day when the month is shorter), a disabled monitor is not
// charged, and a removed one not after its removal.
//
// A monitor has a row for each month in which something happened to it:
// Sync created it, found it already there (adopted: an earlier Sync's
// answer was lost, or the portfolio predates the ledger), found it
// changed (another frequency, disabled, enabled again) or removed it.
// Each row says what its month costs and what each later month costs
// until the monitor's next row, and is written in the same transaction as
// what it records; a row is keyed by the monitor and its month, so a
// Sync run again writes nothing twice.

// MaxLedgerMonths is the longest span MonitorCosts sums: 100 years.
const MaxLedgerMonths = 1200

// LedgerSum is what the monitor ledger expects the portfolio's monitors
// to cost over a span of calendar months (UTC), from MonitorCosts.
type LedgerSum struct {
	// From is the first instant of the first month summed; To the first
	// instant after the last.
	From, To time.Time
	// Credits is what the months cost in all.
	Credits int64
	// Months are the months in order, each with what it costs.
	Months []LedgerMonth
}

// LedgerMonth is what the monitor ledger expects one calendar month to
// cost.
type LedgerMonth struct {
	// Month is the month's first instant, in UTC.
	Month time.Time
	// Credits is what the portfolio's monitors cost in the month.
	Credits int64
	// Monitors is how many monitors cost something in the month.
	Monitors int
}

// MonitorCosts sums the monitor ledger over the calendar months (UTC)
// that overlap [from, to): what the portfolio expects its monitors to
// cost in each, the months before now as the ledger recorded them, the
// months after as its latest rows expect them (a forecast: each monitor
// at its price until something changes it). A year is read, not rebuilt:
// MonitorCosts(ctx, jan1, jan1.AddDate(1, 0, 0)) is the year's
// monitoring bill as the portfolio expects it. The ledger covers the
// monitors Sync created or adopted, from the month it did so; the
// account's other monitors are not the portfolio's. to must be after
// from, and the span at most MaxLedgerMonths months.
func (p *Portfolio) MonitorCosts(ctx context.Context, from, to time.Time) (LedgerSum, error) {
	if !to.After(from) {
		return LedgerSum{}, fmt.Errorf("portfolio: MonitorCosts: the end (%s) is not after the start (%s): pass from before to", to.UTC().Format(time.RFC3339), from.UTC().Format(time.RFC3339))
	}
	first, last := monthOf(from), monthOf(to.Add(-time.Nanosecond))
	n := last.index() - first.index() + 1
	if n > MaxLedgerMonths {
		return LedgerSum{}, fmt.Errorf("portfolio: MonitorCosts: %s to %s spans %d months: ask for at most %d", first, last, n, MaxLedgerMonths)
	}
	sum := LedgerSum{From: first.start(), To: last.next().start(), Months: make([]LedgerMonth, n)}
	for i := range sum.Months {
		sum.Months[i].Month = first.add(i).start()
	}
	rows, err := p.db.QueryContext(ctx, p.q(`SELECT company_id, since, month, credits, monthly FROM portfolio_monitor_ledger
		WHERE month <= $1 ORDER BY company_id, since, month`), int64(last))
	if err != nil {
		return LedgerSum{}, fmt.Errorf("portfolio: MonitorCosts: reading the ledger: %w", err)
	}
	defer rows.Close()
	// The rows of one monitor come together, in month order: each month
	// of the span costs what the monitor's row of that month says, else
	// what the latest row before it expects of later months.
	var cur struct {
		company string
		since   int64
		rows    []ledgerEntry
	}
	flush := func() {
		for i := range sum.Months {
			c := costIn(cur.rows, first.add(i))
			sum.Months[i].Credits += c
			sum.Credits += c
			if c > 0 {
				sum.Months[i].Monitors++
			}
		}
	}
	for rows.Next() {
		var company string
		var since int64
		var e ledgerEntry
		if err := rows.Scan(&company, &since, &e.month, &e.credits, &e.monthly); err != nil {
			return LedgerSum{}, fmt.Errorf("portfolio: MonitorCosts: reading the ledger: %w", err)
		}
		if company != cur.company || since != cur.since {
			flush()
			cur.company, cur.since, cur.rows = company, since, cur.rows[:0]
		}
		cur.rows = append(cur.rows, e)
	}
	if err := rows.Err(); err != nil {
		return LedgerSum{}, fmt.Errorf("portfolio: MonitorCosts: reading the ledger: %w", err)
	}
	flush()
	return sum, nil
}

// monthCosts is what the ledger expects the month of t to cost.
func (p *Portfolio) monthCosts(ctx context.Context, t time.Time) (LedgerMonth, error) {
	sum, err := p.MonitorCosts(ctx, t, t.Add(time.Nanosecond))
	if err != nil {
		return LedgerMonth{}, err
	}
	return sum.Months[0], nil
}

// ledgerEntry is a ledger row's month and what it expects.
type ledgerEntry struct {
	month   month
	credits int64 // what month costs
	monthly int64 // what each later month costs, until the next row
}

// costIn is what month m costs by a monitor's rows, in month order.
func costIn(rows []ledgerEntry, m month) int64 {
	var c int64
	for _, e := range rows {
		switch {
		case e.month == m:
			return e.credits
		case e.month < m:
			c = e.monthly
		default:
			return c
		}
	}
	return c
}

// ledgerRow is a monitor's latest row in the ledger.
type ledgerRow struct {
	month     month
	anchor    int64 // micros: when the service bills from
	frequency string
	monthly   int64
	reason    string
}

// The reasons of the ledger's rows.
const (
	ledgerCreated = "created"
	ledgerAdopted = "adopted"
	ledgerChanged = "changed"
	ledgerRemoved = "removed"
)

// latestLedger is the latest row of the monitor of company id recorded
// since since (portfolio_monitors.created_at), and whether it has one.
func (p *Portfolio) latestLedger(ctx context.Context, tx *sql.Tx, id string, since int64) (ledgerRow, bool, error) {
	var r ledgerRow
	err := tx.QueryRowContext(ctx, p.q(`SELECT month, anchor, frequency, monthly, reason FROM portfolio_monitor_ledger
		WHERE company_id = $1 AND since = $2 ORDER BY month DESC LIMIT 1`), id, since).Scan(&r.month, &r.anchor, &r.frequency, &r.monthly, &r.reason)
	switch {
	case errors.Is(err, sql.ErrNoRows):
		return r, false, nil
	case err != nil:
		return r, false, fmt.Errorf("portfolio: reading the monitor ledger of %s: %w", id, err)
	}
	return r, true, nil
}

// monitorSince is when the portfolio recorded its monitor of company id
// (the monitor's identity in the ledger), and whether it has one.
func (p *Portfolio) monitorSince(ctx context.Context, tx *sql.Tx, id string) (int64, bool, error) {
	var since int64
	err := tx.QueryRowContext(ctx, p.q(`SELECT created_at FROM portfolio_monitors WHERE company_id = $1`), id).Scan(&since)
	switch {
	case errors.Is(err, sql.ErrNoRows):
		return 0, false, nil
	case err != nil:
		return 0, false, fmt.Errorf("portfolio: reading the monitor of %s: %w", id, err)
	}
	return since, true, nil
}

// recordCreated writes, in tx, that the monitor of company id was
// created at frequency f now: this month costs the creation, each later
// one the monthly price. A monitor with a row already (a Sync run again)
// gets none.
func (p *Portfolio) recordCreated(ctx context.Context, tx *sql.Tx, id string, f enums.UpdateFrequency) error {
	since, ok, err := p.monitorSince(ctx, tx, id)
	if err != nil || !ok {
		return err
	}
	if _, had, err := p.latestLedger(ctx, tx, id, since); err != nil || had {
		return err
	}
	now := p.cfg.now()
	return p.insertLedger(ctx, tx, id, since, monthOf(now), micros(now), frequencyOf(f), p.prices.Monitor(f), p.prices.MonitorMonthly(f), ledgerCreated)
}

// recordMonitor writes, in tx, what the monitor of company id costs from
// now on: monthly each month at frequency f (0 and f "" for a removed
// monitor, reason ledgerRemoved), unless its latest row says so already.
// A monitor without a row is adopted: this month costs the creation if
// the portfolio recorded the monitor this month, else monthly. This
// month costs what the latest row expected if its anniversary has passed
// (the service billed it on the old terms), else monthly.
func (p *Portfolio) recordMonitor(ctx context.Context, tx *sql.Tx, id string, f enums.UpdateFrequency, monthly int64, reason string) error {
	since, ok, err := p.monitorSince(ctx, tx, id)
	if err != nil || !ok {
		return err
	}
	last, had, err := p.latestLedger(ctx, tx, id, since)
	if err != nil {
		return err
	}
	now := p.cfg.now()
	m := monthOf(now)
	switch {
	case !had && reason == ledgerRemoved:
		return nil // never in the ledger: nothing was expected of it
	case !had:
		credits := monthly
		if monthOf(fromMicros(since)) == m {
			credits = p.prices.Monitor(f)
		}
		return p.insertLedger(ctx, tx, id, since, m, since, frequencyOf(f), credits, monthly, ledgerAdopted)
	case last.reason == ledgerRemoved:
		return nil // removed: its ledger is closed
	}
	freq := frequencyOf(f)
	if reason == ledgerRemoved {
		freq = last.frequency
	}
	if last.monthly == monthly && last.frequency == freq {
		return nil
	}
	if last.month == m {
		if _, err := tx.ExecContext(ctx, p.q(`UPDATE portfolio_monitor_ledger SET monthly = $1, frequency = $2, reason = $3, at = $4
			WHERE company_id = $5 AND since = $6 AND month = $7`), monthly, freq, reason, micros(now), id, since, int64(m)); err != nil {
			return fmt.Errorf("portfolio: recording in the monitor ledger that the monitor of %s is %s: %w", id, reason, err)
		}
		return nil
	}
	credits := monthly
	if !now.Before(anniversary(fromMicros(last.anchor), m)) {
		credits = last.monthly
	}
	return p.insertLedger(ctx, tx, id, since, m, last.anchor, freq, credits, monthly, reason)
}

// insertLedger writes a row of the monitor ledger; a row of the monitor
// and month written already stays as it is.
func (p *Portfolio) insertLedger(ctx context.Context, tx *sql.Tx, id string, since int64, m month, anchor int64, freq string, credits, monthly int64, reason string) error {
	if _, err := tx.ExecContext(ctx, p.q(`INSERT INTO portfolio_monitor_ledger (company_id, since, month, anchor, frequency, credits, monthly, reason, at)
		VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) ON CONFLICT (company_id, since, month) DO NOTHING`),
		id, since, int64(m), anchor, freq, credits, monthly, reason, micros(p.cfg.now())); err != nil {
		return fmt.Errorf("portfolio: recording in the monitor ledger that the monitor of %s is %s: %w", id, reason, err)
	}
	return nil
}

// ledgerState is what the ledger expects of each monitor of the
// portfolio at present, by company: its frequency and monthly price
// (the latest row's), or no entry when it has no row.
func (p *Portfolio) ledgerState(ctx context.Context) (map[string]ledgerRow, error) {
	rows, err := p.db.QueryContext(ctx, `SELECT l.company_id, l.month, l.frequency, l.monthly, l.reason
		FROM portfolio_monitors m JOIN portfolio_monitor_ledger l ON l.company_id = m.company_id AND l.since = m.created_at
		ORDER BY l.company_id, l.month`)
	if err != nil {
		return nil, fmt.Errorf("portfolio: reading the monitor ledger: %w", err)
	}
	defer rows.Close()
	out := map[string]ledgerRow{}
	for rows.Next() {
		var id string
		var r ledgerRow
		if err := rows.Scan(&id, &r.month, &r.frequency, &r.monthly, &r.reason); err != nil {
			return nil, fmt.Errorf("portfolio: reading the monitor ledger: %w", err)
		}
		out[id] = r // the latest row wins: rows come in month order
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("portfolio: reading the monitor ledger: %w", err)
	}
	return out, nil
}

// keepLedger brings the ledger in line with the account's monitors, as
// the plan listed them: a monitor of the portfolio without a row is
// adopted, one whose frequency or state changed (disabled, enabled
// again) gets a row saying what it costs from now on. Each is written in
// its own transaction.
func (p *Portfolio) keepLedger(ctx context.Context, account map[string]registerdata.Monitor) error {
	if account == nil {
		return nil // a Plan made by hand: nothing to compare with
	}
	state, err := p.ledgerState(ctx)
	if err != nil {
		return err
	}
	ours, err := p.ownMonitors(ctx)
	if err != nil {
		return err
	}
	for _, id := range ours {
		m, ok := account[id]
		if !ok {
			continue // not (or no longer) on the account: Sync creates it
		}
		monthly, freq := monthlyOf(p.prices, m), frequencyOf(m.UpdateFrequency)
		reason := ledgerChanged
		if last, had := state[id]; !had {
			reason = ledgerAdopted
		} else if last.monthly == monthly && last.frequency == freq {
			continue
		}
		if err := p.inTx(ctx, func(tx *sql.Tx) error { return p.recordMonitor(ctx, tx, id, m.UpdateFrequency, monthly, reason) }); err != nil {
			return err
		}
	}
	return nil
}

// forgetMonitor removes the portfolio's record of its monitor of company
// id and closes the monitor's ledger (what this month costs stays), in
// one transaction.
func (p *Portfolio) forgetMonitor(ctx context.Context, id string) error {
	err := p.inTx(ctx, func(tx *sql.Tx) error {
		if err := p.recordMonitor(ctx, tx, id, "", 0, ledgerRemoved); err != nil {
			return err
		}
		_, err := tx.ExecContext(ctx, p.q(`DELETE FROM portfolio_monitors WHERE company_id = $1`), id)
		return err
	})
	if err != nil {
		return fmt.Errorf("portfolio: Sync: forgetting the monitor of %s: %w", id, err)
	}
	return nil
}

// frequencyOf is f as the ledger writes it: daily or weekly (the
// default).
func frequencyOf(f enums.UpdateFrequency) string {
	if f == enums.UpdateFrequencyDaily {
		return string(enums.UpdateFrequencyDaily)
	}
	return string(enums.UpdateFrequencyWeekly)
}
