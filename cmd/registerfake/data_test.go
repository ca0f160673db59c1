package main

import (
	"bytes"
	"context"
	"io"
	"net/http"
	"os"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// get sends an authenticated GET and returns the status and body.
func get(t *testing.T, url, key string) (int, []byte) {
	t.Helper()
	req, err := http.NewRequest(http.MethodGet, url, nil)
	require.NoError(t, err)
	req.Header.Set("Authorization", "Bearer "+key)
	res, err := http.DefaultClient.Do(req)
	require.NoError(t, err)
	defer res.Body.Close()
	b, err := io.ReadAll(res.Body)
	require.NoError(t, err)
	return res.StatusCode, b
}

func TestRunServesADataDirectory(t *testing.T) {
	base, key, stop := startRun(t, "-data", "../../fake/testdata/example-register", "-curated=false")
	status, body := get(t, base+"/v1/company/DE-HRB-F1103-500002", key)
	require.Equal(t, http.StatusOK, status, "%s", body)
	assert.Contains(t, string(body), "Beispiel Software GmbH")
	status, _ = get(t, base+"/v1/company/DE-HRB-F1103-267645", key)
	assert.Equal(t, http.StatusNotFound, status, "-curated=false leaves the curated register out")
	require.NoError(t, stop())
}

func TestRunRefusesABrokenDataDirectory(t *testing.T) {
	var stderr bytes.Buffer
	err := run(context.Background(), []string{"-addr", "127.0.0.1:0", "-data", t.TempDir() + "/missing"}, io.Discard, &stderr)
	require.Error(t, err)
	assert.Contains(t, err.Error(), "data directory")
}

func TestRunSnapshotKeepsTheStateAcrossRestarts(t *testing.T) {
	file := t.TempDir() + "/state.json"
	base, _, stop := startRun(t, "-snapshot", file, "-credits", "500")
	req, err := http.NewRequest(http.MethodPut, base+"/_fake/credits", strings.NewReader(`{"credits": 123}`))
	require.NoError(t, err)
	req.Header.Set("Content-Type", "application/json")
	res, err := http.DefaultClient.Do(req)
	require.NoError(t, err)
	res.Body.Close()
	require.Equal(t, http.StatusOK, res.StatusCode)
	require.NoError(t, stop())
	_, err = os.Stat(file)
	require.NoError(t, err, "the state is written at shutdown")

	base, _, stop = startRun(t, "-snapshot", file, "-credits", "500")
	status, body := get(t, base+"/_fake/credits", "")
	require.Equal(t, http.StatusOK, status)
	assert.JSONEq(t, `{"credits": 123}`, string(body), "the restored fake has the saved credits, not -credits")
	require.NoError(t, stop())

	require.NoError(t, os.WriteFile(file, []byte(`{"format": "registerfake-snapshot", "version": 99}`), 0o600))
	err = run(context.Background(), []string{"-addr", "127.0.0.1:0", "-snapshot", file}, io.Discard, io.Discard)
	require.Error(t, err)
	assert.Contains(t, err.Error(), "version 99")
}
