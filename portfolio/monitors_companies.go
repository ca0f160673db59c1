package portfolio

import (
	"context"
	"fmt"
	"slices"

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
