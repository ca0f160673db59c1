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
// # Search
//
// POST /v1/search/company and POST /v1/search/person search the whole
// register (curated, generated and changed companies; persons are the
// natural-person representatives, one per UUID) for 10 credits each,
// charged only on 200. Every part of the body is optional. Every field of
// filters.Fields works with the forms of its kind, one form per filter
// (a mixture is 400 naming the field): number and date min/max
// (inclusive) or value; enum value or values (any of); bool value
// "true"/"false"; text value or values (exact, case-insensitive) or
// keywords (every keyword a case-insensitive substring). Financial fields
// read the latest indicator year; a null figure never matches, and the 34
// extended indicators (ebitda, bank_debt, ...) have no figures yet. The
// query matches names word by word as prefixes; a location matches
// registered cities within the radius (km; 10 when left out). Person
// results always carry date_of_birth (null when unknown); city, and a
// company's country, address and purpose, may be null; countries are
// ISO 3166-1 alpha-2.
// Companies are ordered by name then id, persons by last name, first name
// then id. page starts at 1, per_page is 1 to 100 (defaults 1 and 10).
// An unknown field, a key that does not fit the field, a malformed value
// or bad pagination answers 400 naming the problem (at most 20 problems
// of a list, then a count), and costs nothing.
//
// # Request bodies and errors
//
// Every route that reads a body wants one JSON object in UTF-8, without
// unknown keys: null, an empty body, another JSON value or invalid UTF-8
// is 400 before anything is changed or charged (a body over 1 MiB is
// 413). Error messages speak of the JSON sent, never of the fake's Go
// types. Every answer that must not be retried (each 4xx but 408 and 429)
// carries "x-should-retry: false", the header the official clients
// honour, so a second create of a monitor (409) is not sent three times.
// The estimated_*, insolvency_risk and owner fields are derived from the
// record by documented rules (see the searchengine package of this
// module).
//
// # Monitors and webhooks
//
// POST, GET and DELETE /v1/monitor follow the specification's state
// table: one monitor per entity per key (a second create answers 409), 25
// credits for a weekly monitor and 50 for a daily one, charged again at
// each monthly anniversary while the monitor is enabled; a key whose plan
// lacks monitoring (SetMonitoringPlan) answers 403 to a create, and a
// downgrade disables its monitors, which stay listed with "disabled":
// true until re-enabled by EnableMonitors (the operator's action), not by
// an upgrade. UpdateCompany changes are classified into the preference
// categories and delivered at the monitor's next due check: weekly, daily
// with update_frequency daily, and for persons monthly plus daily for new
// companies. Deliveries are POSTs to the WithWebhookEndpoint address,
// signed Standard Webhooks style with its secret and the wall-clock time
// of sending (receivers verify against their own clock; the fake clock
// decides when checks are due and what detected_at says), timing out after 15 s
// and retried on anything but 2xx at 0 s, 5 s, 5 min, 30 min, 2 h, 5 h,
// 10 h and 10 h after each failure, with the same webhook-id. Every
// attempt is recorded (Deliveries). Clock.Advance returns after the
// attempts that fell due have been made, so tests need no sleeps.
//
// InspectorURL gives a request inspector served by the fake itself: it
// records what it receives and answers with the status given as
// ?force_status_code=NNN (200 otherwise), for exercising retries. It
// keeps the last 1000 requests of each of the 100 bins used most recently,
// within 32 MiB, dropping the oldest.
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
// routes need no API key and are never faulted or rate limited, so keep
// the fake on a loopback address (cmd/registerfake refuses another
// without -allow-remote). ControlRoutes lists them:
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
//	GET    /_fake/deliveries[?entity_id=id]      delivery records with their attempts
//	POST   /_fake/plan?key=k        {"monitoring": bool}: change the key's plan
//	POST   /_fake/monitors/enable?key=k  {"entity_id": id}: the operator's re-enable ("" for all)
//	PUT    /_fake/webhook           {"url", "secret"}: the dashboard's webhook setting
//	ANY    /_fake/inspector/{bin}[?force_status_code=NNN]  the request inspector
//	GET    /_fake/inspector/{bin}/requests  what it received; DELETE clears it
//
// The same controls exist as methods for Go tests (UpdateCompany,
// Clock().Advance, SetCredits, InjectFault, ...).
package fake
