package main

import (
	"iter"

	registerdata "github.com/registerdata/registerdata-go"
	"github.com/registerdata/registerdata-go/cmd/registerdata/internal/output"
	"github.com/registerdata/registerdata-go/filters"
	"github.com/spf13/cobra"
	"github.com/spf13/pflag"
)

// searchGroup is "registerdata search ...". Further searches live in
// search_*.go.
func searchGroup() *group {
	return &group{
		name:     "search",
		summary:  "search companies, persons and insolvencies by name, filters and place",
		commands: append([]*command{searchCompanies(), searchPersons(), searchFields()}, searchExtra()...),
	}
}

// pageFlags are the paging flags every search has.
type pageFlags struct {
	page, perPage, maxPages int
	all                     bool
}

func (p *pageFlags) declare(fs *pflag.FlagSet) {
	fs.IntVar(&p.page, "page", 0, "show page `N`, from 1 (default: the first)")
	fs.IntVar(&p.perPage, "per-page", 0, "`N` results per page (default: the service's)")
	fs.BoolVar(&p.all, "all", false, "walk every page ("+credits(routeCompanySearch)+" each), from --page on; JSON Lines with --json")
	fs.IntVar(&p.maxPages, "max-pages", 0, "with --all: stop after `N` pages, so the walk costs at most 10*N credits (0: no bound)")
}

func (p *pageFlags) request() registerdata.PageRequest {
	return registerdata.PageRequest{Page: p.page, PerPage: p.perPage}
}

// searchFlags are the flags every search command takes: --query, the
// repeatable --filter and the paging flags.
type searchFlags struct {
	query   *string
	filters filterFlag
	pages   pageFlags
}

// declareSearchFlags declares the search flags on fs; queryHelp says what
// the query is matched against.
func declareSearchFlags(fs *pflag.FlagSet, queryHelp string) *searchFlags {
	sf := &searchFlags{query: fs.String("query", "", queryHelp)}
	fs.Var(&sf.filters, "filter", "a filter `'field op value'` such as 'city=Berlin' (repeatable; see above)")
	sf.pages.declare(fs)
	return sf
}

func searchCompanies() *command {
	return &command{
		name: "companies", args: "", nargs: 0, billable: true,
		flagValues: map[string]cobra.CompletionFunc{"filter": completeFilter(filters.ScopeCompany)},
		summary:    "companies by name, filters and distance (" + credits(routeCompanySearch) + " a page)",
		help: `Searches companies; the query, the filters and --near combine with AND.
Each page costs 10 credits; --all walks every page.

` + filterHelp(filters.ScopeCompany) + `

Run 'registerdata search fields' for the known filter fields.`,
		examples: []string{
			"registerdata --fake search companies --query solar",
			"registerdata search companies --filter 'city=Berlin' --filter 'legal_form in gmbh,ag'",
			"registerdata search companies --filter 'revenue>=100000000' --filter 'purpose~software' --all",
			"registerdata search companies --near 52.52,13.40,5 --json | jq -r '.results[].name'",
		},
		setup: func(fs *pflag.FlagSet) runFunc {
			sf := declareSearchFlags(fs, "free text matched against the company name")
			var near nearFlag
			fs.Var(&near, "near", "only companies within km of a point: `lat,lon[,km]` (default: the service's radius)")
			return func(a *app, _ []string) error {
				req := registerdata.CompanySearchRequest{Query: *sf.query, Filters: sf.filters.list, Location: near.loc, Pagination: sf.pages.request()}
				return runSearch(a, sf, searchKind[registerdata.CompanySearchResult]{
					scope: filters.ScopeCompany, validate: req.Validate,
					table: output.NewTable(
						output.Column{Header: "ID", Fixed: true, ShortUUIDs: true}, output.Column{Header: "Name"},
						output.Column{Header: "Legal form"}, output.Column{Header: "City"}, output.Column{Header: "Active"},
					),
					page: func(c *registerdata.Client, p registerdata.PageRequest) ([]registerdata.CompanySearchResult, registerdata.Pagination, error) {
						req.Pagination = p
						res, err := c.SearchCompanies(a.ctx, req)
						if err != nil {
							return nil, registerdata.Pagination{}, err
						}
						return res.Results, res.Pagination, nil
					},
					all: func(c *registerdata.Client, opts ...registerdata.CallOption) iter.Seq2[registerdata.CompanySearchResult, error] {
						return c.SearchCompaniesSeq(a.ctx, req, opts...)
					},
					row: func(t *output.Table, r registerdata.CompanySearchResult) {
						t.Row(r.CompanyID, r.Name, string(r.LegalForm), resultCity(r), yesNo(r.Active))
					},
				})
			}
		},
	}
}

func searchPersons() *command {
	return &command{
		name: "persons", args: "", nargs: 0, billable: true,
		flagValues: map[string]cobra.CompletionFunc{"filter": completeFilter(filters.ScopePerson)},
		summary:    "natural persons by name and filters (" + credits(routePersonSearch) + " a page)",
		help: `Searches natural persons (directors, shareholders, ...); the query and the
filters combine with AND. Each page costs 10 credits; --all walks every page.

` + filterHelp(filters.ScopePerson),
		examples: []string{
			"registerdata --fake search persons --query albers",
			"registerdata search persons --filter 'city=Berlin' --filter 'date_of_birth>=1980-01-01'",
			"registerdata search persons --query müller --all --json | jq -r .id",
		},
		setup: func(fs *pflag.FlagSet) runFunc {
			sf := declareSearchFlags(fs, "free text matched against the person's name")
			return func(a *app, _ []string) error {
				req := registerdata.PersonSearchRequest{Query: *sf.query, Filters: sf.filters.list, Pagination: sf.pages.request()}
				return runSearch(a, sf, searchKind[registerdata.PersonSearchResult]{
					scope: filters.ScopePerson, validate: req.Validate,
					table: output.NewTable(
						output.Column{Header: "ID", Fixed: true, ShortUUIDs: true}, output.Column{Header: "Name"},
						output.Column{Header: "City"}, output.Column{Header: "Born", Fixed: true}, output.Column{Header: "Active"},
					),
					page: func(c *registerdata.Client, p registerdata.PageRequest) ([]registerdata.PersonSearchResult, registerdata.Pagination, error) {
						req.Pagination = p
						res, err := c.SearchPersons(a.ctx, req)
						if err != nil {
							return nil, registerdata.Pagination{}, err
						}
						return res.Results, res.Pagination, nil
					},
					all: func(c *registerdata.Client, opts ...registerdata.CallOption) iter.Seq2[registerdata.PersonSearchResult, error] {
						return c.SearchPersonsSeq(a.ctx, req, opts...)
					},
					row: func(t *output.Table, r registerdata.PersonSearchResult) {
						t.Row(r.ID, r.Name, str(r.City), date(r.DateOfBirth), yesNo(r.Active))
					},
				})
			}
		},
	}
}

// resultCity is the city of a search result's address, empty when the
// service sent no address.
func resultCity(r registerdata.CompanySearchResult) string {
	if r.Address == nil {
		return ""
	}
	return r.Address.City
}
