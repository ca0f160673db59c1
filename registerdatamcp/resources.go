package registerdatamcp

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"

	"github.com/modelcontextprotocol/go-sdk/mcp"
	registerdata "github.com/registerdata/registerdata-go"
)

// companyURIPrefix is the scheme and path of company resources.
const companyURIPrefix = "registerdata://company/"

// addResources registers company records as resources.
func addResources(s *mcp.Server, c *registerdata.Client) {
	s.AddResourceTemplate(&mcp.ResourceTemplate{
		Name:        "company",
		Title:       "Company record",
		URITemplate: companyURIPrefix + "{company_id}",
		Description: "The register record of one company, as get_company returns it (JSON, without the presigned addresses of source documents). Reading it costs " + priceText(c, "GET /v1/company/{company_id}") + ", like get_company.",
		MIMEType:    "application/json",
	}, func(ctx context.Context, req *mcp.ReadResourceRequest) (*mcp.ReadResourceResult, error) {
		uri := req.Params.URI
		id := strings.TrimPrefix(uri, companyURIPrefix)
		if id == uri || id == "" {
			return nil, mcp.ResourceNotFoundError(uri)
		}
		co, err := c.GetCompany(ctx, id, nil)
		if err != nil {
			return nil, fmt.Errorf("reading %s: %w", uri, explain(c, err))
		}
		v, err := withoutPresigned(co) // as get_company: no addresses that expire
		if err != nil {
			return nil, err
		}
		b, err := json.Marshal(v)
		if err != nil {
			return nil, err
		}
		return &mcp.ReadResourceResult{Contents: []*mcp.ResourceContents{{URI: uri, MIMEType: "application/json", Text: string(b)}}}, nil
	})
}
