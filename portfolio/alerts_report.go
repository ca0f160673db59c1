package portfolio

import (
	"context"
	"fmt"
)

// reportAlerts counts the dead alerts for the report: entries a
// subscriber never got, given up after 3 days (Subscribers names them;
// ReplayAlerts sends them again).
func (p *Portfolio) reportAlerts(ctx context.Context, ov *overview) error {
	err := p.db.QueryRowContext(ctx, p.q(`SELECT COUNT(*) FROM portfolio_alerts WHERE state = $1`), alertDead).Scan(&ov.DeadAlerts)
	if err != nil {
		return fmt.Errorf("portfolio: report: counting the dead alerts: %w", err)
	}
	return nil
}
