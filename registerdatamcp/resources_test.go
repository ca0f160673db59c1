package registerdatamcp_test

import (
	"context"
	"encoding/json"
	"strings"
	"testing"

	"github.com/modelcontextprotocol/go-sdk/mcp"
	registerdata "github.com/registerdata/registerdata-go"
	"github.com/registerdata/registerdata-go/registerdatamcp"
)

func TestCompanyResource(t *testing.T) {
	cs, _, c := session(t, registerdatamcp.Options{})
	ctx := context.Background()
	tpls, err := cs.ListResourceTemplates(ctx, nil)
	if err != nil || len(tpls.ResourceTemplates) != 1 || tpls.ResourceTemplates[0].URITemplate != "registerdata://company/{company_id}" {
		t.Fatalf("resource templates: %v %+v", err, tpls)
	}
	res, err := cs.ReadResource(ctx, &mcp.ReadResourceParams{URI: "registerdata://company/" + nordlichtID})
	if err != nil {
		t.Fatal(err)
	}
	var co registerdata.Company
	if err := json.Unmarshal([]byte(res.Contents[0].Text), &co); err != nil || co.ID != nordlichtID {
		t.Fatalf("resource content: %v, id %q", err, co.ID)
	}
	if c.CreditsSpent() != registerdata.DefaultPrices().Of("GET /v1/company/{company_id}", false) {
		t.Errorf("reading the resource cost %d credits, want %d", c.CreditsSpent(), registerdata.DefaultPrices().Of("GET /v1/company/{company_id}", false))
	}
	if _, err := cs.ReadResource(ctx, &mcp.ReadResourceParams{URI: "registerdata://company/DE-HRB-F1103-999999"}); err == nil || !strings.Contains(err.Error(), "not found") {
		t.Errorf("unknown company: %v", err)
	}
}

func TestKYCPrompt(t *testing.T) {
	cs, _, _ := session(t, registerdatamcp.Options{})
	ctx := context.Background()
	res, err := cs.GetPrompt(ctx, &mcp.GetPromptParams{Name: "kyc_check", Arguments: map[string]string{"company": "Nordlicht Solartechnik", "details": "Berlin"}})
	if err != nil {
		t.Fatal(err)
	}
	msg := res.Messages[0].Content.(*mcp.TextContent).Text
	for _, want := range []string{"Nordlicht Solartechnik", "Berlin", "match_company", "get_beneficial_owners", "get_insolvency", "get_person", "25 %"} {
		if !strings.Contains(msg, want) {
			t.Errorf("the prompt does not mention %q:\n%s", want, msg)
		}
	}
	if _, err := cs.GetPrompt(ctx, &mcp.GetPromptParams{Name: "kyc_check", Arguments: map[string]string{}}); err == nil {
		t.Error("a prompt without the company argument was accepted")
	}
}
