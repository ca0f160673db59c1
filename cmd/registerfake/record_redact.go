package main

import (
	"context"
	"net/http"
	"os"
	"strings"
)

// Redaction: nothing the recording run knows as a secret reaches a file.
// The run knows the upstream key ($REGISTERDATA_API_KEY), the webhook
// secret when $REGISTERDATA_WEBHOOK_SECRET is set, and, per call, the key
// the client sent. An upstream answer that echoes one of them (an error
// text quoting the Authorization header, a debug field) is written with
// each occurrence, in every string and every object key at any depth,
// replaced by redactedMark. Only answer bodies are written; no header
// reaches the directory.

// redactedMark replaces a secret in a recorded answer.
const redactedMark = "[REDACTED]"

// minSubstringSecret is the length from which a secret is redacted
// wherever it occurs inside a string; a shorter one ("k", "test") would
// match ordinary text, so only a string that is the secret as a whole
// is replaced.
const minSubstringSecret = 8

// clientKeyCtx carries the key the client sent from the proxy's Rewrite
// to its ModifyResponse.
type clientKeyCtx struct{}

// withClientKey stores the key of the client's Authorization header (or
// X-API-Key) in the outgoing request's context.
func withClientKey(in, out *http.Request) *http.Request {
	key := strings.TrimSpace(in.Header.Get("X-API-Key"))
	if auth := in.Header.Get("Authorization"); auth != "" {
		_, key, _ = strings.Cut(auth, " ")
		key = strings.TrimSpace(key)
	}
	if key == "" {
		return out
	}
	return out.WithContext(context.WithValue(out.Context(), clientKeyCtx{}, key))
}

// runSecrets returns the secrets every recorded answer is redacted of.
func runSecrets(upstreamKey string) []string {
	secrets := []string{upstreamKey}
	if s := os.Getenv(envWebhookSecret); s != "" {
		secrets = append(secrets, s)
	}
	return secrets
}

// secretsOf returns the run's secrets plus the key the client sent with
// req, if any.
func secretsOf(run []string, req *http.Request) []string {
	if req == nil {
		return run
	}
	if k, ok := req.Context().Value(clientKeyCtx{}).(string); ok && k != "" {
		return append(append([]string{}, run...), k)
	}
	return run
}

// redact returns v (a decoded JSON value) with every secret replaced in
// its strings and object keys.
func redact(v any, secrets []string) any {
	switch x := v.(type) {
	case string:
		return redactString(x, secrets)
	case map[string]any:
		out := make(map[string]any, len(x))
		for k, e := range x {
			out[redactString(k, secrets)] = redact(e, secrets)
		}
		return out
	case []any:
		for i, e := range x {
			x[i] = redact(e, secrets)
		}
		return x
	}
	return v
}

func redactString(s string, secrets []string) string {
	for _, sec := range secrets {
		switch {
		case sec == "":
		case s == sec:
			return redactedMark
		case len(sec) >= minSubstringSecret:
			s = strings.ReplaceAll(s, sec, redactedMark)
		}
	}
	return s
}
