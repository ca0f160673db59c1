package main

import (
	"bytes"
	"context"
	"net"
	"net/http"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// mcpText joins the text contents of a tool result.
func mcpText(res *mcp.CallToolResult) string {
	var b strings.Builder
	for _, c := range res.Content {
		if tc, ok := c.(*mcp.TextContent); ok {
			b.WriteString(tc.Text)
			b.WriteString("\n")
		}
	}
	return b.String()
}

func toolNames(t *testing.T, cs *mcp.ClientSession) map[string]bool {
	t.Helper()
	names := map[string]bool{}
	for tool, err := range cs.Tools(context.Background(), nil) {
		if err != nil {
			t.Fatal(err)
		}
		names[tool.Name] = true
	}
	return names
}

// TestMCPBinaryOverStdio builds the tool and drives
// "registerdata --fake --budget 30 mcp" over stdio as an agent would:
// the tools are listed, get_company answers, and a loop of paid calls is
// stopped by the budget with a tool error the agent can read.
func TestMCPBinaryOverStdio(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the binary")
	}
	bin := filepath.Join(t.TempDir(), "registerdata")
	if out, err := exec.Command("go", "build", "-o", bin, ".").CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	cmd := exec.Command(bin, "--fake", "--budget", "30", "mcp")
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	cs, err := mcp.NewClient(&mcp.Implementation{Name: "test", Version: "0"}, nil).Connect(ctx, &mcp.CommandTransport{Command: cmd}, nil)
	if err != nil {
		t.Fatal(err)
	}
	names := toolNames(t, cs)
	for _, want := range []string{"match_company", "get_company", "search_companies", "get_ownership_tree", "get_credits"} {
		if !names[want] {
			t.Errorf("tool %s is not listed: %v", want, names)
		}
	}
	if names["create_monitor"] {
		t.Error("create_monitor is listed without --allow-write")
	}

	res, err := cs.CallTool(ctx, &mcp.CallToolParams{Name: "get_company", Arguments: map[string]any{"company_id": watchedID}})
	if err != nil {
		t.Fatal(err)
	}
	if res.IsError || !strings.Contains(mcpText(res), "Nordlicht Solartechnik GmbH") {
		t.Fatalf("get_company: error %v: %s", res.IsError, mcpText(res))
	}
	calls := 1
	for ; calls < 10; calls++ {
		res, err = cs.CallTool(ctx, &mcp.CallToolParams{Name: "get_company", Arguments: map[string]any{"company_id": "DE-HRB-K1101-99812"}})
		if err != nil {
			t.Fatalf("call %d: a protocol error, not a tool error: %v", calls+1, err)
		}
		if res.IsError {
			break
		}
	}
	if calls != 3 {
		t.Errorf("the budget of 30 allowed %d calls of 10 credits, want 3", calls)
	}
	if msg := mcpText(res); !strings.Contains(msg, "budget of 30 credits reached: 30 spent, 0 remaining") {
		t.Errorf("the budget's tool error reads %q", msg)
	}
	if err := cs.Close(); err != nil {
		t.Logf("close: %v", err)
	}
	if !strings.Contains(stderr.String(), "cost: 30 credits (budget 30, 0 left) on the fake") {
		t.Errorf("stderr = %q, want the session's cost", stderr.String())
	}
}

func TestMCPHTTPAddresses(t *testing.T) {
	r := cli(t, "--fake", "mcp", "--http", ":8808").wantCode(t, exitUsage)
	if !strings.Contains(r.stderr, "not a loopback address: set REGISTERDATA_MCP_TOKEN") {
		t.Errorf("stderr = %q", r.stderr)
	}
	r = cli(t, "--fake", "mcp", "--http", "8808").wantCode(t, exitUsage)
	if !strings.Contains(r.stderr, "want host:port") {
		t.Errorf("stderr = %q", r.stderr)
	}
	for addr, want := range map[string]bool{"127.0.0.1:1": true, "[::1]:1": true, "localhost:1": true, "0.0.0.0:1": false, ":1": false, "192.0.2.1:1": false} {
		if got, err := isLoopback(addr); err != nil || got != want {
			t.Errorf("isLoopback(%q) = %v, %v", addr, got, err)
		}
	}
}

// serveMCP runs "mcp --http addr" in-process on a loopback listener the
// test opened, with the environment env, until the returned stop.
func serveMCP(t *testing.T, addr string, env map[string]string) (url string, stop func() result) {
	t.Helper()
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	h := harness{env: env, setup: func(a *app) {
		a.ctx = ctx
		a.listen = func(string, string) (net.Listener, error) { return l, nil }
	}}
	done := make(chan result, 1)
	go func() { done <- h.run(t, "--fake", "mcp", "--http", addr) }()
	return "http://" + l.Addr().String() + "/", func() result { cancel(); return <-done }
}

func TestMCPHTTPLoopback(t *testing.T) {
	url, stop := serveMCP(t, "127.0.0.1:0", nil)
	ctx := context.Background()
	cs, err := mcp.NewClient(&mcp.Implementation{Name: "test", Version: "0"}, nil).Connect(ctx, &mcp.StreamableClientTransport{Endpoint: url}, nil)
	if err != nil {
		t.Fatal(err)
	}
	if !toolNames(t, cs)["get_company"] {
		t.Error("get_company is not listed over HTTP")
	}
	_ = cs.Close()
	r := stop().wantCode(t, 0)
	if !strings.Contains(r.stderr, "serving MCP on http://127.0.0.1:") || !strings.Contains(r.stderr, "no authentication (loopback)") {
		t.Errorf("stderr = %q", r.stderr)
	}
}

// TestMCPHTTPTokenRequired serves "every interface" with a token: a
// request without it is refused before the MCP layer, one with it gets
// the tools.
func TestMCPHTTPTokenRequired(t *testing.T) {
	const token = "test-token-0123456789"
	url, stop := serveMCP(t, "0.0.0.0:0", map[string]string{envMCPToken: token})
	defer stop()
	resp, err := http.Post(url, "application/json", strings.NewReader(`{"jsonrpc":"2.0","id":1,"method":"tools/list"}`))
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusUnauthorized {
		t.Errorf("without the token: %d, want 401", resp.StatusCode)
	}
	hc := &http.Client{Transport: bearer{token}}
	cs, err := mcp.NewClient(&mcp.Implementation{Name: "test", Version: "0"}, nil).Connect(context.Background(),
		&mcp.StreamableClientTransport{Endpoint: url, HTTPClient: hc}, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer cs.Close()
	if !toolNames(t, cs)["get_company"] {
		t.Error("get_company is not listed with the token")
	}
}

type bearer struct{ token string }

func (b bearer) RoundTrip(r *http.Request) (*http.Response, error) {
	r = r.Clone(r.Context())
	r.Header.Set("Authorization", "Bearer "+b.token)
	return http.DefaultTransport.RoundTrip(r)
}
