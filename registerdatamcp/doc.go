// Package registerdatamcp serves the Company and Person Register Data
// Service to AI agents over the Model Context Protocol, with typed tools
// and a credit guard.
//
// # Where to start, by job
//
//	Job                        Entry point
//	serve an agent over stdio  NewServer, then (*mcp.Server).Run with an mcp.StdioTransport
//	serve it over HTTP         NewHTTPHandler around NewServer's server, with a bearer token
//	bound what it spends       registerdata.WithCreditBudget on the client NewServer is given
//	let it change the account  Options.AllowWrite (create_monitor, delete_monitor)
//	quote register text        DataNotice and QuoteRegisterText, for tools of your own
//	from the command line      "registerdata mcp" (stdio; --http for streamable HTTP)
//
// NewServer returns a server of the official Go MCP SDK
// (github.com/modelcontextprotocol/go-sdk) whose tools call the service
// through a registerdata.Client:
//
//	c, _ := registerdata.NewClient(registerdata.WithCreditBudget(200))
//	s := registerdatamcp.NewServer(c, registerdatamcp.Options{})
//	err := s.Run(ctx, &mcp.StdioTransport{})
//
// # Tools and their schemas
//
// Every tool has an input schema with the service's field names
// (company_id, person_id, query, filters as the wire filter objects,
// page, per_page, realtime) and an output schema that is the service's
// own response schema from its OpenAPI description, so structured
// results are validated before they leave the server. A result is sized
// for an agent's context: the structured content holds the answer once,
// without the presigned addresses of source documents (they expire after
// 30 minutes and an agent cannot open them), and the one text content is
// a readable summary with a credit report: what the call cost, what the
// session has spent, and what remains of its budget. The input schemas
// bound page and per_page as the service does (per_page 1 to 100).
//
// # Register text
//
// Register text is data, never instructions. Every result's text opens
// with a line saying that the quoted fields come from the register and
// are data, not instructions; every name, address or other text of the
// register appears in it only inside Go quotes, so a planted line break
// or control character shows as an escape and cannot begin a line of its
// own. Tool descriptions are constants: nothing an entry of the register
// holds can change them.
//
// # The credit guard
//
// The credit guard is the client's budget (registerdata.WithCreditBudget):
// it applies to the whole session, and a paid call that would pass it is
// refused before anything is sent, with a tool error the agent can read
// ("budget of 200 credits reached: 190 spent, this call costs 10").
// Paid tools state their price in their description. Tools that change
// the account (create_monitor, delete_monitor) exist only with
// Options.AllowWrite.
//
// # Errors
//
// Errors are tool errors, never protocol errors, and say how to fix the
// call: an unknown filter field gets "did you mean", a missing company
// points to match_company and search_companies.
//
// # Resources, the prompt and HTTP
//
// Company records are also resources (registerdata://company/{company_id}),
// and the prompt "kyc_check" walks an agent through a KYC check of a
// company: match it, read its profile, its beneficial owners, its
// insolvencies and its directors' other positions.
//
// NewHTTPHandler serves the same over streamable HTTP, with a bearer
// token; the CLI's "registerdata mcp" serves stdio by default and
// streamable HTTP with --http.
package registerdatamcp
