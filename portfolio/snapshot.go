package portfolio

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"time"

	registerdata "github.com/registerdata/registerdata-go"
)

// Snapshot is what the portfolio keeps of one company from its last
// check: the records as the service gave them, read at no cost.
type Snapshot struct {
	// Company is the company record of the last check; nil when no check
	// fetched it yet.
	Company *registerdata.Company
	// Owners are the owners of the last check that asked for them (a
	// monitor on ownership); nil when none did.
	Owners *registerdata.Owners
	// FetchedAt is when the records were fetched.
	FetchedAt time.Time
}

// Snapshot returns what the portfolio stores of company companyID from
// its last check, without calling the service. It returns an error
// wrapping ErrNotFound when no check of the company has been stored yet
// (the company is not in the portfolio, or its baseline has not run:
// see Rescreen and Sync).
func (p *Portfolio) Snapshot(ctx context.Context, companyID string) (Snapshot, error) {
	var data string
	var at int64
	err := p.db.QueryRowContext(ctx, p.q(`SELECT data, fetched_at FROM portfolio_snapshots WHERE company_id = $1`), companyID).Scan(&data, &at)
	if errors.Is(err, sql.ErrNoRows) || (err == nil && at == 0) {
		return Snapshot{}, fmt.Errorf("portfolio: no check of %s is stored yet: %w", companyID, ErrNotFound)
	}
	if err != nil {
		return Snapshot{}, fmt.Errorf("portfolio: reading the snapshot of %s: %w", companyID, err)
	}
	var s snapshot
	if err := json.Unmarshal([]byte(data), &s); err != nil {
		return Snapshot{}, fmt.Errorf("portfolio: the stored snapshot of %s is not valid (%v): delete its row in portfolio_snapshots to start from a new baseline", companyID, err)
	}
	if s.Company == nil {
		return Snapshot{}, fmt.Errorf("portfolio: no check of %s is stored yet: %w", companyID, ErrNotFound)
	}
	return Snapshot{Company: s.Company, Owners: s.Owners, FetchedAt: fromMicros(at)}, nil
}
