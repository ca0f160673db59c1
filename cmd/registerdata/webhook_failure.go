package main

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"strings"
	"time"

	registerdata "github.com/registerdata/registerdata-go"
	"github.com/registerdata/registerdata-go/cmd/registerdata/internal/output"
	"github.com/registerdata/registerdata-go/webhook"
)

// deliveryKey marks a request's context with the delivery's note, which
// the callback fills: whether it ran (a duplicate is answered without
// it) and why it failed. The service only ever sees the handler's 5xx;
// the cause goes to the operator's stream.
type deliveryKey struct{}

type deliveryNote struct {
	called bool
	event  *webhook.Event
	err    error
}

// noteDelivery records in ctx's note that the callback ran on ev, and
// its error; it returns err.
func noteDelivery(ctx context.Context, ev *webhook.Event, err error) error {
	if n, ok := ctx.Value(deliveryKey{}).(*deliveryNote); ok {
		n.called, n.event, n.err = true, ev, err
	}
	return err
}

// deliveryFailure is the operator's line for a delivery whose callback
// failed with err and was answered status (a 5xx, so the service
// redelivers it): the event, the cause with its status and what to do.
// It carries no secret: the API key and the webhook secret are redacted,
// and the answer's body is left out.
func (a *app) deliveryFailure(ev *webhook.Event, status int, err error) string {
	what := "delivery"
	if ev != nil {
		what = fmt.Sprintf("delivery %s (%s %s %s)", ev.ID, ev.Type, ev.EntityType, ev.EntityID)
	}
	line := fmt.Sprintf("%s failed, answered %d so the service retries it: %s", what, status, a.failureCause(ev, err))
	return output.Clean(a.redact(line))
}

// failureCause says why a callback failed and what to do about it.
func (a *app) failureCause(ev *webhook.Event, err error) string {
	entity := "the entity"
	if ev != nil && ev.EntityID != "" {
		entity = ev.EntityID
	}
	var apiErr *registerdata.APIError
	status := ""
	if errors.As(err, &apiErr) {
		status = fmt.Sprintf("%d %s", apiErr.StatusCode, http.StatusText(apiErr.StatusCode))
		if apiErr.RequestID != "" {
			status += ", request id " + apiErr.RequestID
		}
		status = " (" + status + ")"
	}
	switch {
	case errors.Is(err, registerdata.ErrBudgetExceeded):
		budget := ""
		if a.budget >= 0 {
			budget = fmt.Sprintf(" of %d credits", a.budget)
		}
		return fmt.Sprintf("over the credit budget%s: nothing was fetched; restart the listener with a larger --budget (it counts from the start)", budget)
	case errors.Is(err, registerdata.ErrInsufficientCredits):
		return "out of credits" + status + ": the account has no credits left for the fetch; top up the account's credits, then the service's next retry goes through"
	case errors.Is(err, registerdata.ErrNotFound):
		return fmt.Sprintf("%s is not in the register%s: it was deleted or merged; delete its monitor (registerdata monitor delete %s) so that the service stops announcing it", entity, status, entity)
	case errors.Is(err, registerdata.ErrRateLimited):
		wait := ""
		if apiErr != nil && apiErr.RetryAfter > 0 {
			wait = fmt.Sprintf(" (it asked for %s)", apiErr.RetryAfter.Round(time.Second))
		}
		return "rate-limited by the service" + status + ": the client's own retries ran out; the service's next retry fetches again" + wait + "; lower the rate of the other clients on this API key"
	case errors.Is(err, registerdata.ErrUnauthorized), errors.Is(err, registerdata.ErrForbidden):
		return "the API key was refused" + status + ": set " + registerdata.EnvAPIKey + " to a valid key from the service's dashboard and restart the listener"
	case errors.Is(err, registerdata.ErrServer):
		return "the service failed" + status + ": nothing to do unless it persists; the service's next retry fetches again"
	case errors.Is(err, context.DeadlineExceeded):
		return "the fetch timed out: check the network to the service; the service's next retry fetches again"
	case errors.Is(err, context.Canceled):
		return "the listener is stopping: the service delivers the event again to the next run"
	}
	return withoutPrefix(strings.TrimSpace(err.Error()))
}
