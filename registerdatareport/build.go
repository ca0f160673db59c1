package registerdatareport

import (
	"context"
	"errors"
	"fmt"
	"time"

	registerdata "github.com/registerdata/registerdata-go"
	"github.com/registerdata/registerdata-go/enums"
)

// The sections of a dossier, in the order of the file; Provenance.Section
// is one of them.
const (
	SectionCompany          = "Company"
	SectionOwnership        = "Ownership"
	SectionBeneficialOwners = "Beneficial owners"
	SectionRepresentatives  = "Representatives"
	SectionHistory          = "History"
	SectionFinancials       = "Financials"
	SectionInsolvencies     = "Insolvency proceedings"
	SectionDocuments        = "Documents"
)

var sectionOrder = []string{SectionCompany, SectionOwnership, SectionBeneficialOwners, SectionRepresentatives,
	SectionHistory, SectionFinancials, SectionInsolvencies, SectionDocuments}

// errLimit is what a call refused by Options.MaxCredits wraps.
var errLimit = errors.New("the dossier's credit limit (Options.MaxCredits) would be exceeded")

// Build gathers a dossier of company companyID through c: the company
// record, the ownership tree up to opts.Depth levels, the beneficial
// owners, the insolvency proceedings with their events, the financial
// reports and, with opts.IncludePersons, the person record of each
// natural-person representative. The owners and beneficial owners are
// not asked for when the service does not publish them for the company's
// legal form (registerdata.OwnersAvailable, BeneficialOwnersAvailable):
// their sections say why in Provenance.NotPublished, at 0 credits, and
// are not incomplete. It spends at most opts.MaxCredits
// credits (and never more than the client's budget allows): the parts are
// fetched in that order of importance, and a part that no longer fits is
// left out, said so in its section's Provenance and flagged with
// FlagIncomplete. So is a part the service fails to give (the dossier is
// still worth having without it).
//
// Build fails when the options are invalid, when the company record
// itself cannot be fetched (the error of GetCompany: ErrNotFound for an
// unknown company, ErrBudgetExceeded when not even it fits) and when ctx
// ends; Dossier.Credits is then lost with the dossier, but the client's
// CreditsSpent counts it.
func Build(ctx context.Context, c *registerdata.Client, companyID string, opts Options) (*Dossier, error) {
	if c == nil {
		return nil, errors.New("registerdatareport: Build needs a client: pass the *registerdata.Client from registerdata.NewClient")
	}
	if err := checkOptions(opts); err != nil {
		return nil, err
	}
	now := time.Now
	if opts.Now != nil {
		now = opts.Now
	}
	depth := opts.Depth
	if depth == 0 {
		depth = DefaultDepth
	}
	g := &gatherer{c: c, prices: c.Prices(), limit: opts.MaxCredits, now: now, prov: map[string]*Provenance{},
		d: &Dossier{CompanyID: companyID, GeneratedAt: now(), Depth: depth}}
	for _, s := range sectionOrder {
		g.prov[s] = &Provenance{Section: s}
	}
	if opts.MaxCredits > 0 {
		// Held at every write, retries included: the pre-call check in
		// call alone lets a retried call pass the limit.
		ctx, g.lim = registerdata.WithCreditLimit(ctx, opts.MaxCredits)
	}
	if err := g.company(ctx, opts.Realtime); err != nil {
		return nil, err
	}
	steps := []func(context.Context) error{
		g.beneficialOwners,
		g.insolvencies,
		g.financials,
		func(ctx context.Context) error { return g.ownership(ctx, depth) },
	}
	if opts.IncludePersons {
		steps = append(steps, g.persons)
	}
	for _, step := range steps {
		if err := step(ctx); err != nil {
			return nil, err
		}
	}
	g.derived()
	d := g.d
	for _, s := range sectionOrder {
		d.Provenance = append(d.Provenance, *g.prov[s])
	}
	d.RedFlags = redFlags(d, registerdata.DateOf(d.GeneratedAt))
	return d, nil
}

func checkOptions(o Options) error {
	if o.Depth < 0 {
		return fmt.Errorf("registerdatareport: Options.Depth is %d: use 0 for the default (%d) or a positive depth", o.Depth, DefaultDepth)
	}
	if o.MaxCredits < 0 {
		return fmt.Errorf("registerdatareport: Options.MaxCredits is %d: use 0 for the client's budget alone or a positive limit", o.MaxCredits)
	}
	return nil
}

// gatherer fetches the parts of one dossier and keeps their provenance.
type gatherer struct {
	c      *registerdata.Client
	prices *registerdata.Prices      // the client's price table, for the limit's checks
	limit  int64                     // 0: none
	lim    *registerdata.CreditLimit // the limit held at the write; nil: none
	now    func() time.Time
	d      *Dossier
	prov   map[string]*Provenance
}

// call makes one request for section sec at the given price, unless it
// would take the dossier past its limit, and records it.
func (g *gatherer) call(sec string, cost int64, fn func(opts ...registerdata.CallOption) error) error {
	p := g.prov[sec]
	if g.limit > 0 && g.d.Credits+cost > g.limit {
		return fmt.Errorf("%w: the call costs %d credits and %d of %d are left", errLimit, cost, g.limit-g.d.Credits, g.limit)
	}
	if p.FetchedAt.IsZero() {
		p.FetchedAt = g.now()
	}
	var info registerdata.ResponseInfo
	err := fn(registerdata.WithResponseInfo(&info))
	if info.Attempts > 0 || info.Cached {
		p.Requests++
	}
	if info.Cached {
		p.Cached++
	}
	p.Credits += info.Charged
	g.d.Credits += info.Charged
	if g.lim != nil && g.lim.Refused(err) {
		return fmt.Errorf("%w: %w", errLimit, err)
	}
	return err
}

// miss records what section sec lacks; a context error ends the build.
func (g *gatherer) miss(ctx context.Context, sec, what string, err error) error {
	if ctx.Err() != nil {
		return fmt.Errorf("registerdatareport: dossier of %s: %s: %w", g.d.CompanyID, what, ctx.Err())
	}
	p := g.prov[sec]
	if p.Missing != "" {
		p.Missing += "; "
	}
	p.Missing += what + ": " + err.Error()
	return nil
}

// routeOwners is the route of an owner list, whose price the tree pays
// per company.
const routeOwners = "GET /v1/company/{company_id}/owners"

func (g *gatherer) company(ctx context.Context, realtime bool) error {
	p := g.prov[SectionCompany]
	p.Realtime = realtime
	p.Source = "GET /v1/company/{id}"
	if realtime {
		p.Source += "?realtime=true"
	}
	err := g.call(SectionCompany, g.prices.Of("GET /v1/company/{company_id}", realtime), func(o ...registerdata.CallOption) error {
		co, err := g.c.GetCompany(ctx, g.d.CompanyID, &registerdata.GetCompanyParams{Realtime: realtime}, o...)
		g.d.Company = co
		return err
	})
	if err != nil {
		return fmt.Errorf("registerdatareport: dossier of %s: the company record: %w", g.d.CompanyID, err)
	}
	return nil
}

// notPublished records that section sec was not asked for: the service
// does not publish it for the company's legal form (why is
// registerdata.NotPublished's sentence). It costs nothing and is not
// missing.
func (g *gatherer) notPublished(sec, why string) {
	p := g.prov[sec]
	p.NotPublished = why
	p.Source = "not asked: " + why + " (0 credits)"
}

func (g *gatherer) beneficialOwners(ctx context.Context) error {
	if why := registerdata.NotPublished(registerdata.PartBeneficialOwners, g.d.Company.LegalForm, false); why != "" {
		g.notPublished(SectionBeneficialOwners, why)
		return nil
	}
	g.prov[SectionBeneficialOwners].Source = "GET /v1/company/{id}/ubo"
	err := g.call(SectionBeneficialOwners, g.prices.Of("GET /v1/company/{company_id}/ubo", false), func(o ...registerdata.CallOption) error {
		u, err := g.c.GetBeneficialOwners(ctx, g.d.CompanyID, o...)
		g.d.BeneficialOwners = u
		return err
	})
	if why := registerdata.NotPublishedError(registerdata.PartBeneficialOwners, err); why != "" {
		g.notPublished(SectionBeneficialOwners, why)
		return nil
	}
	if err != nil {
		return g.miss(ctx, SectionBeneficialOwners, "the beneficial owners were not fetched", err)
	}
	return nil
}

func (g *gatherer) insolvencies(ctx context.Context) error {
	sums := g.d.Company.Insolvencies
	p := g.prov[SectionInsolvencies]
	p.Source = "the company record's insolvency summaries"
	if len(sums) == 0 {
		return nil
	}
	p.Source = fmt.Sprintf("GET /v1/insolvency/{id} for %d proceeding(s)", len(sums))
	for _, s := range sums {
		err := g.call(SectionInsolvencies, g.prices.Of("GET /v1/insolvency/{insolvency_id}", false), func(o ...registerdata.CallOption) error {
			ins, err := g.c.GetInsolvency(ctx, s.ID, o...)
			if ins != nil {
				g.d.Insolvencies = append(g.d.Insolvencies, ins)
			}
			return err
		})
		if err != nil {
			if err := g.miss(ctx, SectionInsolvencies, "the events of proceeding "+s.CaseNumber+" were not fetched", err); err != nil {
				return err
			}
		}
	}
	return nil
}

func (g *gatherer) financials(ctx context.Context) error {
	g.prov[SectionFinancials].Source = "GET /v1/company/{id}/financials"
	err := g.call(SectionFinancials, g.prices.Of("GET /v1/company/{company_id}/financials", false), func(o ...registerdata.CallOption) error {
		f, err := g.c.GetFinancials(ctx, g.d.CompanyID, o...)
		g.d.Financials = f
		return err
	})
	switch {
	case errors.Is(err, registerdata.ErrNotFound):
		g.prov[SectionFinancials].Source += " (the service has no reports; the record's indicators are shown)"
	case err != nil:
		return g.miss(ctx, SectionFinancials, "the financial reports were not fetched (the record's indicators are shown)", err)
	}
	return nil
}

func (g *gatherer) ownership(ctx context.Context, depth int) error {
	p := g.prov[SectionOwnership]
	if why := registerdata.NotPublished(registerdata.PartOwners, g.d.Company.LegalForm, true); why != "" {
		g.notPublished(SectionOwnership, why)
		return nil
	}
	p.Source = fmt.Sprintf("GET /v1/company/{id}/owners?best_available=true, %d levels at most", depth)
	var limit int64
	if g.limit > 0 {
		limit = g.limit - g.d.Credits
		if limit < g.prices.Of(routeOwners, false) {
			return g.miss(ctx, SectionOwnership, "the ownership tree was not fetched", fmt.Errorf("%w: %d credits are left", errLimit, limit))
		}
	}
	p.FetchedAt = g.now()
	tree, err := g.c.OwnershipTree(ctx, g.d.CompanyID, registerdata.TreeOptions{MaxDepth: depth, MaxCredits: limit, LegalForm: g.d.Company.LegalForm})
	if tree != nil {
		g.d.Ownership = tree
		p.Requests = tree.Companies
		p.Credits = tree.Credits
		g.d.Credits += tree.Credits
		if price := g.prices.Of(routeOwners, false); price > 0 {
			p.Cached = tree.Companies - int(tree.Credits/price)
		}
	}
	p.Source = fmt.Sprintf("GET /v1/company/{id}/owners?best_available=true for %d companies, %d levels at most", p.Requests, depth)
	switch {
	case err == nil && tree.Root.Stop == registerdata.TreeStopNotPublished:
		// The service's 404 named a form the record did not.
		g.d.Ownership = nil
		g.notPublished(SectionOwnership, tree.Root.StopReason)
		return nil
	case tree == nil && errors.Is(err, registerdata.ErrNotFound):
		// The service keeps no owner list for the company (a sole
		// trader, an association): nothing is missing.
		p.Source += " (the service has no owner list for this company)"
		return nil
	case err != nil:
		if tree == nil || tree.Root == nil {
			g.d.Ownership = nil
		}
		return g.miss(ctx, SectionOwnership, "the ownership tree is not complete", err)
	}
	return nil
}

func (g *gatherer) persons(ctx context.Context) error {
	p := g.prov[SectionRepresentatives]
	g.d.Persons = map[string]*registerdata.Person{}
	for _, r := range g.d.Company.Representation {
		if r.Type != enums.RepresentativeTypeNaturalPerson || r.ID == nil || !registerdata.IsUUID(*r.ID) {
			continue
		}
		id := *r.ID
		if _, done := g.d.Persons[id]; done {
			continue
		}
		g.d.Persons[id] = nil
		err := g.call(SectionRepresentatives, g.prices.Of("GET /v1/person/{person_id}", false), func(o ...registerdata.CallOption) error {
			per, err := g.c.GetPerson(ctx, id, o...)
			g.d.Persons[id] = per
			return err
		})
		if err != nil {
			delete(g.d.Persons, id)
			if err := g.miss(ctx, SectionRepresentatives, "the positions of "+r.Name+" were not fetched", err); err != nil {
				return err
			}
		}
	}
	p.Source = fmt.Sprintf("the company record; GET /v1/person/{id} for %d person(s)", p.Requests)
	return nil
}

// derived fills the provenance of the sections read from the company
// record alone.
func (g *gatherer) derived() {
	rec := g.prov[SectionCompany]
	for _, s := range []string{SectionRepresentatives, SectionHistory, SectionDocuments} {
		p := g.prov[s]
		if p.Source == "" {
			p.Source = "the company record (see " + SectionCompany + ")"
		}
		if p.FetchedAt.IsZero() {
			p.FetchedAt = rec.FetchedAt
		}
		p.Realtime = rec.Realtime
	}
	if ins := g.prov[SectionInsolvencies]; ins.FetchedAt.IsZero() {
		ins.FetchedAt = rec.FetchedAt
	}
}
