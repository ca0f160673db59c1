package registerdatamcp_test

import (
	"context"
	"fmt"
	"log"

	"github.com/modelcontextprotocol/go-sdk/mcp"
	registerdata "github.com/registerdata/registerdata-go"
	"github.com/registerdata/registerdata-go/fake"
	"github.com/registerdata/registerdata-go/registerdatamcp"
)

// An agent's session over the bundled fake with a budget of 100 credits:
// the result of a paid tool says what it cost and what remains. A real
// deployment runs the same server on stdio: s.Run(ctx, &mcp.StdioTransport{}).
func ExampleNewServer() {
	srv := fake.NewServer()
	defer srv.Close()
	c, err := registerdata.NewClient(registerdata.WithAPIKey(srv.APIKey), registerdata.WithBaseURL(srv.URL),
		registerdata.WithCreditBudget(100))
	if err != nil {
		log.Fatal(err)
	}
	s := registerdatamcp.NewServer(c, registerdatamcp.Options{})

	ctx := context.Background()
	serverSide, clientSide := mcp.NewInMemoryTransports()
	if _, err := s.Connect(ctx, serverSide, nil); err != nil {
		log.Fatal(err)
	}
	cs, err := mcp.NewClient(&mcp.Implementation{Name: "agent", Version: "1"}, nil).Connect(ctx, clientSide, nil)
	if err != nil {
		log.Fatal(err)
	}
	defer cs.Close()

	res, err := cs.CallTool(ctx, &mcp.CallToolParams{Name: "get_company", Arguments: map[string]any{"company_id": "DE-HRB-F1103-267645"}})
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println(res.Content[0].(*mcp.TextContent).Text)
	// Output:
	// Nordlicht Solartechnik GmbH (DE-HRB-F1103-267645): active gmbh, HRB 267645, Berlin; 5 current and 2 former representatives.
	// Cost: 10 credits; 10 spent this session, 90 of 100 remaining.
}
