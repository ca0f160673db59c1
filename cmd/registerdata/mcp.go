package main

import (
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"
	"github.com/registerdata/registerdata-go/registerdatamcp"
	"github.com/spf13/pflag"
)

// envMCPToken is the bearer token "mcp --http" requires on an address
// other than loopback.
const envMCPToken = "REGISTERDATA_MCP_TOKEN"

// mcpGroup is "registerdata mcp": the service as tools for an AI agent.
func mcpGroup() *group {
	return &group{name: "mcp", summary: "serve the service's tools to an AI agent (Model Context Protocol)", commands: []*command{mcpCommand()}}
}

func mcpCommand() *command {
	return &command{
		name: "", nargs: 0, billable: true,
		summary: "serve the service's tools to an AI agent (Model Context Protocol)",
		help: `Serves the service as Model Context Protocol tools (match_company,
get_company, search_companies, get_owners, get_ownership_tree, ...), company
records as resources and a KYC prompt, over stdio for an agent that starts
the command (the default), or over streamable HTTP with --http ADDR.

--budget caps the credits of the whole session: a tool call the budget
cannot pay is refused with an error the agent can read. --fake serves the
bundled fake, so "registerdata --fake mcp" is a playground that costs
nothing. The monitor tools (create_monitor, delete_monitor) exist only with
--allow-write. --portfolio DSN adds read-only tools over a portfolio
database ("registerdata portfolio"), so an agent can answer "what changed in
my portfolio this week, and what needs review?" at no cost.

--http listens on loopback (127.0.0.1:PORT) without authentication; on any
other address it requires a bearer token from $REGISTERDATA_MCP_TOKEN, and
refuses to start without one. stdout carries the protocol in stdio mode:
messages go to stderr.`,
		examples: []string{
			"registerdata --fake mcp",
			"registerdata --budget 500 mcp",
			"registerdata mcp --http 127.0.0.1:8808",
			"registerdata mcp --portfolio sqlite:portfolio.db",
			"REGISTERDATA_MCP_TOKEN=$(openssl rand -hex 32) registerdata --budget 2000 mcp --http :8808",
		},
		setup: func(fs *pflag.FlagSet) runFunc {
			addr := fs.String("http", "", "serve streamable HTTP on `ADDR` (such as 127.0.0.1:8808) instead of stdio")
			allowWrite := fs.Bool("allow-write", false, "add the tools that change the account: create_monitor, delete_monitor")
			pf := fs.String("portfolio", "", "add read-only tools over the portfolio at `DSN` (sqlite:PATH or postgres://...): portfolio_changes, portfolio_flags, portfolio_review")
			return func(a *app, _ []string) error { return a.runMCP(*addr, *allowWrite, *pf) }
		},
	}
}

func (a *app) runMCP(addr string, allowWrite bool, portfolioDSN string) error {
	token := a.getenv(envMCPToken)
	if addr != "" {
		loop, err := isLoopback(addr)
		if err != nil {
			return usageError{err}
		}
		if !loop && token == "" {
			return usagef("--http %s is not a loopback address: set %s to a bearer token the clients send (or listen on 127.0.0.1)", addr, envMCPToken)
		}
	}
	c, err := a.api()
	if err != nil {
		return err
	}
	srv := registerdatamcp.NewServer(c, registerdatamcp.Options{AllowWrite: allowWrite})
	if portfolioDSN != "" {
		p, err := a.openPortfolio(portfolioDSN)
		if err != nil {
			return err
		}
		defer p.Close()
		now := a.now
		if now == nil {
			now = time.Now
		}
		addPortfolioTools(srv, p, now)
	}
	if addr == "" {
		err := srv.Run(a.ctx, a.stdioTransport())
		if err == nil || errors.Is(err, io.EOF) || a.ctx.Err() != nil {
			return nil // the client closed the session, or Ctrl-C
		}
		return fmt.Errorf("mcp over stdio: %w (stdin must carry the JSON-RPC messages of an MCP client, one a line)", err)
	}
	return a.serveMCPHTTP(addr, registerdatamcp.NewHTTPHandler(srv, token), token != "")
}

// stdioTransport is the process's stdin and stdout, or the app's streams
// when they are not (tests).
func (a *app) stdioTransport() mcp.Transport {
	if a.stdin == os.Stdin && a.stdout == os.Stdout {
		return &mcp.StdioTransport{}
	}
	return &mcp.IOTransport{Reader: io.NopCloser(a.stdin), Writer: nopWriteCloser{a.stdout}}
}

type nopWriteCloser struct{ io.Writer }

func (nopWriteCloser) Close() error { return nil }

// isLoopback reports whether addr (host:port) listens on loopback only:
// "localhost" or a loopback IP; an empty host means every interface.
func isLoopback(addr string) (bool, error) {
	host, _, err := net.SplitHostPort(addr)
	if err != nil {
		return false, fmt.Errorf("--http %s: want host:port, such as 127.0.0.1:8808: %w", addr, err)
	}
	if host == "localhost" {
		return true, nil
	}
	ip := net.ParseIP(host)
	return ip != nil && ip.IsLoopback(), nil
}

// serveMCPHTTP serves h on addr until the context ends.
func (a *app) serveMCPHTTP(addr string, h http.Handler, withToken bool) error {
	l, err := a.listenTCP("--http", addr)
	if err != nil {
		return err
	}
	srv := &http.Server{Handler: h, ReadHeaderTimeout: 10 * time.Second, MaxHeaderBytes: 64 << 10}
	auth := "no authentication (loopback)"
	if withToken {
		auth = "bearer token from $" + envMCPToken
	}
	fmt.Fprintf(a.stderr, "serving MCP on http://%s/ with %s (Ctrl-C to stop)\n", l.Addr(), auth)
	return serveUntilDone(a.ctx, srv, l)
}
