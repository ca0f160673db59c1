package registerdatamcp_test

import (
	"context"
	"net/http"
	"net/http/httptest"
	"testing"

	"github.com/modelcontextprotocol/go-sdk/mcp"
	registerdata "github.com/registerdata/registerdata-go"
	"github.com/registerdata/registerdata-go/fake"
	"github.com/registerdata/registerdata-go/registerdatamcp"
)

// bearer adds a fixed Authorization header to every request.
type bearer struct{ token string }

func (b bearer) RoundTrip(r *http.Request) (*http.Response, error) {
	r = r.Clone(r.Context())
	if b.token != "" {
		r.Header.Set("Authorization", "Bearer "+b.token)
	}
	return http.DefaultTransport.RoundTrip(r)
}

func TestHTTPHandlerNeedsTheToken(t *testing.T) {
	srv := fake.NewServer()
	defer srv.Close()
	c, err := registerdata.NewClient(registerdata.WithAPIKey(srv.APIKey), registerdata.WithBaseURL(srv.URL))
	if err != nil {
		t.Fatal(err)
	}
	hs := httptest.NewServer(registerdatamcp.NewHTTPHandler(registerdatamcp.NewServer(c, registerdatamcp.Options{}), "s3cret-token"))
	defer hs.Close()
	ctx := context.Background()
	for _, tc := range []struct {
		token string
		ok    bool
	}{{"s3cret-token", true}, {"wrong", false}, {"", false}} {
		client := mcp.NewClient(&mcp.Implementation{Name: "test", Version: "0"}, nil)
		cs, err := client.Connect(ctx, &mcp.StreamableClientTransport{Endpoint: hs.URL, HTTPClient: &http.Client{Transport: bearer{tc.token}}}, nil)
		if !tc.ok {
			if err == nil {
				_ = cs.Close()
				t.Errorf("token %q: connected", tc.token)
			}
			continue
		}
		if err != nil {
			t.Fatalf("token %q: %v", tc.token, err)
		}
		res, err := cs.CallTool(ctx, &mcp.CallToolParams{Name: "get_credits", Arguments: map[string]any{}})
		if err != nil || res.IsError {
			t.Errorf("get_credits over HTTP: %v %v", err, res)
		}
		_ = cs.Close()
	}
}
