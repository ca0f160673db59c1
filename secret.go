package registerdata

import (
	"fmt"
	"log/slog"
)

// secret returns a function that returns v. The Client keeps its API key
// only inside such a closure: fmt, slog and debuggers print a func value
// as an address, so no way of printing a Client (a dereferenced one, a
// wrong verb, a struct dump) can reach the key.
func secret(v string) func() string { return func() string { return v } }

const redacted = "[REDACTED]"

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
