package main

import (
	"encoding/json"
	"errors"
	"slices"
	"strings"

	registerdata "github.com/registerdata/registerdata-go"
	"github.com/registerdata/registerdata-go/portfolio"
	"github.com/spf13/pflag"
)

// envPortfolioDB names the portfolio database when --db is not given.
const envPortfolioDB = "REGISTERDATA_PORTFOLIO_DB"

// defaultPortfolioDB is the database of "portfolio" without --db or
// $REGISTERDATA_PORTFOLIO_DB: a SQLite file in the working directory.
const defaultPortfolioDB = "sqlite:portfolio.db"

// portfolioGroup is "registerdata portfolio ...": counterparties resolved
// once, monitored, journalled and flagged in a database.
func portfolioGroup() *group {
	return &group{
		name:    "portfolio",
		summary: "keep counterparties under watch in a database: import, review, monitor, journal, red flags, decisions and their audit",
		commands: []*command{
			portfolioImport(), portfolioReview(), portfolioResolve(), portfolioRemove(),
			portfolioPlan(), portfolioSync(), portfolioServe(), portfolioWork(), portfolioRetry(),
			portfolioEvents(), portfolioFlags(), portfolioAck(),
			portfolioDecisions(), portfolioApprove(), portfolioReject(), portfolioAudit(),
			portfolioReport(), portfolioAlerts(), portfolioUsers(), portfolioWeb(),
		},
	}
}

// dbFlag declares --db on fs; its value is resolved by (*app).openPortfolio
// and its kin.
func dbFlag(fs *pflag.FlagSet) *string {
	return fs.String("db", "", "the portfolio `DSN`: sqlite:PATH or postgres://user@host:port/db (default $"+envPortfolioDB+", else "+defaultPortfolioDB+")")
}

// portfolioDSN is the DSN to open: --db, else the environment, else the
// default file.
func (a *app) portfolioDSN(flag string) string {
	switch {
	case flag != "":
		return flag
	case a.getenv(envPortfolioDB) != "":
		return a.getenv(envPortfolioDB)
	}
	return defaultPortfolioDB
}

// openPortfolio opens the existing portfolio for a command that calls
// no service (it reads, or takes a decision that needs no lookup): it
// needs no API key, and its client refuses every call (offlineClient).
// A database that holds no portfolio is refused (noPortfolio).
func (a *app) openPortfolio(flag string, opts ...portfolio.Option) (*portfolio.Portfolio, error) {
	c, err := a.offlineClient()
	if err != nil {
		return nil, err
	}
	return a.openPortfolioWith(flag, c, append(slices.Clip(opts), portfolio.OpenExisting())...)
}

// openPortfolioCalling opens the existing portfolio for a command that
// calls the service (plan, sync, a resolution to a typed id, serve,
// work): it needs the API key.
func (a *app) openPortfolioCalling(flag string, opts ...portfolio.Option) (*portfolio.Portfolio, error) {
	c, err := a.api()
	if err != nil {
		return nil, err
	}
	return a.openPortfolioWith(flag, c, append(slices.Clip(opts), portfolio.OpenExisting())...)
}

// openPortfolioCreating opens the portfolio, creating it if the
// database holds none: import's, the only command that creates one.
func (a *app) openPortfolioCreating(flag string, opts ...portfolio.Option) (*portfolio.Portfolio, error) {
	c, err := a.api()
	if err != nil {
		return nil, err
	}
	return a.openPortfolioWith(flag, c, opts...)
}

// openPortfolioWith opens (and migrates) the portfolio database with c
// and opts. The DSN's password, in whatever form, is a secret: it never
// reaches the output (every message shows the DSN through
// portfolio.RedactDSN, and the password is redacted from every line).
func (a *app) openPortfolioWith(flag string, c *registerdata.Client, opts ...portfolio.Option) (*portfolio.Portfolio, error) {
	dsn := a.portfolioDSN(flag)
	alerting, err := a.alertOptions() // the SMTP server and the workplace of alerts, from the environment
	if err != nil {
		return nil, err
	}
	opts = append(slices.Clip(opts), alerting...)
	for _, s := range portfolio.DSNSecrets(dsn) {
		a.addSecret(s)
	}
	p, err := portfolio.Open(a.ctx, dsn, c, opts...)
	switch {
	case errors.Is(err, portfolio.ErrNoPortfolio):
		return nil, a.noPortfolio(flag, dsn)
	case err != nil && !strings.HasPrefix(dsn, "sqlite:") && !strings.Contains(dsn, "://"):
		return nil, usagef("--db: %v", err) // the DSN's form is wrong: the error says which forms there are
	case err != nil:
		return nil, err
	}
	return p, nil
}

// noPortfolio is the error of a command given a database that holds no
// portfolio: which database (and where the DSN came from), and how to
// create one.
func (a *app) noPortfolio(flag, dsn string) error {
	from := "--db"
	switch {
	case flag != "":
	case a.getenv(envPortfolioDB) != "":
		from = "$" + envPortfolioDB
	default:
		from = "the default database (no --db, no $" + envPortfolioDB + ")"
	}
	shown := portfolio.RedactDSN(dsn)
	return usagef("%s %s holds no portfolio: check the DSN, or create the portfolio with \"registerdata portfolio import --db %s --in customers.csv\"",
		from, shown, shown)
}

// jsonLine writes v as one line of JSON on stdout, redacted like every
// other line (writeLine).
func (a *app) jsonLine(v any) error {
	b, err := json.Marshal(v)
	if err != nil {
		return err
	}
	return a.writeLine(b)
}
