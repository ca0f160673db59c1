package registerdatamcp

import (
	"fmt"

	"github.com/modelcontextprotocol/go-sdk/mcp"
	registerdata "github.com/registerdata/registerdata-go"
)

// Options tune NewServer.
type Options struct {
	// AllowWrite adds the tools that change the account: create_monitor
	// and delete_monitor. Without it they do not exist, so an agent
	// cannot call them.
	AllowWrite bool
}

// NewServer returns an MCP server whose tools, resources and prompt call
// the service through c. The credit guard is c's budget
// (registerdata.WithCreditBudget): it spans every call of every session
// the server serves. NewServer panics only if the service description
// compiled into the SDK is broken, which the module's tests rule out.
func NewServer(c *registerdata.Client, opts Options) *mcp.Server {
	s := mcp.NewServer(&mcp.Implementation{
		Name:    "registerdata",
		Title:   "German company register (registerdata-go)",
		Version: registerdata.Version,
	}, &mcp.ServerOptions{
		Instructions: "Tools over the official German company registers. Every paid tool says its price; every result says what it cost and what remains of the session's credit budget. Start from match_company when only a name is known.",
	})
	for _, add := range []func(*mcp.Server, *registerdata.Client) error{
		addMatchTool, addCompanyTools, addSearchTools, addOtherTools,
	} {
		if err := add(s, c); err != nil {
			panic(fmt.Sprintf("registerdatamcp: %v", err))
		}
	}
	if err := addMonitorTools(s, c, opts.AllowWrite); err != nil {
		panic(fmt.Sprintf("registerdatamcp: %v", err))
	}
	addResources(s, c)
	addPrompts(s)
	return s
}
