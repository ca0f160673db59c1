package webhook

import (
	"fmt"
	"net/http"
	"strings"
)

// header is a header name as net/http stores it (key) and as written on
// the wire and in messages (name).
type header struct{ key, name string }

// headerNames is one naming of the three signature headers.
type headerNames struct{ id, timestamp, signature header }

var (
	standardHeaders = headerNames{
		id:        header{"Webhook-Id", "webhook-id"},
		timestamp: header{"Webhook-Timestamp", "webhook-timestamp"},
		signature: header{"Webhook-Signature", "webhook-signature"},
	}
	svixHeaders = headerNames{
		id:        header{"Svix-Id", "svix-id"},
		timestamp: header{"Svix-Timestamp", "svix-timestamp"},
		signature: header{"Svix-Signature", "svix-signature"},
	}
)

// message is what the signature headers of one request say.
type message struct {
	names      headerNames
	id         string
	timestamp  string
	signatures []string // every value of the signature header
}

// readHeaders picks the webhook-* headers when any of them is present and
// the svix-* headers otherwise, and requires all three to be non-empty.
func readHeaders(h http.Header) (message, error) {
	names := svixHeaders
	if standardHeaders.present(h) {
		names = standardHeaders
	}
	m := message{
		names:      names,
		id:         names.id.first(h),
		timestamp:  names.timestamp.first(h),
		signatures: names.signature.values(h),
	}
	var missing []string
	if strings.TrimSpace(m.id) == "" {
		missing = append(missing, names.id.name)
	}
	if m.timestamp == "" {
		missing = append(missing, names.timestamp.name)
	}
	if !anyNonBlank(m.signatures) {
		missing = append(missing, names.signature.name)
	}
	if len(missing) > 0 {
		return message{}, fmt.Errorf("%w: %s absent or empty; a delivery carries webhook-id, webhook-timestamp and webhook-signature (or svix-id, svix-timestamp and svix-signature)", ErrMissingHeaders, strings.Join(missing, ", "))
	}
	return m, nil
}

func (n headerNames) present(h http.Header) bool {
	return len(n.id.values(h)) > 0 || len(n.timestamp.values(h)) > 0 || len(n.signature.values(h)) > 0
}

// values returns the values of the header, falling back to the lower-case
// key for headers built by hand as a map literal.
func (hd header) values(h http.Header) []string {
	if vs := h[hd.key]; len(vs) > 0 {
		return vs
	}
	return h[hd.name]
}

func (hd header) first(h http.Header) string {
	if vs := hd.values(h); len(vs) > 0 {
		return vs[0]
	}
	return ""
}

func anyNonBlank(vs []string) bool {
	for _, v := range vs {
		if strings.TrimSpace(v) != "" {
			return true
		}
	}
	return false
}
