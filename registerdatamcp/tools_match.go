package registerdatamcp

import (
	"github.com/modelcontextprotocol/go-sdk/mcp"
	registerdata "github.com/registerdata/registerdata-go"
)

func addMatchTool(s *mcp.Server, c *registerdata.Client) error { return nil }
