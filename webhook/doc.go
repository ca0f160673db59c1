// Package webhook receives the monitor notifications of the Register Data
// Service: it verifies their signatures, decodes them into an Event and
// serves them through an http.Handler that answers the service the way its
// delivery provider expects.
//
// # Where to start, by job
//
//	Job                        Entry point
//	receive deliveries         NewVerifier, then Handler(v, fn): verified, decoded, de-duplicated, answered
//	verify by hand             (*Verifier).Verify or (*Verifier).Parse, with the raw body
//	refuse a delivery for now  return a *RetryLater from fn: 503 with a Retry-After
//	refuse a delivery for good return a *Refused from fn: 400 with its reason
//	de-duplicate               WithDeduper (a store shared by processes: redisstore.NewDeduper); WithoutDeduper when fn does it
//	logs and metrics           WithObserver: every answer with its reason
//	sign (tests, the fake)     Sign, SignedHeaders
//
// # The scheme
//
// Deliveries follow the Standard Webhooks scheme. Each POST carries three
// headers, webhook-id, webhook-timestamp and webhook-signature (the
// provider's svix-id, svix-timestamp and svix-signature are accepted too);
// the signature is an HMAC-SHA256, keyed with the signing secret shown in
// the service's dashboard, over id + "." + timestamp + "." + body.
//
// # Mounting a receiver
//
//   - Mount Handler on a route without CSRF protection or any middleware
//     that reads, rewrites or re-encodes the request body. The signature
//     covers the raw bytes exactly as sent: a body that was decoded and
//     re-encoded (even with the same meaning) fails verification. When
//     calling Verifier.Verify or Verifier.Parse yourself, pass the raw body.
//   - Respond quickly. The service treats a delivery as failed when the
//     endpoint does not answer with a 2xx status within 15 seconds, and then
//     retries it. Hand long work to a queue from the callback.
//   - A callback error makes Handler answer 500, so the service retries the
//     delivery with the same webhook id; a successful id is remembered and
//     its redeliveries are acknowledged without calling the callback again.
//   - A callback that cannot take a delivery now (its database is down)
//     returns a *RetryLater: Handler answers 503 with a Retry-After, and
//     the service delivers it again later.
//   - A callback that will never take a delivery (its content is
//     unusable: its store cannot hold it) returns a *Refused: Handler
//     answers 400 with the refusal's reason, so that the service's log
//     shows why instead of an outage that never ends.
//   - A callback that de-duplicates by itself (a unique key on the
//     webhook id in its database) passes WithoutDeduper to Handler, which
//     then calls it for every verified delivery.
package webhook
