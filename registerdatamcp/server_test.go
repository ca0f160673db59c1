package registerdatamcp_test

import (
	"context"
	"encoding/json"
	"strings"
	"testing"

	"github.com/google/jsonschema-go/jsonschema"
	"github.com/modelcontextprotocol/go-sdk/mcp"
	registerdata "github.com/registerdata/registerdata-go"
	"github.com/registerdata/registerdata-go/fake"
	"github.com/registerdata/registerdata-go/registerdatamcp"
)

// Curated companies of the fake (court F1103 is Charlottenburg).
const (
	nordlichtID = "DE-HRB-F1103-267645"
	kycID       = "DE-HRB-F1103-315870"
)

// session starts a fake, a client over it with the given extra options,
// an MCP server over the client and an in-memory MCP client session.
func session(t *testing.T, opts registerdatamcp.Options, clientOpts ...registerdata.Option) (*mcp.ClientSession, *fake.Server, *registerdata.Client) {
	t.Helper()
	srv := fake.NewServer()
	t.Cleanup(srv.Close)
	// Monitors need a webhook endpoint; nothing is delivered in these tests.
	if err := srv.SetWebhookEndpoint("http://127.0.0.1:9/hooks", "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw"); err != nil {
		t.Fatal(err)
	}
	c, err := registerdata.NewClient(append([]registerdata.Option{
		registerdata.WithAPIKey(srv.APIKey), registerdata.WithBaseURL(srv.URL),
	}, clientOpts...)...)
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	st, ct := mcp.NewInMemoryTransports()
	ss, err := registerdatamcp.NewServer(c, opts).Connect(ctx, st, nil)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = ss.Close() })
	cs, err := mcp.NewClient(&mcp.Implementation{Name: "test", Version: "0"}, nil).Connect(ctx, ct, nil)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = cs.Close() })
	return cs, srv, c
}

// call calls a tool and fails the test on a protocol error.
func call(t *testing.T, cs *mcp.ClientSession, name string, args map[string]any) *mcp.CallToolResult {
	t.Helper()
	res, err := cs.CallTool(context.Background(), &mcp.CallToolParams{Name: name, Arguments: args})
	if err != nil {
		t.Fatalf("%s: protocol error %v (tool errors must be results)", name, err)
	}
	return res
}

// text joins the text contents of a result.
func text(res *mcp.CallToolResult) string {
	var b strings.Builder
	for _, c := range res.Content {
		if tc, ok := c.(*mcp.TextContent); ok {
			b.WriteString(tc.Text)
			b.WriteString("\n")
		}
	}
	return b.String()
}

// tools lists the server's tools by name.
func tools(t *testing.T, cs *mcp.ClientSession) map[string]*mcp.Tool {
	t.Helper()
	out := map[string]*mcp.Tool{}
	for tool, err := range cs.Tools(context.Background(), nil) {
		if err != nil {
			t.Fatal(err)
		}
		out[tool.Name] = tool
	}
	return out
}

// resolve compiles a schema as the client received it.
func resolve(t *testing.T, name, which string, schema any) *jsonschema.Resolved {
	t.Helper()
	b, err := json.Marshal(schema)
	if err != nil {
		t.Fatal(err)
	}
	var s jsonschema.Schema
	if err := json.Unmarshal(b, &s); err != nil {
		t.Fatalf("%s: %s schema does not decode: %v", name, which, err)
	}
	r, err := s.Resolve(nil)
	if err != nil {
		t.Fatalf("%s: %s schema is not valid: %v", name, which, err)
	}
	return r
}

// structured decodes a result's structured content into a generic value.
func structured(t *testing.T, name string, res *mcp.CallToolResult) map[string]any {
	t.Helper()
	b, err := json.Marshal(res.StructuredContent)
	if err != nil {
		t.Fatal(err)
	}
	var v map[string]any
	if err := json.Unmarshal(b, &v); err != nil || v == nil {
		t.Fatalf("%s: structured content %s is not an object: %v", name, b, err)
	}
	return v
}

// registerdataWithBudget is the client option list of a budget.
func registerdataWithBudget(n int64) []registerdata.Option {
	return []registerdata.Option{registerdata.WithCreditBudget(n)}
}
