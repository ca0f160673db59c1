package main

import (
	"iter"

	registerdata "github.com/registerdata/registerdata-go"
	"github.com/registerdata/registerdata-go/cmd/registerdata/internal/output"
	"github.com/registerdata/registerdata-go/filters"
	"github.com/spf13/cobra"
	"github.com/spf13/pflag"
)

func searchInsolvencies() *command {
	return &command{
		name: "insolvencies", args: "", nargs: 0, billable: true,
		flagValues: map[string]cobra.CompletionFunc{"filter": completeFilter(filters.ScopeInsolvency)},
		summary:    "insolvency proceedings by debtor name and filters (10 credits a page)",
		help: `Searches insolvency proceedings of companies and persons; the query (the
debtor's name) and the filters combine with AND. Each page costs 10
credits; --all walks every page. Fields: 'registerdata search fields
insolvencies'.

` + filterHelp(filters.ScopeInsolvency),
		examples: []string{
			"registerdata --fake search insolvencies --filter 'has_open_insolvency=true'",
			"registerdata search insolvencies --query mühle --filter 'opened_at>=2024-01-01'",
			"registerdata search insolvencies --filter 'current_status in opened,preliminary' --all --json | jq -r .id",
		},
		setup: func(fs *pflag.FlagSet) runFunc {
			sf := declareSearchFlags(fs, "free text matched against the debtor's name")
			return func(a *app, _ []string) error {
				req := registerdata.InsolvencySearchRequest{Query: *sf.query, Filters: sf.filters.list, Pagination: sf.pages.request()}
				return runSearch(a, sf, searchKind[registerdata.InsolvencySearchResult]{
					scope: filters.ScopeInsolvency, validate: req.Validate,
					table: output.NewTable(
						output.Column{Header: "ID", Fixed: true, ShortUUIDs: true}, output.Column{Header: "Debtor"},
						output.Column{Header: "Status"}, output.Column{Header: "Court"}, output.Column{Header: "Opened", Fixed: true},
						output.Column{Header: "Company", Fixed: true, Optional: true},
					),
					page: func(c *registerdata.Client, p registerdata.PageRequest) ([]registerdata.InsolvencySearchResult, registerdata.Pagination, error) {
						req.Pagination = p
						res, err := c.SearchInsolvencies(a.ctx, req)
						if err != nil {
							return nil, registerdata.Pagination{}, err
						}
						return res.Results, res.Pagination, nil
					},
					all: func(c *registerdata.Client, opts ...registerdata.CallOption) iter.Seq2[registerdata.InsolvencySearchResult, error] {
						return c.SearchInsolvenciesSeq(a.ctx, req, opts...)
					},
					row: func(t *output.Table, r registerdata.InsolvencySearchResult) {
						t.Row(r.ID, r.DebtorName, string(r.CurrentStatus), r.Court, date(r.OpenedAt), str(r.CompanyID))
					},
				})
			}
		},
	}
}
