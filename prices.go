package registerdata

import (
	"fmt"
	"maps"
	"slices"
	"strings"

	"github.com/registerdata/registerdata-go/enums"
)

// Prices is the table of what the service bills for each of its
// operations, in credits, and where each figure comes from. It is the one
// place the SDK knows a price: the client's credit budget and
// CreditsSpent, every estimate (MatchBatch's, OwnershipTree's, the
// dossier's and the portfolio's plans, the CLI's --budget messages) and
// the fake's billing read it. When the service changes a price, one Set
// says so:
//
//	p := registerdata.DefaultPrices()
//	p.Set("GET /v1/company/{company_id}/ubo", 30)
//	c, err := registerdata.NewClient(registerdata.WithPrices(p))
//
// Routes are written as CallInfo.Route writes them: the method, a space
// and the path template of api/openapi.yaml. A route the table does not
// hold (an endpoint sent with Client.Do that the SDK does not model)
// costs UnpublishedPrice.
//
// Some operations have a second price, a variant: a lookup with
// realtime=true (VariantRealtime), a daily monitor (VariantDaily) and the
// monthly charges of an active monitor (VariantMonthly,
// VariantMonthlyDaily), a sandbox Transparenzregister extract
// (VariantSandbox). A variant the table does not give costs the route's
// price.
//
// A Prices is not safe for concurrent modification; WithPrices and
// fake.WithPrices take a copy, so changing p afterwards changes neither.
// The zero value is an empty table (every route at UnpublishedPrice);
// use DefaultPrices.
type Prices struct {
	routes map[string]priceEntry
	err    error // the first Set that was refused, reported by WithPrices
}

// priceEntry is one route's price, its variants and its source.
type priceEntry struct {
	credits  int64
	variants map[PriceVariant]int64
	source   string
}

// PriceVariant names a second price of an operation (see Prices).
type PriceVariant string

// The variants of the service's prices.
const (
	// VariantRealtime: a company lookup or an owner list with realtime=true.
	VariantRealtime PriceVariant = "realtime"
	// VariantDaily: POST /v1/monitor with update_frequency=daily.
	VariantDaily PriceVariant = "daily"
	// VariantMonthly: each month a weekly monitor is active
	// (route "POST /v1/monitor").
	VariantMonthly PriceVariant = "monthly"
	// VariantMonthlyDaily: each month a daily monitor is active
	// (route "POST /v1/monitor").
	VariantMonthlyDaily PriceVariant = "monthly daily"
	// VariantSandbox: a Transparenzregister extract of the sandbox
	// (X-Credential-Name: sandbox, the test EKRN).
	VariantSandbox PriceVariant = "sandbox"
)

// UnpublishedPrice is the price of an operation whose price the service
// publishes nowhere, as DESIGN decides it (10 credits): what Prices gives
// a route it does not hold, and what Do holds in the budget and counts
// per successful attempt for such a route unless WithCost says otherwise.
const UnpublishedPrice = 10

// The sources of the prices of DefaultPrices.
const (
	docsBase          = "https://docs.openregister.de/endpoint/"
	sourceSeed        = "seed (SPEC.md, Limits)"
	sourceUnpublished = "unpublished (DESIGN: %d)"
)

// defaultPrices is the service's price table as its documentation
// (SPEC-DOCS, section G), the seed and DESIGN's defaults for unpublished
// prices give it. Each line says where its figure comes from.
var defaultPrices = map[string]priceEntry{
	"GET /v1/company/{company_id}": {credits: 10, variants: map[PriceVariant]int64{VariantRealtime: 20},
		source: sourceSeed + ": 10, and 10 more with realtime=true"},
	"GET /v1/company/{company_id}/owners": {credits: 10, variants: map[PriceVariant]int64{VariantRealtime: 20},
		source: docsBase + "company-owners"},
	"GET /v1/company/{company_id}/ubo": {credits: 25, source: docsBase + "company-ubo"},
	"GET /v1/company/{company_id}/owners/historical": {credits: 25,
		source: docsBase + "company-historical-owners (billed only on 200; a 202 while processing is not)"},
	"GET /v1/company/{company_id}/financials": {credits: 10, source: fmt.Sprintf(sourceUnpublished, 10)},
	"GET /v1/company/{company_id}/holdings":   {credits: 10, source: fmt.Sprintf(sourceUnpublished, 10)},
	"GET /v0/company/{company_id}/contact":    {credits: 10, source: fmt.Sprintf(sourceUnpublished, 10)},
	"POST /v1/search/company":                 {credits: 10, source: sourceSeed + ", per page"},
	"POST /v1/search/person":                  {credits: 10, source: sourceSeed + ", per page"},
	"POST /v1/search/insolvency":              {credits: 10, source: fmt.Sprintf(sourceUnpublished, 10) + ", per page"},
	"GET /v0/search/lookup":                   {credits: 10, source: fmt.Sprintf(sourceUnpublished, 10)},
	"GET /v1/autocomplete/company": {credits: 0,
		source: fmt.Sprintf(sourceUnpublished, 0) + "; the documentation lists 402 among its answers (https://docs.openregister.de/integration/spec)"},
	"POST /v1/monitor": {credits: 25,
		variants: map[PriceVariant]int64{VariantDaily: 50, VariantMonthly: 25, VariantMonthlyDaily: 50},
		source: sourceSeed + ": 25 weekly, 50 daily, and as much each month; the documentation's two copies disagree " +
			"(10 at " + docsBase + "monitor-create, 50 at https://openregister.mintlify.app/endpoint/monitor-create), so the seed's figure stays"},
	"GET /v1/monitor":                          {credits: 0, source: "https://openregister.mintlify.app/endpoint/monitor-list"},
	"DELETE /v1/monitor/{entity_id}":           {credits: 0, source: docsBase + "monitor-delete"},
	"GET /v1/document":                         {credits: 10, source: fmt.Sprintf(sourceUnpublished, 10)},
	"GET /v1/document/{document_id}":           {credits: 10, source: fmt.Sprintf(sourceUnpublished, 10)},
	"GET /v1/credits":                          {credits: 0, source: fmt.Sprintf(sourceUnpublished, 0)},
	"GET /v1/person/{person_id}":               {credits: 10, source: fmt.Sprintf(sourceUnpublished, 10)},
	"GET /v1/person/{person_id}/holdings":      {credits: 10, source: fmt.Sprintf(sourceUnpublished, 10)},
	"GET /v1/insolvency/{insolvency_id}":       {credits: 10, source: fmt.Sprintf(sourceUnpublished, 10)},
	"POST /v1/transparenzregister/credentials": {credits: 0, source: docsBase + "transparenzregister-credentials"},
	"POST /v1/transparenzregister/extracts": {credits: 25, variants: map[PriceVariant]int64{VariantSandbox: 0},
		source: "unconfirmed: 25 from the pre-release page " + docsBase + "transparenzregister-request; " +
			"sandbox 0 (" + docsBase + "transparenzregister-extract-create)"},
	"GET /v1/transparenzregister/extracts/{extract_id}": {credits: 0, source: docsBase + "transparenzregister-extract-get"},
}

// DefaultPrices returns a copy of the service's price table: every
// operation of api/openapi.yaml, with the figure of the service's
// documentation where it gives one, else the seed's, else DESIGN's
// default for an unpublished price (Source says which).
func DefaultPrices() *Prices {
	p := &Prices{routes: make(map[string]priceEntry, len(defaultPrices))}
	for r, e := range defaultPrices {
		p.routes[r] = e.clone()
	}
	return p
}

func (e priceEntry) clone() priceEntry {
	e.variants = maps.Clone(e.variants)
	return e
}

// Clone returns a copy of p that shares nothing with it.
func (p *Prices) Clone() *Prices {
	if p == nil {
		return &Prices{}
	}
	out := &Prices{routes: make(map[string]priceEntry, len(p.routes)), err: p.err}
	for r, e := range p.routes {
		out.routes[r] = e.clone()
	}
	return out
}

// Of is the price of one billed answer of route: its realtime variant
// when realtime is true and the route has one, else its price. A route
// the table does not hold costs UnpublishedPrice.
func (p *Prices) Of(route string, realtime bool) int64 {
	if realtime {
		return p.OfVariant(route, VariantRealtime)
	}
	return p.OfVariant(route, "")
}

// OfVariant is the price of route's variant v ("" for the route's own
// price); a variant the route does not have costs the route's price.
func (p *Prices) OfVariant(route string, v PriceVariant) int64 {
	if p == nil {
		return UnpublishedPrice
	}
	e, ok := p.routes[route]
	if !ok {
		return UnpublishedPrice
	}
	if n, ok := e.variants[v]; ok && v != "" {
		return n
	}
	return e.credits
}

// Set sets the price of route (as CallInfo.Route writes it, such as
// "GET /v1/company/{company_id}/ubo") to credits, keeping its variants.
// A negative price or a route without a method and a path is refused:
// WithPrices and fake.WithPrices then report it.
func (p *Prices) Set(route string, credits int64) {
	p.set(route, "", credits)
}

// SetRealtime sets the price of route with realtime=true.
func (p *Prices) SetRealtime(route string, credits int64) {
	p.set(route, VariantRealtime, credits)
}

// SetVariant sets the price of route's variant v.
func (p *Prices) SetVariant(route string, v PriceVariant, credits int64) {
	if v == "" {
		p.set(route, "", credits)
		return
	}
	p.set(route, v, credits)
}

func (p *Prices) set(route string, v PriceVariant, credits int64) {
	if p == nil {
		return
	}
	method, path, ok := strings.Cut(route, " ")
	switch {
	case !ok || method == "" || !strings.HasPrefix(path, "/") || strings.ContainsAny(path, " \t\n"):
		p.refuse(fmt.Errorf("%w: Prices: route %q: want a method, a space and a path template, such as \"GET /v1/company/{company_id}/ubo\"", ErrInvalidRequest, route))
		return
	case credits < 0:
		p.refuse(fmt.Errorf("%w: Prices: %s costs %d credits: want 0 or more", ErrInvalidRequest, route, credits))
		return
	}
	if p.routes == nil {
		p.routes = map[string]priceEntry{}
	}
	e, known := p.routes[route]
	if !known {
		e = priceEntry{credits: UnpublishedPrice}
	}
	e = e.clone()
	what := "price"
	if v == "" {
		e.credits = credits
	} else {
		if e.variants == nil {
			e.variants = map[PriceVariant]int64{}
		}
		e.variants[v] = credits
		what = string(v) + " price"
	}
	if known {
		e.source = fmt.Sprintf("set: %s %d (before: %s)", what, credits, e.source)
	} else {
		e.source = fmt.Sprintf("set: %s %d", what, credits)
	}
	p.routes[route] = e
}

func (p *Prices) refuse(err error) {
	if p.err == nil {
		p.err = err
	}
}

// Err reports the first Set, SetRealtime or SetVariant p refused, or nil.
func (p *Prices) Err() error {
	if p == nil {
		return nil
	}
	return p.err
}

// Source says where route's price comes from: the documentation page's
// address (with what it says of variants and unbilled answers), "seed"
// for the service specification's Limits table, "unpublished (DESIGN:
// n)" for DESIGN's default where nothing publishes one, or "set: ..." for
// a price changed with Set. A route the table does not hold gives
// "unpublished (DESIGN: 10)".
func (p *Prices) Source(route string) string {
	if p != nil {
		if e, ok := p.routes[route]; ok {
			return e.source
		}
	}
	return fmt.Sprintf(sourceUnpublished, UnpublishedPrice)
}

// Routes returns the routes p holds, sorted.
func (p *Prices) Routes() []string {
	if p == nil {
		return nil
	}
	return slices.Sorted(maps.Keys(p.routes))
}

// Variants returns the variants route has, sorted.
func (p *Prices) Variants(route string) []PriceVariant {
	if p == nil {
		return nil
	}
	return slices.Sorted(maps.Keys(p.routes[route].variants))
}

// String writes the table, a route per line with its price, its
// variants and its source, for a person to read.
func (p *Prices) String() string {
	var b strings.Builder
	for _, r := range p.Routes() {
		e := p.routes[r]
		fmt.Fprintf(&b, "%s: %d", r, e.credits)
		for _, v := range p.Variants(r) {
			fmt.Fprintf(&b, ", %s %d", v, e.variants[v])
		}
		fmt.Fprintf(&b, " (%s)\n", e.source)
	}
	return b.String()
}

// WithPrices makes the client bill, budget and estimate by p instead of
// DefaultPrices: the credit budget, CreditsSpent, ResponseInfo.Charged,
// CallInfo.Cost and every estimate the SDK and its packages make from
// the client (Client.Prices). The client keeps a copy of p. A p whose
// Set was refused (Prices.Err) fails NewClient with that error.
func WithPrices(p *Prices) Option {
	return func(c *config) error {
		if p == nil {
			return fmt.Errorf("registerdata: WithPrices(nil): pass registerdata.DefaultPrices() with the prices you change")
		}
		if err := p.Err(); err != nil {
			return err
		}
		c.prices = p.Clone()
		return nil
	}
}

// Prices returns a copy of the table the client bills by (DefaultPrices
// unless WithPrices gave another), for estimates made outside it.
func (c *Client) Prices() *Prices { return c.prices.Clone() }

// Monitor is the price of creating a monitor checked at frequency f
// (empty or weekly: the price of "POST /v1/monitor"; daily: its
// VariantDaily).
func (p *Prices) Monitor(f enums.UpdateFrequency) int64 {
	return p.OfVariant(routeMonitorCreate, monitorVariant(f))
}

// MonitorMonthly is what an active monitor checked at frequency f costs
// each month (VariantMonthly or VariantMonthlyDaily of "POST /v1/monitor").
func (p *Prices) MonitorMonthly(f enums.UpdateFrequency) int64 {
	return p.OfVariant(routeMonitorCreate, monthlyVariant(f))
}

// priceOf is what each billed answer of r costs, whose route is route:
// what Do's WithCost gave, else the client's price of the route and the
// call's variant.
func (c *Client) priceOf(r request, route string) int64 {
	if r.costGiven {
		return r.cost
	}
	return c.prices.OfVariant(route, r.variant)
}

// realtimeIf is the price variant of a lookup with realtime=on.
func realtimeIf(on bool) PriceVariant {
	if on {
		return VariantRealtime
	}
	return ""
}

// monitorVariant is the price variant of creating a monitor checked at
// frequency f (empty or weekly: the route's price).
func monitorVariant(f enums.UpdateFrequency) PriceVariant {
	if f == enums.UpdateFrequencyDaily {
		return VariantDaily
	}
	return ""
}

// monthlyVariant is the price variant of a month of an active monitor
// checked at frequency f.
func monthlyVariant(f enums.UpdateFrequency) PriceVariant {
	if f == enums.UpdateFrequencyDaily {
		return VariantMonthlyDaily
	}
	return VariantMonthly
}

// extractVariant is the price variant of a Transparenzregister extract
// requested under the credential name name.
func extractVariant(name string) PriceVariant {
	if name == SandboxCredentialName {
		return VariantSandbox
	}
	return ""
}
