// Package registerdataotel instruments registerdata-go with OpenTelemetry:
// a span and metrics for every call of a registerdata.Client, and for
// every webhook delivery a receiver answers.
//
// # Where to start, by job
//
//	Job                            Entry point
//	trace and count client calls   NewObserver, given to registerdata.WithObserver
//	choose where they go           WithTracerProvider, WithMeterProvider (default: the global providers)
//	watch the credit budget        (*Observer).ObserveBudget
//	trace webhook deliveries       (*Observer).WebhookMiddleware, with WebhookOutcome as the webhook.WithObserver
//	logs tied to the call's trace  LogHandler around the slog.Handler given to registerdata.WithLogger
//
// An observed client, with what remains of its budget as a gauge:
//
//	o := registerdataotel.NewObserver() // the global providers
//	c, err := registerdata.NewClient(registerdata.WithObserver(o), registerdata.WithCreditBudget(10_000))
//	err = o.ObserveBudget(c) // the remaining budget as a gauge
//
// # Spans
//
// One client span per call, named by its route ("GET
// /v1/company/{company_id}"), never by an id, so tracing backends get one
// span name per operation; a path sent with Client.Do that no operation
// has is a bounded route too (registerdata.CallInfo.Route). A method the
// HTTP conventions do not know is recorded as "_OTHER" in
// http.request.method (the span keeps it in http.request.method_original
// and is named "HTTP" and the template), so made-up methods add no
// series. Attributes: the HTTP client conventions
// (http.request.method, url.template, server.address, server.port,
// http.response.status_code, error.type) and the service's own
// (registerdata.credits.charged, registerdata.attempts,
// registerdata.cached, registerdata.request_id). Every write of the
// request after the first is a "retry" span event. The span's context is
// the one the call's HTTP requests carry, so an otelhttp transport given
// with registerdata.WithHTTPClient nests its per-attempt spans under it.
//
// # Metrics
//
//   - http.client.request.duration (histogram, s): one value per call,
//     retries and waits included.
//   - registerdata.client.credits ({credit}, counter): credits charged.
//   - registerdata.client.cache.lookups ({lookup}, counter):
//     registerdata.cache.result is hit or miss, for the cacheable lookups.
//   - registerdata.client.retries ({retry}, counter).
//   - registerdata.client.budget.refusals ({call}, counter): calls the
//     credit budget refused before sending.
//   - registerdata.client.budget.remaining ({credit}, gauge): with
//     ObserveBudget, what is left of a client's budget.
//   - registerdata.webhook.deliveries ({delivery}, counter): by
//     registerdata.webhook.outcome (verified, duplicate, rejected,
//     callback_failed, retry_later) and, for rejections,
//     registerdata.webhook.reason.
//
// Every attribute is of low cardinality: routes are templates, and no id,
// query string or request id is ever a metric attribute (request ids are
// on spans only).
//
// # Webhook receivers
//
//	h := webhook.Handler(v, process, webhook.WithObserver(o.WebhookOutcome))
//	http.Handle("/hooks", o.WebhookMiddleware(h))
//
// WebhookMiddleware starts a server span per delivery and puts it in the
// request's context (so the callback's own SDK calls nest under it);
// WebhookOutcome ends it with the outcome and counts it.
package registerdataotel
