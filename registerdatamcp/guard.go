package registerdatamcp

import (
	"context"
	"errors"
	"fmt"

	"github.com/modelcontextprotocol/go-sdk/mcp"
	registerdata "github.com/registerdata/registerdata-go"
)

// Credits is the credit report every tool result carries.
type Credits struct {
	// Charged is what this call was charged, in credits.
	Charged int64 `json:"charged"`
	// Spent is what the session's client has spent so far.
	Spent int64 `json:"spent"`
	// Remaining is what is left of the budget; nil without a budget.
	Remaining *int64 `json:"remaining"`
	// Budget is the session's credit budget; nil without one.
	Budget *int64 `json:"budget"`
}

// Result is the structured output of every tool: the service's answer
// (or the tool's own shape, for the tools that combine calls) and the
// credit report.
type Result struct {
	// Result is the answer, as the tool's output schema describes it.
	Result any `json:"result"`
	// Credits says what the call cost and what remains.
	Credits Credits `json:"credits"`
}

// credits reports the client's state after a call that was charged
// charged credits.
func credits(c *registerdata.Client, charged int64) Credits {
	cr := Credits{Charged: charged, Spent: c.CreditsSpent()}
	if rem, ok := c.CreditsRemaining(); ok {
		budget := cr.Spent + rem
		cr.Remaining, cr.Budget = &rem, &budget
	}
	return cr
}

// footer is the credit line of a text summary.
func (cr Credits) footer() string {
	s := fmt.Sprintf("Cost: %d credits; %d spent this session", cr.Charged, cr.Spent)
	if cr.Remaining != nil {
		s += fmt.Sprintf(", %d of %d remaining", *cr.Remaining, *cr.Budget)
	}
	return s + "."
}

// outcome is what a tool's body hands back to the wrapper in addTool.
type outcome struct {
	value   any    // the structured result
	summary string // one or two sentences for the text content
	charged int64  // credits this call was charged
}

// toolBody is a tool's own work: it calls the service with the given call
// options (which fill info) and says what came back.
type toolBody[In any] func(ctx context.Context, in In, info *registerdata.ResponseInfo, opts []registerdata.CallOption) (outcome, error)

// addTool registers a tool whose structured output is a Result. The
// wrapper passes WithResponseInfo to the body, turns every error into a
// tool error an agent can act on, and adds the credit report.
func addTool[In any](s *mcp.Server, c *registerdata.Client, t *mcp.Tool, body toolBody[In]) {
	mcp.AddTool(s, t, func(ctx context.Context, _ *mcp.CallToolRequest, in In) (*mcp.CallToolResult, any, error) {
		var info registerdata.ResponseInfo
		out, err := body(ctx, in, &info, []registerdata.CallOption{registerdata.WithResponseInfo(&info)})
		if err != nil {
			return nil, nil, explain(c, err)
		}
		if out.charged == 0 {
			out.charged = info.Charged
		}
		cr := credits(c, out.charged)
		value, err := withoutPresigned(out.value)
		if err != nil {
			return nil, nil, err
		}
		res := Result{Result: value, Credits: cr}
		// The readable summary once and the record once, as structured
		// content: no second copy of it as JSON text.
		text := dataNotice + "\n" + out.summary + "\n" + cr.footer()
		return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: text}}}, res, nil
	})
}

// explain turns an SDK error into the message of a tool error: what went
// wrong and what the agent can do about it.
func explain(c *registerdata.Client, err error) error {
	var apiErr *registerdata.APIError
	switch {
	case errors.Is(err, registerdata.ErrBudgetExceeded):
		spent := c.CreditsSpent()
		if rem, ok := c.CreditsRemaining(); ok {
			return fmt.Errorf("budget of %d credits reached: %d spent, %d remaining, which does not cover this call (%v). Nothing was sent or charged; ask the user before spending more", spent+rem, spent, rem, err)
		}
		return fmt.Errorf("credit budget reached: %d spent (%v)", spent, err)
	case errors.Is(err, registerdata.ErrNotFound):
		return fmt.Errorf("not found: %v. Check the id; find companies with match_company or search_companies, persons with search_persons", err)
	case errors.Is(err, registerdata.ErrInsufficientCredits):
		return fmt.Errorf("the account has no credits left for this call (402): %v. Ask the user to top up the account", err)
	case errors.Is(err, registerdata.ErrRateLimited):
		return fmt.Errorf("rate limited by the service: %v. Wait before calling again", err)
	case errors.Is(err, registerdata.ErrUnauthorized), errors.Is(err, registerdata.ErrForbidden):
		return fmt.Errorf("the service refused the API key or the account's plan: %v. This is a configuration problem, not one the call can fix", err)
	case errors.Is(err, registerdata.ErrInvalidRequest):
		return fmt.Errorf("invalid request: %v. Correct the arguments and call again", err)
	case errors.Is(err, context.DeadlineExceeded):
		return fmt.Errorf("the call took too long and was abandoned: %v", err)
	case errors.As(err, &apiErr):
		return fmt.Errorf("the service failed (%d): %v. Trying again later may help", apiErr.StatusCode, err)
	}
	return err
}
