package main

import (
	"encoding/json"
	"log/slog"
	"net/url"
	"strings"

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
			portfolioReport(),
		},
	}
}

// dbFlag declares --db on fs; its value is resolved by (*app).openPortfolio.
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

// openPortfolio opens (and migrates) the portfolio database with the
// command's client and opts. The DSN's password, if any, is a secret: it
// never reaches the output.
func (a *app) openPortfolio(flag string, opts ...portfolio.Option) (*portfolio.Portfolio, error) {
	dsn := a.portfolioDSN(flag)
	if u, err := url.Parse(dsn); err == nil && u.User != nil {
		if pw, ok := u.User.Password(); ok {
			a.addSecret(pw)
		}
	}
	c, err := a.api()
	if err != nil {
		return nil, err
	}
	p, err := portfolio.Open(a.ctx, dsn, c, opts...)
	if err != nil {
		if !strings.HasPrefix(dsn, "sqlite:") && !strings.Contains(dsn, "://") {
			return nil, usagef("--db %s: %v", dsn, err)
		}
		return nil, err
	}
	return p, nil
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

// workLogger is the log of a process that works the portfolio's queue
// (serve, work): what the workers cannot do now and will try again (the
// database unavailable, a job it went away from) goes to stderr, where an
// operator sees it, redacted like every other line.
func (a *app) workLogger() portfolio.Option {
	return portfolio.WithLogger(slog.New(slog.NewTextHandler(a.stderr, &slog.HandlerOptions{Level: slog.LevelWarn})))
}
