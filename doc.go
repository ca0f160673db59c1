// Package registerdata is a Go client for the Company and Person Register
// Data Service: company records from the official German registers with
// their full history, company and person search, and change monitoring with
// signed webhooks, all billed in credits.
//
// # Where to start, by job
//
//	Job                  Entry point
//	look up a company    NewClient, then (*Client).GetCompany (owners: GetOwners, GetBeneficialOwners)
//	search               (*Client).SearchCompanies, SearchPersons, SearchInsolvencies; *Seq walks every page
//	bulk                 (*Client).GetCompaniesSeq (many ids at once, bounded concurrency, one budget)
//	match                (*Client).MatchCompany for one messy name, MatchCompaniesSeq for a list
//	ownership tree       (*Client).OwnershipTree (cross-holdings marked, depth and credits bounded)
//	changes              changes.Poll (compare against stored baselines) or changes.NewWatcher with (*Watcher).Seed
//	webhooks             (*Client).CreateMonitor, webhook.NewVerifier and webhook.Handler
//	the fake             fake.NewServer: the whole service in memory for tests (cmd registerfake serves it)
//	the dossier          registerdatareport.Build, then (*Dossier).WriteHTML (module registerdatareport)
//	the portfolio        portfolio.Open (module portfolio): import, monitor, journal and flag many companies
//	agents (MCP)         registerdatamcp.NewServer (module registerdatamcp)
//
// Create one Client and share it: it is safe for concurrent use.
//
//	c, err := registerdata.NewClient() // API key from $REGISTERDATA_API_KEY
//	co, err := c.GetCompany(ctx, "DE-HRB-F1103-267645", nil)
//
// Every call takes a context. Failed calls return an *APIError that
// matches a sentinel with errors.Is (ErrNotFound, ErrInsufficientCredits,
// ...). Requests the client can tell are wrong fail with an error wrapping
// ErrInvalidRequest before anything is sent, so they cost nothing. Among
// them are malformed ids: a company id must have the service's shape,
// COUNTRY-TYPE-COURT-NUMBER with an upper-case country ("NOPE" fails, see
// ParseCompanyID); a person id must be a UUID; every id must be one clean
// URL path segment ("../monitor", "a/b" and white space fail). Ids are
// case-sensitive, as the service writes them: a lower-case company id
// fails with the id spelled as the service spells it, rather than being
// changed silently. An id of the right shape that does not exist is the
// service's to answer (ErrNotFound).
//
// Every call is billed at the write: each time a request goes out (a
// retry, a redirect, a re-send after a lost connection) the service may
// bill it, so its price is first held in the credit budget
// (WithCreditBudget) and counted in CreditsSpent, which is never below
// what the service billed.
//
// Do calls endpoints the SDK does not model yet, under the same rules
// (key, retries, rate limit, budget, redirects); WithHeader adds a header
// to any call. WithObserver sees every call with its route template, for
// tracing and metrics (the registerdataotel module).
//
// The fake package runs the whole service in memory for tests; the
// webhook package verifies and handles monitor notifications.
package registerdata
