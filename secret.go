package registerdata

import (
	"encoding/json"
	"fmt"
	"log/slog"
	"net/http"
	"strconv"
	"strings"
)

// Secret is a credential: the API key, a webhook signing secret, the
// Transparenzregister password. It never shows itself: fmt prints
// "[REDACTED]" for every verb (%v, %+v, %#v, %s, %q, %x, ...), slog logs
// "[REDACTED]" with every handler (also inside structs, slices and maps,
// through LogValue, MarshalJSON and Format), and encoding/json and every
// encoding.TextMarshaler user write "[REDACTED]". Only Reveal gives the
// value, and the SDK calls it only where the secret is sent.
//
// Secret is a string type, so string literals keep compiling where a
// Secret is expected (Password: "..."), and decoding JSON into a Secret
// reads the string as it is. One consequence: encoding/json writes map
// keys of string types as they are, so never key a map by a Secret.
type Secret string

const redacted = "[REDACTED]"

// Reveal returns the secret's value. Call it only to send the secret.
func (s Secret) Reveal() string { return string(s) }

// String returns "[REDACTED]", or "" for an empty secret (so that a
// missing credential still shows as missing).
func (s Secret) String() string {
	if s == "" {
		return ""
	}
	return redacted
}

// GoString is String, so %#v redacts too.
func (s Secret) GoString() string { return strconv.Quote(s.String()) }

// Format writes String for every verb and flag, so no verb (%x, %q, %d,
// ...) reaches the bytes.
func (s Secret) Format(f fmt.State, verb rune) {
	if verb == 'q' {
		_, _ = f.Write([]byte(strconv.Quote(s.String())))
		return
	}
	_, _ = f.Write([]byte(s.String()))
}

// LogValue makes slog log String.
func (s Secret) LogValue() slog.Value { return slog.StringValue(s.String()) }

// MarshalJSON writes String as a JSON string: a struct holding a Secret
// can be logged or stored as JSON without the value. Requests that send a
// secret encode it with Reveal.
func (s Secret) MarshalJSON() ([]byte, error) { return []byte(strconv.Quote(s.String())), nil }

// MarshalText writes String, for encoders that use encoding.TextMarshaler.
func (s Secret) MarshalText() ([]byte, error) { return []byte(s.String()), nil }

// secret returns Reveal of v as a function: the Client keeps its API key
// as a Secret inside such a closure, so that neither printing a Client
// (a dereferenced one, a struct dump) nor a debugger's view of its fields
// shows it.
func secret(v string) func() string { return Secret(v).Reveal }

// String describes the client without its API key: the base URL and the
// budget, e.g. "registerdata.Client{base: https://api.openregister.de,
// key: [REDACTED], spent: 20}".
func (c *Client) String() string {
	if c == nil {
		return "registerdata.Client(nil)"
	}
	s := fmt.Sprintf("registerdata.Client{base: %s, key: %s, spent: %d", c.baseURL, redacted, c.CreditsSpent())
	if left, ok := c.CreditsRemaining(); ok {
		s += fmt.Sprintf(", budget left: %d", left)
	}
	return s + "}"
}

// GoString is String, so %#v redacts the key too.
func (c *Client) GoString() string { return c.String() }

// Format prints String for every verb (%v, %+v, %#v, %s, %q, ...), so no
// verb walks the client's fields.
func (c *Client) Format(f fmt.State, _ rune) { _, _ = f.Write([]byte(c.String())) }

// LogValue makes slog.Any("client", c) log the base URL and credits
// spent, never the key.
func (c *Client) LogValue() slog.Value {
	if c == nil {
		return slog.StringValue("registerdata.Client(nil)")
	}
	return slog.GroupValue(
		slog.String("base_url", c.baseURL.String()),
		slog.String("api_key", redacted),
		slog.Int64("credits_spent", c.CreditsSpent()),
	)
}

// secretCarrier is implemented by request bodies that carry a secret
// (credentialsBody): an error answer to them must not quote it.
type secretCarrier interface{ secrets() []string }

// requestSecrets lists what an answer to r must not repeat: the API key
// of the Authorization header req carried, and the secrets of r's body.
func requestSecrets(r request, req *http.Request) []string {
	var out []string
	if req != nil {
		if key, ok := strings.CutPrefix(req.Header.Get("Authorization"), "Bearer "); ok && key != "" {
			out = append(out, key)
		}
	}
	if sc, ok := r.body.(secretCarrier); ok {
		out = append(out, sc.secrets()...)
	}
	return out
}

// scrub replaces every occurrence of each secret in s, as written and as
// a JSON string would escape it, with [REDACTED]: the service's error
// message may quote the request.
func scrub(s string, secrets []string) string {
	for _, sec := range secrets {
		if sec == "" {
			continue
		}
		s = strings.ReplaceAll(s, sec, redacted)
		if q, err := json.Marshal(sec); err == nil {
			if esc := string(q[1 : len(q)-1]); esc != sec {
				s = strings.ReplaceAll(s, esc, redacted)
			}
		}
	}
	return s
}

// scrubAPIError removes the request's secrets from what e quotes of the
// answer (its message, code and body).
func scrubAPIError(e *APIError, secrets []string) {
	if len(secrets) == 0 {
		return
	}
	e.Message = scrub(e.Message, secrets)
	e.Code = scrub(e.Code, secrets)
	if body := scrub(string(e.Body), secrets); body != string(e.Body) {
		e.Body = []byte(body)
	}
}
