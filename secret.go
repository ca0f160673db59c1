package registerdata

import (
	"fmt"
	"log/slog"
)

// apiKey holds the API key. The Client keeps it behind a pointer, so that
// printing a Client value field by field (fmt's %v of a dereferenced
// Client, a debugger's dump) shows an address, never the key; and the
// type itself redacts in every form fmt and slog know.
type apiKey struct{ value string }

const redacted = "[REDACTED]"

// String redacts the key.
func (k *apiKey) String() string { return redacted }

// GoString redacts the key for %#v.
func (k *apiKey) GoString() string { return redacted }

// LogValue redacts the key for log/slog.
func (k *apiKey) LogValue() slog.Value { return slog.StringValue(redacted) }

// Format redacts the key for every verb, %x and %q included.
func (k *apiKey) Format(f fmt.State, _ rune) { _, _ = f.Write([]byte(redacted)) }

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
