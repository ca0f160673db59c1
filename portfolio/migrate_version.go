package portfolio

import (
	"context"
	"database/sql"
	"errors"
	"fmt"

	"github.com/pressly/goose/v3"
)

// schemaVersionTable is goose's table of the portfolio's applied
// migrations: its presence is what makes a database hold a portfolio.
const schemaVersionTable = "portfolio_schema_version"

// ErrSchemaTooNew is the error of Open on a database whose schema a
// newer release of the portfolio module migrated: this release does not
// know its tables. The error's text gives both versions.
var ErrSchemaTooNew = errors.New("portfolio: the database's schema is newer than this release knows")

// checkSchema, run under the migration lock before any migration,
// refuses a database that holds no portfolio when Open was told
// OpenExisting, and a database whose schema is newer than the newest
// migration prov embeds.
func (p *Portfolio) checkSchema(ctx context.Context, prov *goose.Provider) error {
	exists, err := p.hasSchemaTable(ctx)
	if err != nil {
		return fmt.Errorf("portfolio: reading the schema version of %s: %w", p.where, err)
	}
	if !exists {
		if p.cfg.existing {
			return p.noPortfolio()
		}
		return nil
	}
	var have sql.NullInt64
	if err := p.db.QueryRowContext(ctx, "SELECT max(version_id) FROM "+schemaVersionTable).Scan(&have); err != nil {
		return fmt.Errorf("portfolio: reading the schema version of %s: %w", p.where, err)
	}
	if !have.Valid || have.Int64 == 0 {
		if p.cfg.existing {
			return p.noPortfolio()
		}
		return nil
	}
	var known int64
	for _, s := range prov.ListSources() {
		known = max(known, s.Version)
	}
	if have.Int64 > known {
		return fmt.Errorf("%w: %s is at schema version %d, this release knows versions up to %d: "+
			"a newer release of registerdata (the module github.com/registerdata/registerdata-go/portfolio) migrated it; "+
			"upgrade registerdata to that release or a later one (a database is never migrated down)",
			ErrSchemaTooNew, p.where, have.Int64, known)
	}
	return nil
}

// hasSchemaTable reports whether the database has the portfolio's
// schema version table.
func (p *Portfolio) hasSchemaTable(ctx context.Context) (bool, error) {
	var n int
	q := "SELECT count(*) FROM sqlite_master WHERE type = 'table' AND name = '" + schemaVersionTable + "'"
	if p.engine == enginePostgres {
		q = "SELECT count(*) FROM (SELECT to_regclass('" + schemaVersionTable + "') AS t) AS r WHERE t IS NOT NULL"
	}
	if err := p.db.QueryRowContext(ctx, q).Scan(&n); err != nil {
		return false, err
	}
	return n > 0, nil
}

// noPortfolio is the ErrNoPortfolio of this Open, naming the database.
func (p *Portfolio) noPortfolio() error {
	return fmt.Errorf("%w at %s: check the DSN; Open without OpenExisting creates one", ErrNoPortfolio, p.where)
}
