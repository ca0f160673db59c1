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
// # Where to start, by job
//
//	Job                               Entry point
//	test code that calls the service  NewServer (Listen for an address of your choice), then a client with WithBaseURL(srv.URL) and WithAPIKey(srv.APIKey)
//	mount it in a server of your own  (*Server).Handler
//	serve it to another language      cmd/registerfake, driven over HTTP by the /_fake/ routes (see Test controls)
//	change the register               (*Server).UpdateCompany, AddCompany, SetOwners, AddInsolvencyEvent
//	serve your own register           WithData (files in the service's answer shapes), WithoutCurated (see Your own register)
//	more or harder companies          WithGenerated (any number), WithHardCases (hard to match)
//	an autocomplete without spellings WithExactNames (names found by their words as written, as the search does)
//	the same answers on every run     WithSeed with WithClock (see Snapshots and reproducible runs)
//	know the curated companies        CuratedRegister, WriteCuratedRegister (the table under Register)
//	credits and plans                 WithCredits, (*Server).SetCredits, Credits, CreditUsage, SetPaidPlan, SetMonitoringPlan, WithoutMonitoring, SetTransparencyAccess
//	monitors and webhooks             WithWebhookEndpoint, (*Server).Deliveries, InspectorURL (see Monitors and webhooks)
//	time                              WithClock(NewClock(start)), then (*Clock).Advance: expiry and deliveries without sleeping
//	test a receiver or a portfolio    WithScenario (registerfake -scenario): register events that fire signed deliveries (see Scenarios)
//	failures and slowness             (*Server).InjectFault with a Fault, WithLatency, WithRateLimit
//	save and restore a state          (*Server).Snapshot, WithSnapshot
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
// The curated register (data/companies.json, checked strictly by the
// package's tests and compiled into the package, so a start decodes no
// JSON) holds companies that together use every field and every
// enum value of the specification, among them DE-HRB-F1103-267645,
// Nordlicht Solartechnik GmbH, a company with a full history. WithGenerated
// adds any number of deterministic synthetic companies. UpdateCompany and
// AddCompany change the register; features that watch it (search index,
// monitors) see each change synchronously.
//
// The curated companies, and what each is there for (its legal form,
// register and status, then what sets it apart); CuratedRegister returns
// the list, registerfake -list prints it, and a test keeps this table
// equal to the data:
//
//	ID                   NAME                                                     SHOWS
//	DE-HRB-F1103-267645  Nordlicht Solartechnik GmbH                              gmbh, HRB, active; 1 former name; 1 former address; 1 company as representative; acquisitions; spin-offs; profit transfer; financials (4 years); LEI
//	DE-HRB-D2601-198433  Helios Energie Holding AG                                ag, HRB, active; 1 former name; 1 former address; financials (3 years); LEI
//	DE-HRB-F1103-301122  Sonnenwerk Montage GmbH                                  gmbh, HRB, inactive; merged; terminated
//	DE-HRB-F1103-315870  Nordlicht Service GmbH                                   gmbh, HRB, active; 1 company as representative; profit transfer
//	DE-HRA-K1101-104552  Hanseatische Kaffeerösterei Thomas Brandt e.K.           ek, HRA, active
//	DE-HRA-R3306-28817   Rheinkiesel Baustoffe GmbH & Co. KG                      kg, HRA, active; 1 company as representative; financials (1 year)
//	DE-HRB-R3306-41209   Rheinkiesel Verwaltungs-GmbH                             gmbh, HRB, active
//	DE-HRA-M1201-51073   Wagner & Sohn Metallbau OHG                              ohg, HRA, active; 1 former name
//	DE-PR-K1101-1187     Lindqvist Kramer Architekten Partnerschaft mbB           unknown, PR, active
//	DE-GnR-B8534-873     Weinbaugenossenschaft Remstal eG                         eg, GnR, active
//	DE-VR-K1101-17310    Turn- und Sportverein Elbauen von 1908 e.V.              ev, VR, active
//	DE-HRB-U1308-38821   Lichtblick Kinder- und Jugendhilfe gGmbH                 ggmbh, HRB, active; financials (1 year)
//	DE-HRB-D3310-30416   Alte Mühle Gastronomie GmbH i.L.                         gmbh, HRB, liquidation; 1 former name; insolvency: mass_insufficient
//	DE-HRB-T3104-61402   Pfalzblick Logistik GmbH                                 gmbh, HRB, active; insolvency: opened, lifted; financials (1 year)
//	DE-HRB-B8535-74188   Stadtgrün Lieferdienst UG (haftungsbeschränkt)           ug, HRB, active; insolvency: preliminary
//	DE-HRB-R1101-55930   Brennwert Heiztechnik GmbH                               gmbh, HRB, inactive; insolvency: rejected_no_assets, discontinued; terminated
//	DE-HRB-P2305-20977   Kessler Maschinenbau GmbH                                gmbh, HRB, active; insolvency: plan_supervised, unknown; financials (2 years)
//	DE-HRA-X1517-7045    Fahrradwerkstatt Lenz e.K.                               ek, HRA, active; insolvency: discharge_pending, discharge_granted
//	DE-HRA-U1104-11893   Elektro Yılmaz e.K.                                      ek, HRA, inactive; insolvency: discharge_denied, discharge_revoked; terminated
//	DE-HRB-K1101-170234  Vantara Logistics SE                                     se, HRB, active; acquisitions; financials (2 years); LEI
//	DE-HRB-D2601-251907  Brightwater Systems Inc. Zweigniederlassung Deutschland  foreign, HRB, active; 1 company as representative
//	DE-HRA-R1101-39284   Ashdown Clarke LLP Zweigniederlassung Düsseldorf         llp, HRA, active; 1 company as representative
//	DE-HRA-D2304-3311    Alpenrhein Tourismus EWIV                                ewiv, HRA, active; 2 companies as representatives
//	DE-HRB-D2601-8734    Brauerei Grünwald KGaA                                   kgaa, HRB, active; 1 company as representative
//	DE-HRA-B8534-9120    Stadtwerke Talheim Eigenbetrieb der Stadt Talheim        municipal, HRA, active
//	DE-HRA-B8534-14557   Weingut Hofmann Geschwister GbR                          gbr, HRA, active
//	DE-HRB-K1101-99812   Hafenkontor Spedition GmbH                               gmbh, HRB, inactive; merged; terminated
//
// # Your own register
//
// WithData (registerfake -data DIR) loads companies, owners, persons,
// financials and insolvency proceedings from files in the service's own
// answer shapes, so a team's own customers, directors and owners become
// the fake's register:
//
//	DIR/companies/{company id}.json     what GET /v1/company/{id} answers
//	DIR/owners/{company id}.json        what GET /v1/company/{id}/owners answers
//	DIR/persons/{person id}.json        what GET /v1/person/{id} answers
//	DIR/financials/{company id}.json    what GET /v1/company/{id}/financials answers
//	DIR/insolvencies/{id}.json          what GET /v1/insolvency/{id} answers
//	DIR/companies.jsonl, owners.jsonl, persons.jsonl, financials.jsonl,
//	insolvencies.jsonl                  the same, one answer per line
//	                                    (a financials line adds "company_id")
//
// A file is named after the id it holds; sources (presigned addresses) may
// be left in or out, the fake issues its own. Everything else is derived
// as for the curated register: the search indexes, holdings (the inverse
// of owners), beneficial owners, person records and listings, ownership
// history. A company without an owners file has owners read off its
// representation; a persons file fills the details (names, city, date of
// birth) its representation entries lack and must agree with the rest; a
// financials file is served instead of the derived reports (and read by
// the financial search filters) and must agree with the company's
// indicators; a proceeding is served as given and must agree with its
// company's insolvencies entry. The data is added to the curated register
// (a company with a curated id replaces it); WithoutCurated (registerfake
// -curated=false) makes it the whole register. A mistake fails the start
// with a *DataError naming the file, the JSON path and what is wrong.
// fake/testdata/example-register in the repository is a complete small
// example.
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
// extended indicators (ebitda, bank_debt, ...) read the latest year of
// GET /v1/company/{id}/financials, so search and financials agree. The
// query matches names word by word as prefixes; a location matches
// registered cities within the radius (km; 10 when left out). Person
// search lists only persons with a known date of birth (the same GET
// /v1/person/{id} answers), so date_of_birth is always a date; city, and a
// company's country, address and purpose, may be null; countries are
// ISO 3166-1 alpha-2.
// Companies are ordered by name then id, persons by last name, first name
// then id. page starts at 1, per_page is 1 to 100 (defaults 1 and 10).
// An unknown field, a key that does not fit the field, a malformed value
// or bad pagination answers 400 naming the problem (at most 20 problems
// of a list, then a count), and costs nothing.
//
// # Financials, documents, contact, autocomplete and credits
//
// GET /v1/company/{id}/financials derives each company's reports from its
// indicator summaries on request (nothing is stored per company): one
// indicator year and one report per summary, newest first, the summary's
// 13 figures unchanged, the other figures derived deterministically, the
// balance sheet and profit-and-loss trees laid out after the German
// commercial code, each report's html_url presigned for
// ReportURLValidity. GET /v1/document/{id} answers an entry of a
// company's documents with a URL valid for CachedDocumentURLValidity;
// GET /v1/document fetches a printout, the structured information (XML)
// or the latest shareholder list or articles of association (404 without
// one), valid for RealtimeDocumentURLValidity. The files are small PDFs
// generated by the fake, refused with 403 once expired on the fake clock.
// GET /v0/company/{id}/contact answers the record's contact data (404
// without a website); GET /v0/search/lookup?url= finds the company by its
// website, ignoring scheme, "www.", case and trailing slashes (404 for an
// unknown site). These cost 10 credits each, charged only on 200.
// GET /v1/autocomplete/company?query= answers up to AutocompleteLimit
// companies from a prefix index over name words, for nothing. GET
// /v1/credits reports exactly what the fake billed the key in the
// current period (CreditUsage; SetPaidPlan for a paid plan with overage).
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
// lacks monitoring (SetMonitoringPlan; WithoutMonitoring for the seeded
// key, as monitoring is early access at the service) answers 403 to a
// create, unbilled, and a
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
// # Ownership and persons
//
// GET /v1/company/{id}/owners, /ubo, /owners/historical, /holdings and
// GET /v1/person/{id} and /v1/person/{id}/holdings serve an ownership
// register (10 credits each, charged only on 200). Curated companies
// (data/owners.json) have chains of owners several companies deep, a
// GmbH & Co. KG with limited partners, an AG and an SE holding each other
// (their owners served only with best_available=true, 404 without),
// foreign, public and foundation owners, and people who own or manage
// several companies; every other company's owners are read off its
// representation (stake roles, equal shares). Beneficial owners are
// computed by the GwG rule, holdings are the inverse of owners (fraction
// scale), a person's management positions are the representation entries
// naming them, and the history records every SetOwners. Owner changes
// reach monitors as ownership (the company) and holdings (the owners).
//
// Owners, beneficial owners and historical owners are served for the
// legal forms the service documents only (registerdata.OwnersAvailable,
// BeneficialOwnersAvailable, OwnershipHistoryAvailable): owners for a
// GmbH, KG, e.K., GbR (a GbR of the register is an eGbR) and OHG, an AG
// or SE with best_available=true; beneficial owners for a GmbH, gGmbH,
// UG and KG; historical owners for a GmbH. Any other form answers 404,
// unbilled (the service's docs give no status), with the code not_found,
// a message naming the supported forms ("the service publishes
// beneficial owners for GmbH, gGmbH, UG and KG companies only;
// DE-HRA-... is an OHG") and the company's form in error.legal_form,
// which registerdata.UnsupportedLegalForm reads. A company of form
// "unknown" is served. The control endpoint GET /_fake/companies/{id}/owners
// serves every form.
//
// The ownership history answers as the service documents it: while a
// company's history is still processing, 202 with Retry-After: 30 and a
// {"status": "processing", "message": ...} body, unbilled; then 200 with
// the history, billed. By default every history is ready at once;
// WithHistoryProcessing(n) (registerfake -history-processing n, PUT
// /_fake/history/processing) makes the first n requests of each company's
// history answer 202. The count is per company for the whole server,
// whatever API key asks, since the service prepares a history once; only
// requests of a known company count. It is not part of a snapshot.
//
// # Insolvency proceedings and the Transparenzregister
//
// GET /v1/insolvency/{id} and POST /v1/search/insolvency serve a
// proceeding for every entry of every company's insolvencies, agreeing
// with it (status, court, case number, kinds, dates), and three
// proceedings of natural persons; AddInsolvencyEvent publishes an event,
// moves the status and the company's summary, and reaches monitors with
// the insolvencies preference. POST /v1/transparenzregister/credentials
// answers 201 and keeps logins per API key (only a hash of the password;
// 401 for a password the register rejects, 409 beyond
// MaxTransparencyCredentialSets); extracts need stored credentials (404
// without) or X-Credential-Name: sandbox (free, the test EKRN), count
// against the 30-day quota (WithExtractQuota, 429 beyond it), answer 202
// to GET while processing, complete after TransparencyExtractDelay on the
// clock with the computed beneficial owners, and fail, report a
// discrepancy or answer 409 as ambiguous where SetTransparencyOutcome says
// so (inactive companies fail). SetTransparencyAccess (402 or 403) and
// SetTransparencyLoginLocked (403) stand for the account's plan and the
// register's account state.
//
// # Snapshots and reproducible runs
//
// srv.Snapshot(w) (GET /_fake/snapshot) writes the whole state: the
// register with every change, the accounts and credits, the monitors,
// the pending deliveries with their retry schedule, the Transparenzregister
// extracts, the faults and the clock. WithSnapshot(r) (registerfake
// -snapshot FILE, which also writes FILE at shutdown) starts a fake that
// answers every endpoint as the saved one did and goes on the same way.
// The format is versioned (SnapshotVersion); the webhook secret is not
// saved. WithSeed(n) makes webhook ids, presigned signatures and the
// draws of probabilistic faults the same on every run.
//
// # Scenarios
//
// WithScenario(name) (registerfake -scenario NAME, listed with
// -list-scenarios) plays a named sequence of register events on the fake
// clock against a company the seed picks among those that fit
// (WithSeed: the same seed, the same company and details): an insolvency
// opened and its stages (insolvency), the last managing director leaving
// (director-leaves), a new owner abroad (owner-abroad), a liquidation
// (liquidation), a rename and a move (rename-move), accounts overdue
// (accounts-overdue). Each event changes the register as UpdateCompany,
// SetOwners and AddInsolvencyEvent do, so lookups answer the new state,
// and monitors of the company deliver it, signed, at their next check.
// Scenarios lists them with their offsets; ActiveScenario (GET
// /_fake/scenario) says which company was picked and which events
// happened. It is the way to test a webhook receiver or a whole
// portfolio end to end: monitor the company, advance the clock, and the
// deliveries arrive before the advance returns.
//
// # Faults and latency
//
// InjectFault (POST /_fake/faults) makes requests fail: the next Count
// matching ones, or with Probability each matching one (Fault{PathPrefix:
// "/v1/company/", Probability: 0.05, Status: 503}: 5 % of company
// lookups); SetLatency (PUT /_fake/latency) makes every call wait, such as
// 20-80 ms. Latencies are wall time, drawn from the seeded source.
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
// without -allow-remote). So that a web page open in a browser cannot
// use them, they answer only requests addressed to a loopback host
// (localhost, 127.0.0.1, [::1]; a 403 for another Host or Origin: DNS
// rebinding) unless WithControlHosts names the host, and take bodies
// only as JSON (a 415 for the text/plain or form POST a page of another
// site can send). The delivery log keeps the latest DefaultDeliveryLog
// records (WithDeliveryLog), counting the ones dropped
// (DroppedDeliveries, the X-Dropped-Deliveries header of GET
// /_fake/deliveries). ControlRoutes lists them:
//
//	GET    /_fake/companies/{id}   the stored record, without sources
//	PATCH  /_fake/companies/{id}   apply a JSON Merge Patch (RFC 7386); 400 changes nothing
//	GET    /_fake/clock            {"now": "..."}
//	POST   /_fake/clock/advance    {"seconds": n}
//	GET    /_fake/credits[?key=k]  {"credits": n} of the seeded key or k
//	PUT    /_fake/credits[?key=k]  {"credits": n}; a new k becomes a valid key
//	GET    /_fake/faults           the pending faults
//	POST   /_fake/faults           {"path_prefix", "method", "count", "probability", "status", "retry_after_seconds", "drop", "latency_ms", "latency_max_ms"}
//	DELETE /_fake/faults           clear them
//	GET    /_fake/snapshot         the whole state: Snapshot, for WithSnapshot and registerfake -snapshot
//	GET    /_fake/latency          {"min_ms", "max_ms"}: the latency of every call
//	PUT    /_fake/latency          {"min_ms", "max_ms"}: SetLatency (0, 0: none)
//	GET    /_fake/deliveries[?entity_id=id]      delivery records with their attempts
//	POST   /_fake/plan?key=k        {"monitoring": bool}: change the key's plan
//	POST   /_fake/monitors/enable?key=k  {"entity_id": id}: the operator's re-enable ("" for all)
//	PUT    /_fake/webhook           {"url", "secret"}: the dashboard's webhook setting
//	ANY    /_fake/inspector/{bin}[?force_status_code=NNN]  the request inspector
//	GET    /_fake/inspector/{bin}/requests  what it received; DELETE clears it
//	GET    /_fake/companies/{id}/owners     the current owners, for any legal form, unbilled
//	PUT    /_fake/companies/{id}/owners     [owners...] or {"owners": [...]}: SetOwners; PATCH the same
//	GET    /_fake/persons                   {"persons": [uuid, ...]}: every person of the register
//	GET    /_fake/history/processing        {"requests": n, "remaining": {id: n}}: the 202s of the ownership histories
//	PUT    /_fake/history/processing        {"requests": n[, "company_id": id]}: SetHistoryProcessing (SetCompanyHistoryProcessing)
//	POST   /_fake/insolvencies/{id}/events  {"event_type": ...}: AddInsolvencyEvent
//	PUT    /_fake/transparenzregister/{company_id}  {"outcome": "fail" | "discrepancy" | "ambiguous" | "normal"}
//	GET    /_fake/transparenzregister/documents/{id}/{file}  a document of a completed extract
//	GET    /_fake/scenario                  the scenario played: its company, its events and which happened
//
// The same controls exist as methods for Go tests (UpdateCompany,
// Clock().Advance, SetCredits, InjectFault, SetOwners, Persons, AddInsolvencyEvent,
// SetTransparencyOutcome, SetHistoryProcessing, ...).
package fake
