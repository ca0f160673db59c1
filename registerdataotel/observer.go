package registerdataotel

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"strconv"
	"sync/atomic"

	registerdata "github.com/registerdata/registerdata-go"
	"go.opentelemetry.io/otel"
	"go.opentelemetry.io/otel/attribute"
	"go.opentelemetry.io/otel/codes"
	"go.opentelemetry.io/otel/metric"
	semconv "go.opentelemetry.io/otel/semconv/v1.43.0"
	"go.opentelemetry.io/otel/trace"
)

// scope is the instrumentation scope of the spans and metrics.
const scope = "github.com/registerdata/registerdata-go/registerdataotel"

// Observer turns the calls of a registerdata.Client into spans and
// metrics; it implements registerdata.Observer. Make one with NewObserver
// and pass it with registerdata.WithObserver. It is safe for concurrent
// use, and one Observer may serve several clients.
type Observer struct {
	tracer trace.Tracer
	meter  metric.Meter
	inst   instruments
	// host is the last server address a request went to: calls answered
	// without a connection (the cache, a budget refusal) report it too.
	host atomic.Pointer[serverAddr]
}

// Option configures NewObserver.
type Option func(*settings)

type settings struct {
	tp trace.TracerProvider
	mp metric.MeterProvider
}

// WithTracerProvider sets where spans go; the default is the global
// provider (otel.GetTracerProvider).
func WithTracerProvider(tp trace.TracerProvider) Option {
	return func(s *settings) { s.tp = tp }
}

// WithMeterProvider sets where metrics go; the default is the global
// provider (otel.GetMeterProvider).
func WithMeterProvider(mp metric.MeterProvider) Option {
	return func(s *settings) { s.mp = mp }
}

// NewObserver returns an Observer that records with the given providers,
// or the global ones. An instrument the meter provider refuses to create
// is reported to OpenTelemetry's error handler (otel.Handle) and left out:
// the spans and the other metrics still work.
func NewObserver(opts ...Option) *Observer {
	s := settings{}
	for _, o := range opts {
		if o != nil {
			o(&s)
		}
	}
	if s.tp == nil {
		s.tp = otel.GetTracerProvider()
	}
	if s.mp == nil {
		s.mp = otel.GetMeterProvider()
	}
	o := &Observer{
		tracer: s.tp.Tracer(scope, trace.WithInstrumentationVersion(registerdata.Version)),
		meter:  s.mp.Meter(scope, metric.WithInstrumentationVersion(registerdata.Version)),
	}
	inst, err := newInstruments(o.meter)
	if err != nil {
		otel.Handle(fmt.Errorf("registerdataotel: creating instruments: %w", err))
	}
	o.inst = inst
	return o
}

// CallStart starts the call's client span and returns a context carrying
// it and the hooks that see each write of the call's requests.
func (o *Observer) CallStart(ctx context.Context, call registerdata.CallInfo) context.Context {
	attrs := []attribute.KeyValue{
		methodAttr(call.Method),
		semconv.URLTemplate(template(call.Route)),
		attribute.Int64("registerdata.cost", call.Cost),
	}
	if !knownMethod(call.Method) {
		attrs = append(attrs, semconv.HTTPRequestMethodOriginal(call.Method))
	}
	ctx, span := o.tracer.Start(ctx, spanName(call),
		trace.WithSpanKind(trace.SpanKindClient), trace.WithAttributes(attrs...))
	return withWrites(ctx, o, span)
}

// CallEnd ends the call's span and records its metrics.
func (o *Observer) CallEnd(ctx context.Context, call registerdata.CallInfo, res registerdata.CallResult) {
	span := trace.SpanFromContext(ctx)
	addr := o.serverOf(ctx)
	common := []attribute.KeyValue{
		methodAttr(call.Method),
		semconv.URLTemplate(template(call.Route)),
	}
	if addr != nil {
		common = append(common, semconv.ServerAddress(addr.host), semconv.ServerPort(addr.port))
	}
	if res.StatusCode != 0 {
		common = append(common, semconv.HTTPResponseStatusCode(res.StatusCode))
	}
	if res.Err != nil {
		common = append(common, semconv.ErrorTypeKey.String(errorType(res)))
	}
	span.SetAttributes(common...)
	span.SetAttributes(
		attribute.Int64("registerdata.credits.charged", res.Charged),
		attribute.Int("registerdata.attempts", res.Attempts),
		attribute.Bool("registerdata.cached", res.Cached),
	)
	if res.RequestID != "" {
		span.SetAttributes(attribute.String("registerdata.request_id", res.RequestID))
	}
	if res.Err != nil {
		span.SetStatus(codes.Error, errorType(res))
		span.RecordError(res.Err)
	}
	span.End()

	set := metric.WithAttributeSet(attribute.NewSet(common...))
	route := metric.WithAttributeSet(attribute.NewSet(semconv.URLTemplate(template(call.Route)), methodAttr(call.Method)))
	o.inst.duration.Record(ctx, res.Duration.Seconds(), set)
	if res.Charged != 0 {
		o.inst.credits.Add(ctx, res.Charged, route)
	}
	if res.Attempts > 1 {
		o.inst.retries.Add(ctx, int64(res.Attempts-1), route)
	}
	if errors.Is(res.Err, registerdata.ErrBudgetExceeded) {
		o.inst.refusals.Add(ctx, 1, route)
	}
	if cacheable(call) {
		result := "miss"
		if res.Cached {
			result = "hit"
		}
		o.inst.cache.Add(ctx, 1, metric.WithAttributeSet(attribute.NewSet(
			semconv.URLTemplate(template(call.Route)), attribute.String("registerdata.cache.result", result))))
	}
}

// knownMethod reports whether m is one of the HTTP methods of
// OpenTelemetry's HTTP conventions (http.request.method).
func knownMethod(m string) bool {
	switch m {
	case http.MethodConnect, http.MethodDelete, http.MethodGet, http.MethodHead, http.MethodOptions,
		http.MethodPatch, http.MethodPost, http.MethodPut, http.MethodTrace, "QUERY":
		return true
	}
	return false
}

// methodAttr is the http.request.method of m: m itself when it is a
// known method, else "_OTHER", as the HTTP conventions say, so a made-up
// method never becomes an attribute value (the span keeps it in
// http.request.method_original).
func methodAttr(m string) attribute.KeyValue {
	if knownMethod(m) {
		return semconv.HTTPRequestMethodKey.String(m)
	}
	return semconv.HTTPRequestMethodOther
}

// spanName is "METHOD template", with "HTTP" for a method that is not
// known, as the HTTP conventions name the span of such a request.
func spanName(call registerdata.CallInfo) string {
	m := call.Method
	if !knownMethod(m) {
		m = "HTTP"
	}
	return m + " " + template(call.Route)
}

// template is the path template of a route ("GET /v1/x/{id}" -> "/v1/x/{id}").
func template(route string) string {
	for i := 0; i < len(route); i++ {
		if route[i] == ' ' {
			return route[i+1:]
		}
	}
	return route
}

// cacheable reports the lookups the client's cache serves (WithCache):
// company records, owners and beneficial owners.
func cacheable(call registerdata.CallInfo) bool {
	switch call.Route {
	case "GET /v1/company/{company_id}", "GET /v1/company/{company_id}/owners", "GET /v1/company/{company_id}/ubo":
		return true
	}
	return false
}

// errorType is the low-cardinality error.type of a failed call: the
// status code for an answer of the service, else a word for the kind of
// failure.
func errorType(res registerdata.CallResult) string {
	var apiErr *registerdata.APIError
	switch {
	case errors.Is(res.Err, registerdata.ErrBudgetExceeded):
		return "budget_exceeded"
	case errors.Is(res.Err, context.DeadlineExceeded):
		return "timeout"
	case errors.Is(res.Err, context.Canceled):
		return "canceled"
	case errors.As(res.Err, &apiErr) && apiErr.StatusCode != 0:
		return strconv.Itoa(apiErr.StatusCode)
	case res.StatusCode != 0:
		return strconv.Itoa(res.StatusCode)
	case errors.Is(res.Err, registerdata.ErrInvalidRequest):
		return "invalid_request"
	}
	return semconv.ErrorTypeOther.Value.AsString()
}
