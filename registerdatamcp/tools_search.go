package registerdatamcp

import (
	"context"
	"fmt"
	"strings"

	"github.com/google/jsonschema-go/jsonschema"
	"github.com/modelcontextprotocol/go-sdk/mcp"
	registerdata "github.com/registerdata/registerdata-go"
	"github.com/registerdata/registerdata-go/filters"
)

// SearchCompaniesInput is the input of search_companies.
type SearchCompaniesInput struct {
	Query string `json:"query,omitempty" jsonschema:"free text matched against company names"`
	// Filters narrow the search, all of them at once (AND). The input
	// schema of search_companies describes them and lists the company
	// fields with their kinds.
	Filters  []filters.Filter       `json:"filters,omitempty"`
	Location *registerdata.Location `json:"location,omitempty" jsonschema:"only companies registered within radius kilometres of a point"`
	Page     int                    `json:"page,omitempty" jsonschema:"page number from 1; default 1"`
	PerPage  int                    `json:"per_page,omitempty" jsonschema:"results per page, 1 to 100; default: the service's (10)"`
}

// SearchPersonsInput is the input of search_persons.
type SearchPersonsInput struct {
	Query string `json:"query,omitempty" jsonschema:"free text matched against person names"`
	// Filters narrow the search, all of them at once (AND). The input
	// schema of search_persons describes them and lists the person
	// fields with their kinds.
	Filters []filters.Filter `json:"filters,omitempty"`
	Page    int              `json:"page,omitempty" jsonschema:"page number from 1; default 1"`
	PerPage int              `json:"per_page,omitempty" jsonschema:"results per page, 1 to 100; default: the service's (10)"`
}

// SearchInsolvenciesInput is the input of search_insolvencies.
type SearchInsolvenciesInput struct {
	Query string `json:"query,omitempty" jsonschema:"free text matched against debtor name, case number, administrator and court"`
	// Filters narrow the search, all of them at once (AND). The input
	// schema of search_insolvencies describes them and lists the
	// insolvency fields with their kinds.
	Filters []filters.Filter `json:"filters,omitempty"`
	Page    int              `json:"page,omitempty" jsonschema:"page number from 1; default 1"`
	PerPage int              `json:"per_page,omitempty" jsonschema:"results per page, 1 to 100; default: the service's (10)"`
}

// maxPerPage is the largest page the service serves: the OpenAPI
// description bounds per_page below by 1, and the service (and its fake)
// refuse more than 100. The input schemas say the same, so that an agent
// learns the bound before it calls.
const maxPerPage = 100

// boundPaging writes the service's bounds of page and per_page into an
// input schema.
func boundPaging(s *jsonschema.Schema) {
	one, most := 1.0, float64(maxPerPage)
	if p := s.Properties["page"]; p != nil {
		p.Minimum = &one
	}
	if p := s.Properties["per_page"]; p != nil {
		p.Minimum, p.Maximum = &one, &most
	}
}

func addSearchTools(s *mcp.Server, c *registerdata.Client) error {
	in, err := inputSchema[SearchCompaniesInput](filters.ScopeCompany)
	if err != nil {
		return err
	}
	out, err := serviceOutput("CompanySearchResponse")
	if err != nil {
		return err
	}
	addTool(s, c, &mcp.Tool{
		Name:         "search_companies",
		Description:  "Searches the register for companies by name text, filters (status, legal form, city, revenue, employees, insolvency, owners, ... see the filters property) and location; one page of results with id, name, legal form, status, register and address. Costs " + priceText(c, "POST /v1/search/company") + " per page. To find one known company from a customer's data (name, city, register number, VAT id, website), match_company is cheaper and explains its choice.",
		InputSchema:  in,
		OutputSchema: out,
	}, func(ctx context.Context, in SearchCompaniesInput, _ *registerdata.ResponseInfo, opts []registerdata.CallOption) (outcome, error) {
		warn, err := checkFilters(filters.ScopeCompany, in.Filters)
		if err != nil {
			return outcome{}, err
		}
		res, err := c.SearchCompanies(ctx, registerdata.CompanySearchRequest{Query: in.Query, Filters: in.Filters, Location: in.Location,
			Pagination: registerdata.PageRequest{Page: in.Page, PerPage: in.PerPage}}, opts...)
		if err != nil {
			return outcome{}, err
		}
		names := make([]string, 0, len(res.Results))
		for _, r := range res.Results {
			names = append(names, fmt.Sprintf("%s (%s)", q(r.Name), qid(r.CompanyID)))
		}
		return outcome{value: res, summary: pageSummary(res.Pagination, "companies", names) + warn}, nil
	})

	pin, err := inputSchema[SearchPersonsInput](filters.ScopePerson)
	if err != nil {
		return err
	}
	pout, err := serviceOutput("PersonSearchResponse")
	if err != nil {
		return err
	}
	addTool(s, c, &mcp.Tool{
		Name:         "search_persons",
		Description:  "Searches the register for persons (directors, shareholders, Prokura holders) by name text and filters (date_of_birth, city, active); one page with id, name, date of birth and city. Costs " + priceText(c, "POST /v1/search/person") + " per page. Follow with get_person for a person's positions or get_person_holdings for their shares.",
		InputSchema:  pin,
		OutputSchema: pout,
	}, func(ctx context.Context, in SearchPersonsInput, _ *registerdata.ResponseInfo, opts []registerdata.CallOption) (outcome, error) {
		warn, err := checkFilters(filters.ScopePerson, in.Filters)
		if err != nil {
			return outcome{}, err
		}
		res, err := c.SearchPersons(ctx, registerdata.PersonSearchRequest{Query: in.Query, Filters: in.Filters,
			Pagination: registerdata.PageRequest{Page: in.Page, PerPage: in.PerPage}}, opts...)
		if err != nil {
			return outcome{}, err
		}
		names := make([]string, 0, len(res.Results))
		for _, r := range res.Results {
			names = append(names, fmt.Sprintf("%s (%s)", q(r.Name), qid(r.ID)))
		}
		return outcome{value: res, summary: pageSummary(res.Pagination, "persons", names) + warn}, nil
	})

	iin, err := inputSchema[SearchInsolvenciesInput](filters.ScopeInsolvency)
	if err != nil {
		return err
	}
	iout, err := serviceOutput("InsolvencySearchResponse")
	if err != nil {
		return err
	}
	addTool(s, c, &mcp.Tool{
		Name:         "search_insolvencies",
		Description:  "Searches insolvency proceedings (of companies and natural persons) by text and filters (status, court, dates, ...); one page of proceedings with case number, court, debtor and status. Costs " + priceText(c, "POST /v1/search/insolvency") + " per page. A company's own proceedings are summarised in get_company's record; follow with get_insolvency for the events of one proceeding.",
		InputSchema:  iin,
		OutputSchema: iout,
	}, func(ctx context.Context, in SearchInsolvenciesInput, _ *registerdata.ResponseInfo, opts []registerdata.CallOption) (outcome, error) {
		warn, err := checkFilters(filters.ScopeInsolvency, in.Filters)
		if err != nil {
			return outcome{}, err
		}
		res, err := c.SearchInsolvencies(ctx, registerdata.InsolvencySearchRequest{Query: in.Query, Filters: in.Filters,
			Pagination: registerdata.PageRequest{Page: in.Page, PerPage: in.PerPage}}, opts...)
		if err != nil {
			return outcome{}, err
		}
		names := make([]string, 0, len(res.Results))
		for _, r := range res.Results {
			names = append(names, fmt.Sprintf("%s (%s)", q(r.DebtorName), qid(r.ID)))
		}
		return outcome{value: res, summary: pageSummary(res.Pagination, "proceedings", names) + warn}, nil
	})
	return nil
}

// pageSummary is "Page 1 of 3 (120 companies): A (id), B (id), ..." with
// at most ten names.
func pageSummary(p registerdata.Pagination, what string, names []string) string {
	more := ""
	if len(names) > 10 {
		names, more = names[:10], fmt.Sprintf(" and %d more", len(names)-10)
	}
	list := "none"
	if len(names) > 0 {
		list = strings.Join(names, "; ") + more
	}
	return fmt.Sprintf("Page %d of %d (%d %s in all): %s.", p.Page, p.TotalPages, p.TotalResults, what, list)
}
