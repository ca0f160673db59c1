package registerdataotel

import (
	"context"
	"errors"
	"net/http"

	"github.com/registerdata/registerdata-go/webhook"
	"go.opentelemetry.io/otel/attribute"
	"go.opentelemetry.io/otel/codes"
	"go.opentelemetry.io/otel/metric"
	semconv "go.opentelemetry.io/otel/semconv/v1.43.0"
	"go.opentelemetry.io/otel/trace"
)

// deliverySpanKey marks a span WebhookMiddleware started, so
// WebhookOutcome ends that span and no other.
type deliverySpanKey struct{}

// WebhookMiddleware starts a server span "webhook delivery" for each
// request to h and puts it in the request's context: the callback of
// webhook.Handler, and the SDK calls it makes, run inside it. Pair it
// with WebhookOutcome, which ends the span.
func (o *Observer) WebhookMiddleware(h http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		ctx, span := o.tracer.Start(r.Context(), "webhook delivery",
			trace.WithSpanKind(trace.SpanKindServer),
			trace.WithAttributes(requestMethod(r)...))
		ctx = context.WithValue(ctx, deliverySpanKey{}, span)
		h.ServeHTTP(w, r.WithContext(ctx))
	})
}

// requestMethod is the method attributes of a received request: a
// method the HTTP conventions do not know is "_OTHER", with the one sent
// in http.request.method_original (bounded by net/http's header limit).
func requestMethod(r *http.Request) []attribute.KeyValue {
	if knownMethod(r.Method) {
		return []attribute.KeyValue{methodAttr(r.Method)}
	}
	return []attribute.KeyValue{semconv.HTTPRequestMethodOther, semconv.HTTPRequestMethodOriginal(r.Method)}
}

// WebhookOutcome is a webhook.WithObserver function: it counts the
// answer in registerdata.webhook.deliveries by outcome (and reason, for
// a rejection) and ends the delivery's span with it. Without
// WebhookMiddleware it records a span of its own at the moment of the
// answer.
func (o *Observer) WebhookOutcome(r *http.Request, out webhook.Outcome) {
	ctx := r.Context()
	span, ok := ctx.Value(deliverySpanKey{}).(trace.Span)
	if !ok {
		ctx, span = o.tracer.Start(ctx, "webhook delivery", trace.WithSpanKind(trace.SpanKindServer),
			trace.WithAttributes(requestMethod(r)...))
	}
	outcome, reason := classify(out)
	attrs := []attribute.KeyValue{attribute.String("registerdata.webhook.outcome", outcome)}
	if reason != "" {
		attrs = append(attrs, attribute.String("registerdata.webhook.reason", reason))
	}
	o.inst.deliveries.Add(ctx, 1, metric.WithAttributeSet(attribute.NewSet(attrs...)))

	span.SetAttributes(attrs...)
	span.SetAttributes(semconv.HTTPResponseStatusCode(out.Status))
	if ev := out.Event; ev != nil {
		span.SetAttributes(
			attribute.String("registerdata.webhook.id", ev.ID),
			attribute.String("registerdata.webhook.type", ev.Type),
			attribute.String("registerdata.entity_type", string(ev.EntityType)),
			attribute.StringSlice("registerdata.webhook.categories", ev.Categories),
		)
	}
	if out.Status >= 400 {
		span.SetStatus(codes.Error, outcome)
		if out.Err != nil && !out.CallbackFailed {
			span.RecordError(out.Err)
		}
	}
	span.End()
}

// classify names the outcome of an answer and, for a rejection, its
// reason, both from small fixed sets.
func classify(out webhook.Outcome) (outcome, reason string) {
	switch {
	case out.Duplicate:
		return "duplicate", ""
	case out.CallbackFailed:
		return "callback_failed", ""
	case out.Status < 300:
		return "verified", ""
	case out.Status == http.StatusConflict || out.Status >= 500:
		return "retry_later", ""
	}
	for _, r := range []struct {
		err  error
		name string
	}{
		{webhook.ErrMissingHeaders, "missing_headers"},
		{webhook.ErrInvalidTimestamp, "invalid_timestamp"},
		{webhook.ErrTimestampTooOld, "timestamp_too_old"},
		{webhook.ErrTimestampTooNew, "timestamp_too_new"},
		{webhook.ErrNoMatchingSignature, "no_matching_signature"},
		{webhook.ErrInvalidPayload, "invalid_payload"},
		{webhook.ErrBodyTooLarge, "body_too_large"},
	} {
		if errors.Is(out.Err, r.err) {
			return "rejected", r.name
		}
	}
	if out.Status == http.StatusMethodNotAllowed {
		return "rejected", "method_not_allowed"
	}
	return "rejected", "other"
}
