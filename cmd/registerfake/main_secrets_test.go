package main

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// runAtOnce runs registerfake with a cancelled context (it serves and
// shuts down at once) and returns what it printed.
func runAtOnce(t *testing.T, args ...string) (stdout, stderr string, err error) {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	var out, errOut bytes.Buffer
	err = run(ctx, append([]string{"-addr", "127.0.0.1:0"}, args...), &out, &errOut)
	return out.String(), errOut.String(), err
}

// TestSecretsComeFromFilesOrTheEnvironment: the key and the webhook
// secret are read from -api-key-file / -webhook-secret-file or the
// environment without a word; on the command line they still work, with
// a warning on stderr (issue 19, defect 9); the help shows the safe way.
func TestSecretsComeFromFilesOrTheEnvironment(t *testing.T) {
	dir := t.TempDir()
	keyFile, secretFile := filepath.Join(dir, "key"), filepath.Join(dir, "secret")
	require.NoError(t, os.WriteFile(keyFile, []byte("file-key\n"), 0o600))
	require.NoError(t, os.WriteFile(secretFile, []byte("whsec_MTIzNDU2Nzg5MDEyMzQ1Njc4OTAxMjM0NTY3ODkwMTI=\n"), 0o600))

	stdout, stderr, err := runAtOnce(t, "-api-key-file", keyFile, "-webhook-secret-file", secretFile, "-webhook-url", "http://127.0.0.1:9/hooks")
	require.NoError(t, err)
	assert.Contains(t, stdout, "REGISTERDATA_API_KEY=file-key\n")
	assert.Empty(t, stderr, "no warning for secrets from files")

	t.Setenv(envAPIKey, "env-key")
	t.Setenv(envWebhookSecret, "whsec_MTIzNDU2Nzg5MDEyMzQ1Njc4OTAxMjM0NTY3ODkwMTI=")
	stdout, stderr, err = runAtOnce(t, "-webhook-url", "http://127.0.0.1:9/hooks")
	require.NoError(t, err)
	assert.Contains(t, stdout, "REGISTERDATA_API_KEY=env-key\n")
	assert.Empty(t, stderr)

	stdout, stderr, err = runAtOnce(t, "-api-key", "cli-key", "-webhook-secret", "whsec_MTIzNDU2Nzg5MDEyMzQ1Njc4OTAxMjM0NTY3ODkwMTI=", "-webhook-url", "http://127.0.0.1:9/hooks")
	require.NoError(t, err)
	assert.Contains(t, stdout, "REGISTERDATA_API_KEY=cli-key\n", "the command line still works")
	assert.Contains(t, stderr, "WARNING: -api-key on the command line")
	assert.Contains(t, stderr, "WARNING: -webhook-secret on the command line")
	assert.Contains(t, stderr, "-webhook-secret-file")
	assert.NotContains(t, stderr, "MTIzNDU2", "the warning does not repeat the secret")

	_, _, err = runAtOnce(t, "-api-key", "a", "-api-key-file", keyFile)
	assert.ErrorContains(t, err, "both given")
	empty := filepath.Join(dir, "empty")
	require.NoError(t, os.WriteFile(empty, []byte("\n"), 0o600))
	_, _, err = runAtOnce(t, "-api-key-file", empty)
	assert.ErrorContains(t, err, "empty")
	_, _, err = runAtOnce(t, "-api-key-file", filepath.Join(dir, "missing"))
	assert.Error(t, err)

	var help bytes.Buffer
	require.NoError(t, run(context.Background(), []string{"-h"}, &help, &bytes.Buffer{}))
	for _, want := range []string{"-api-key-file", "-webhook-secret-file", envAPIKey, envWebhookSecret, "visible to every local user"} {
		assert.Contains(t, help.String(), want)
	}
}
