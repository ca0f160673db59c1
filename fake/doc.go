// Package fake is an in-memory implementation of the Register Data
// Service for tests and local development: a real HTTP server on a
// loopback port that serves the service's endpoints from a curated
// register of fictional German companies, bills credits, limits rates
// and fails on request.
//
//	srv := fake.NewServer()
//	defer srv.Close()
//	c, _ := registerdata.NewClient(registerdata.WithBaseURL(srv.URL), registerdata.WithAPIKey(srv.APIKey))
//
// # What it serves
//
// GET /v1/company/{id} behaves as the specification says: 401 without a
// valid "Authorization: Bearer" key, 404 for an unknown id (and for ids
// the SDK would refuse to send), 400 for a query flag other than true or
// false, 402 when the key's credits are below the price, 10 credits (20
// with realtime=true) charged only when it answers 200, and export=true
// answering without sources. Every source is a presigned address of the
// fake itself that stops working DocumentURLValidity after the lookup, on
// the fake's clock. Error bodies are {"error": {"code", "message"}} with
// the codes listed as Code* constants, and every response carries an
// X-Request-Id header.
//
// # Register
//
// The curated register (data/companies.json, checked strictly when the
// server starts) holds companies that together use every field and every
// enum value of the specification, among them DE-HRB-F1103-267645,
// Nordlicht Solartechnik GmbH, a company with a full history. WithGenerated
// adds any number of deterministic synthetic companies. UpdateCompany and
// AddCompany change the register; features that watch it (search index,
// monitors) see each change synchronously.
//
// # Time
//
// The server runs on a Clock: WithClock(fake.NewClock(start)) gives one
// that stands still until Advance, so expiry, rate limits and monitor
// schedules are tested without sleeping.
//
// # Test controls
//
// Tests in any language drive the fake over HTTP under /_fake/. These
// routes need no API key (the server listens on loopback only) and are
// never faulted or rate limited:
//
//	GET    /_fake/companies/{id}   the stored record, without sources
//	PATCH  /_fake/companies/{id}   apply a JSON Merge Patch (RFC 7386); 400 changes nothing
//	GET    /_fake/clock            {"now": "..."}
//	POST   /_fake/clock/advance    {"seconds": n}
//	GET    /_fake/credits[?key=k]  {"credits": n} of the seeded key or k
//	PUT    /_fake/credits[?key=k]  {"credits": n}; a new k becomes a valid key
//	GET    /_fake/faults           the pending faults
//	POST   /_fake/faults           {"path_prefix", "count", "status", "retry_after_seconds", "drop", "latency_ms"}
//	DELETE /_fake/faults           clear them
//
// The same controls exist as methods for Go tests (UpdateCompany,
// Clock().Advance, SetCredits, InjectFault, ...).
package fake
