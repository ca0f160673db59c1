package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"sync"
	"sync/atomic"

	"github.com/registerdata/registerdata-go/internal/atomicfile"
)

// recorder writes the answers worth recording into dir.
type recorder struct {
	dir     string
	secrets []string   // redacted from every answer written
	mu      sync.Mutex // one write at a time
	count   atomic.Int64
}

// keep is the proxy's ModifyResponse: it records a 200 answer to a GET
// the -data layout holds, and hands the body on unchanged.
func (rc *recorder) keep(res *http.Response) error {
	req := res.Request
	if req == nil || req.Method != http.MethodGet || res.StatusCode != http.StatusOK {
		return nil
	}
	target := recordTarget(req.URL.Path)
	if target == "" {
		return nil
	}
	body, err := io.ReadAll(io.LimitReader(res.Body, maxRecorded+1))
	if err != nil {
		return err
	}
	rest := res.Body
	res.Body = struct {
		io.Reader
		io.Closer
	}{io.MultiReader(bytes.NewReader(body), rest), rest}
	if len(body) > maxRecorded {
		return nil // too large to keep: forwarded, not recorded
	}
	if err := rc.write(target, body, secretsOf(rc.secrets, req)); err != nil {
		// The call still gets its answer; the recording says what failed.
		res.Header.Add("Warning", `199 registerfake "not recorded: `+err.Error()+`"`)
	}
	return nil
}

// write stores one answer at target, without its presigned addresses and
// with every secret redacted.
func (rc *recorder) write(target string, body []byte, secrets []string) error {
	var v any
	if err := json.Unmarshal(body, &v); err != nil {
		return fmt.Errorf("the answer is not JSON: %v", err)
	}
	dropSources(v)
	v = redact(v, secrets)
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", "  ")
	if err := enc.Encode(v); err != nil {
		return err
	}
	rc.mu.Lock()
	defer rc.mu.Unlock()
	path := filepath.Join(rc.dir, target)
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return err
	}
	if err := atomicfile.WriteFile(path, buf.Bytes(), 0o644); err != nil {
		return err
	}
	rc.count.Add(1)
	return nil
}

// dropSources removes every "sources" key: the presigned addresses of an
// answer, which expire and which the fake issues itself.
func dropSources(v any) {
	switch x := v.(type) {
	case map[string]any:
		delete(x, "sources")
		for _, e := range x {
			dropSources(e)
		}
	case []any:
		for _, e := range x {
			dropSources(e)
		}
	}
}
