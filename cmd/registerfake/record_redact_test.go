package main

import (
	"fmt"
	"io/fs"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestRecordingWritesNoSecret: an upstream that echoes the key it got
// (in a field, as an object key, JSON-escaped, in a header) and the
// client's own key in a 200 answer: the recorded file holds neither, in
// any form, and says where they were redacted (issue 29, defect 11).
func TestRecordingWritesNoSecret(t *testing.T) {
	const upstreamKey = "upstream-secret-key-4c1d9e"
	const clientKey = "client-own-key-88a0f1"
	const webhookSecret = "whsec_c2VjcmV0LXdlYmhvb2stMTIzNDU2"
	upstream := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		auth := r.Header.Get("Authorization")
		escaped := strings.ReplaceAll(upstreamKey, "u", `\u0075`) // the key as JSON may spell it
		w.Header().Set("X-Echo", auth)
		w.Header().Set("Content-Type", "application/json")
		fmt.Fprintf(w, `{"id": %q, "debug": {"authorization": %q, %q: "key as a key", "escaped": "%s", "client": "bearer %s", "hook": %q},
			"list": ["%s", "before %s after"]}`,
			strings.TrimPrefix(r.URL.Path, "/v1/company/"), auth, upstreamKey, escaped, clientKey, webhookSecret, upstreamKey, upstreamKey)
	}))
	defer upstream.Close()

	dir := t.TempDir()
	t.Setenv(upstreamKeyEnv, upstreamKey)
	t.Setenv(envWebhookSecret, webhookSecret)
	base, _, stop := startRun(t, "-record", dir, "-upstream", upstream.URL, "-webhook-url", "http://127.0.0.1:9/hooks")
	status, body := get(t, base+"/v1/company/"+richID, clientKey)
	require.Equal(t, http.StatusOK, status)
	assert.Contains(t, string(body), upstreamKey, "the client gets the answer as the upstream sent it")
	require.NoError(t, stop())

	files := 0
	require.NoError(t, filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		b, err := os.ReadFile(path)
		require.NoError(t, err)
		for _, secret := range []string{upstreamKey, clientKey, webhookSecret, `\u0075pstream`, "secret-key-4c1d9e"} {
			assert.NotContains(t, string(b), secret, "%s holds a secret", path)
		}
		assert.Equal(t, 7, strings.Count(string(b), redactedMark), "each occurrence is redacted, and only those:\n%s", b)
		assert.Contains(t, string(b), `"before [REDACTED] after"`, "the text around a secret is kept")
		files++
		return nil
	}))
	assert.Equal(t, 1, files)
}

// TestRedactShortSecretsOnlyWhole: a secret too short to search for in
// text ("k") is redacted where a string is the secret itself, and
// ordinary words holding its letters are kept.
func TestRedactShortSecretsOnlyWhole(t *testing.T) {
	got := redact(map[string]any{"a": "k", "b": "keep", "k": []any{"k", "kk"}}, []string{"k"})
	assert.Equal(t, map[string]any{"a": redactedMark, "b": "keep", redactedMark: []any{redactedMark, "kk"}}, got)
}
