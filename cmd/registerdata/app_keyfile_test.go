package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/registerdata/registerdata-go/fake"
	"github.com/stretchr/testify/assert"
)

// TestTheAPIKeyComesFromTheFileItsVariableNames: with no
// $REGISTERDATA_API_KEY, the first line of the file the variable names
// is the key (systemd's LoadCredential=, container secrets); a missing
// or empty file is a usage error naming the variable, never the key; a
// key in the environment wins.
func TestTheAPIKeyComesFromTheFileItsVariableNames(t *testing.T) {
	srv := newFake(t, fake.WithClock(fake.NewClock(testNow)))
	dir := t.TempDir()
	keyFile := filepath.Join(dir, "api-key")
	writeFile(t, keyFile, srv.APIKey+"\nsecond line ignored\n")
	h := harness{env: map[string]string{envAPIKeyFile: keyFile, "REGISTERDATA_BASE_URL": srv.URL}}
	r := h.run(t, "company", "get", nordlicht).wantCode(t, 0)
	assert.Contains(t, r.stdout, "Nordlicht")
	assert.NotContains(t, r.stdout+r.stderr, srv.APIKey, "the key is never printed")

	h.env[envAPIKeyFile] = filepath.Join(dir, "missing")
	r = h.run(t, "company", "get", nordlicht).wantCode(t, exitUsage)
	assert.Contains(t, r.stderr, "$"+envAPIKeyFile)

	empty := filepath.Join(dir, "empty")
	writeFile(t, empty, "\n")
	h.env[envAPIKeyFile] = empty
	r = h.run(t, "company", "get", nordlicht).wantCode(t, exitUsage)
	assert.Contains(t, r.stderr, "first line is empty")

	h.env[envAPIKeyFile] = filepath.Join(dir, "missing")
	h.env["REGISTERDATA_API_KEY"] = srv.APIKey
	h.run(t, "company", "get", nordlicht).wantCode(t, 0)

	wrong := filepath.Join(dir, "wrong")
	assert.NoError(t, os.WriteFile(wrong, []byte("not-the-key\n"), 0o600))
	delete(h.env, "REGISTERDATA_API_KEY")
	h.env[envAPIKeyFile] = wrong
	r = h.run(t, "company", "get", nordlicht)
	assert.NotEqual(t, 0, r.code, "a wrong key in the file is refused by the service")
	assert.False(t, strings.Contains(r.stderr, "not-the-key"), "and not printed: %s", r.stderr)
}
