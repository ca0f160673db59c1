package fake

// ControlRoute is one test control under /_fake/: Method is empty for a
// route that takes any method.
type ControlRoute struct {
	// Method is the HTTP method, or "" for any.
	Method string
	// Path is the route's path pattern ("/_fake/companies/{id}").
	Path string
	// Doc says what the route does and what it takes.
	Doc string
}

// controlRouteList is the one list of the test controls, for help texts
// (cmd/registerfake -h); a test checks it against the routes registered.
var controlRouteList = []ControlRoute{
	{"GET", "/_fake/companies/{id}", "the stored record, without sources"},
	{"PATCH", "/_fake/companies/{id}", "apply a JSON Merge Patch (RFC 7386); 400 changes nothing"},
	{"GET", "/_fake/clock", `{"now": "..."}`},
	{"POST", "/_fake/clock/advance", `{"seconds": n}: advance the clock, run what falls due`},
	{"GET", "/_fake/credits", `{"credits": n} of the seeded key, or of ?key=k`},
	{"PUT", "/_fake/credits", `{"credits": n}; a new ?key=k becomes a valid key`},
	{"GET", "/_fake/faults", "the pending faults"},
	{"POST", "/_fake/faults", `{"path_prefix", "method", "count", "probability", "status", "retry_after_seconds", "drop", "latency_ms", "latency_max_ms"}`},
	{"DELETE", "/_fake/faults", "clear the pending faults"},
	{"GET", "/_fake/snapshot", "the whole state as a snapshot, for WithSnapshot or registerfake -snapshot"},
	{"GET", "/_fake/latency", `{"min_ms", "max_ms"}: the latency of every call`},
	{"PUT", "/_fake/latency", `{"min_ms", "max_ms"}: every call waits a latency drawn from min to max ms (0, 0: none)`},
	{"GET", "/_fake/deliveries", "webhook delivery records with their attempts (?entity_id=id)"},
	{"POST", "/_fake/plan", `{"monitoring": bool}: change the plan of the seeded key, or of ?key=k`},
	{"POST", "/_fake/monitors/enable", `{"entity_id": id}: the operator's re-enable ({} for all; ?key=k)`},
	{"PUT", "/_fake/webhook", `{"url", "secret"}: the dashboard's webhook setting`},
	{"", "/_fake/inspector/{bin}", "the request inspector: records any request (?force_status_code=NNN)"},
	{"GET", "/_fake/inspector/{bin}/requests", "what the bin received, oldest first"},
	{"DELETE", "/_fake/inspector/{bin}/requests", "forget what the bin received"},
	// The ownership register.
	{"GET", "/_fake/companies/{id}/owners", "the stored owners of the company"},
	{"PUT", "/_fake/companies/{id}/owners", `a JSON array of owners, or {"owners": [...]}: SetOwners`},
	{"PATCH", "/_fake/companies/{id}/owners", `as PUT: the owner list is replaced whole`},
	{"GET", "/_fake/persons", `{"persons": [...]}: the ids of every person of the register`},
	{"GET", "/_fake/history/processing", `{"requests": n, "remaining": {id: n}}: how many requests of each ownership history answer 202`},
	{"PUT", "/_fake/history/processing", `{"requests": n} (optionally "company_id"): the first n requests of each (that) company's ownership history answer 202, unbilled`},
	// Insolvency proceedings and the Transparenzregister.
	{"POST", "/_fake/insolvencies/{id}/events", `an InsolvencyEvent ({"event_type": ...} at least): AddInsolvencyEvent; 201 with the proceeding`},
	{"PUT", "/_fake/transparenzregister/{company_id}", `{"outcome": "fail" | "discrepancy" | "ambiguous" | "normal"}: what extracts of the company do`},
	{"GET", "/_fake/transparenzregister/documents/{id}/{file}", "a document of a completed Transparenzregister extract"},
	// Scenarios.
	{"GET", "/_fake/scenario", "the scenario the fake plays (-scenario): its company, its events with their times, which happened"},
}

// ControlRoutes lists the test controls under /_fake/, in the order of
// the package documentation. They need no API key: anyone who can reach
// the server can change its register, clock, credits and webhook target.
func ControlRoutes() []ControlRoute { return append([]ControlRoute(nil), controlRouteList...) }
