package portfolio

import (
	"context"
	"fmt"
	"slices"
	"strings"

	registerdata "github.com/registerdata/registerdata-go"
)

// companies are the distinct companies of the matched entries, in order.
func (p *Portfolio) companies(ctx context.Context) ([]string, error) {
	return p.strings(ctx, `SELECT DISTINCT company_id FROM portfolio_entries WHERE status = 'matched' AND company_id <> '' ORDER BY company_id`)
}

// wanted is a company of the matched entries, and whether its first
// record is stored.
type wanted struct {
	id     string
	name   string // the company's name as an entry keeps it
	stored bool
}

// wantedCompanies are the distinct companies of the matched entries,
// sorted (byte order, whatever the database's collation), each with
// whether its baseline is stored: one list, not a list and a set.
func (p *Portfolio) wantedCompanies(ctx context.Context) ([]wanted, error) {
	rows, err := p.db.QueryContext(ctx, `SELECT e.company_id, MAX(e.name), MAX(CASE WHEN s.fetched_at > 0 THEN 1 ELSE 0 END)
		FROM portfolio_entries e LEFT JOIN portfolio_snapshots s ON s.company_id = e.company_id
		WHERE e.status = 'matched' AND e.company_id <> '' GROUP BY e.company_id`)
	if err != nil {
		return nil, fmt.Errorf("portfolio: reading the store: %w", err)
	}
	defer rows.Close()
	var out []wanted
	for rows.Next() {
		var w wanted
		var stored int
		if err := rows.Scan(&w.id, &w.name, &stored); err != nil {
			return nil, fmt.Errorf("portfolio: reading the store: %w", err)
		}
		w.stored = stored == 1
		out = append(out, w)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("portfolio: reading the store: %w", err)
	}
	slices.SortFunc(out, func(a, b wanted) int { return strings.Compare(a.id, b.id) })
	return slices.Clip(out), nil
}

// monthlyOf is what monitor m costs a month by prices: its frequency's
// monthly price, nothing while it is disabled.
func monthlyOf(prices *registerdata.Prices, m registerdata.Monitor) int64 {
	if m.Disabled {
		return 0
	}
	return prices.MonitorMonthly(m.UpdateFrequency)
}

// ownMonitors are the companies whose monitors Sync created.
func (p *Portfolio) ownMonitors(ctx context.Context) ([]string, error) {
	return p.strings(ctx, `SELECT company_id FROM portfolio_monitors ORDER BY company_id`)
}

// strings runs query, which selects one text column, with args.
func (p *Portfolio) strings(ctx context.Context, query string, args ...any) ([]string, error) {
	rows, err := p.db.QueryContext(ctx, query, args...)
	if err != nil {
		return nil, fmt.Errorf("portfolio: reading the store: %w", err)
	}
	defer rows.Close()
	var out []string
	for rows.Next() {
		var s string
		if err := rows.Scan(&s); err != nil {
			return nil, fmt.Errorf("portfolio: reading the store: %w", err)
		}
		out = append(out, s)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("portfolio: reading the store: %w", err)
	}
	return slices.Clip(out), nil
}
