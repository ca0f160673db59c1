package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/http/httputil"
	"net/url"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"time"

	registerdata "github.com/registerdata/registerdata-go"
)

// Recording (-record DIR -upstream URL): registerfake runs as a proxy in
// front of the real service. Every call is forwarded with the key from
// $REGISTERDATA_API_KEY (whatever key the client sends is replaced, and
// the key is written nowhere, see record_redact.go); every 200 answer of a lookup the -data
// layout holds is written into DIR:
//
//	GET /v1/company/{id}             DIR/companies/{id}.json
//	GET /v1/company/{id}/owners      DIR/owners/{id}.json
//	GET /v1/company/{id}/financials  DIR/financials/{id}.json
//	GET /v1/person/{id}              DIR/persons/{id}.json
//	GET /v1/insolvency/{id}          DIR/insolvencies/{id}.json
//
// with the presigned addresses ("sources") left out: the fake issues its
// own, and request ids are the fake's own when it serves the files.
// Other calls (searches, monitors, ...) are forwarded and not written:
// the fake derives them from the recorded register. A person is served
// when the companies of their positions are recorded too.

// upstreamKeyEnv names the variable holding the real service's key.
const upstreamKeyEnv = "REGISTERDATA_API_KEY"

// maxRecorded bounds an answer the recorder keeps in memory to write.
const maxRecorded = 64 << 20

// recordRoutes maps a lookup path to the folder of its answers.
var recordRoutes = []struct {
	re   *regexp.Regexp
	kind string
}{
	{regexp.MustCompile(`^/v1/company/([^/]+)$`), "companies"},
	{regexp.MustCompile(`^/v1/company/([^/]+)/owners$`), "owners"},
	{regexp.MustCompile(`^/v1/company/([^/]+)/financials$`), "financials"},
	{regexp.MustCompile(`^/v1/person/([^/]+)$`), "persons"},
	{regexp.MustCompile(`^/v1/insolvency/([^/]+)$`), "insolvencies"},
}

// recordTarget returns the file a GET of path is recorded in, relative
// to the directory, or "" when it is not recorded. Ids are checked, so a
// hostile one ("../x", "a/b") names no file.
func recordTarget(path string) string {
	for _, r := range recordRoutes {
		m := r.re.FindStringSubmatch(path)
		if m == nil {
			continue
		}
		id := m[1]
		if r.kind == "persons" || r.kind == "insolvencies" {
			if !registerdata.IsUUID(id) {
				return ""
			}
		} else if _, err := registerdata.ParseCompanyID(id); err != nil {
			return ""
		}
		return filepath.Join(r.kind, id+".json")
	}
	return ""
}

// record runs the recording proxy until ctx ends.
func record(ctx context.Context, addr, dir, upstream string, stdout io.Writer) error {
	key := os.Getenv(upstreamKeyEnv)
	switch {
	case dir == "" || upstream == "":
		return errors.New("-record DIR and -upstream URL go together: give both")
	case key == "":
		return fmt.Errorf("-record needs the real service's key in $%s (it is never written anywhere)", upstreamKeyEnv)
	}
	up, err := url.Parse(upstream)
	if err != nil || (up.Scheme != "http" && up.Scheme != "https") || up.Host == "" {
		return fmt.Errorf("-upstream %q is not an absolute http(s) address such as https://api.example.com", upstream)
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return fmt.Errorf("-record: %w", err)
	}
	for _, r := range recordRoutes {
		// Writes a kill cut short leave temporary files ("."-named,
		// which -data skips); the recorded files are whole.
		stale, _ := filepath.Glob(filepath.Join(dir, r.kind, ".*.tmp-*"))
		for _, f := range stale {
			_ = os.Remove(f)
		}
	}
	rec := &recorder{dir: dir, secrets: runSecrets(key)}
	proxy := &httputil.ReverseProxy{
		Rewrite: func(pr *httputil.ProxyRequest) {
			pr.Out = withClientKey(pr.In, pr.Out)
			pr.SetURL(up)
			pr.Out.Header.Set("Authorization", "Bearer "+key)
		},
		ModifyResponse: rec.keep,
	}
	l, err := net.Listen("tcp", addr)
	if err != nil {
		return fmt.Errorf("-addr: %w", err)
	}
	srv := &http.Server{Handler: http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if !strings.HasPrefix(r.URL.Path, "/v1/") && !strings.HasPrefix(r.URL.Path, "/v0/") {
			http.Error(w, "registerfake is recording: only the service's /v1/ and /v0/ endpoints are forwarded", http.StatusNotFound)
			return
		}
		proxy.ServeHTTP(w, r)
	}), ReadHeaderTimeout: 10 * time.Second}
	go func() { _ = srv.Serve(l) }()
	base := "http://" + l.Addr().String()
	fmt.Fprintf(stdout, "registerfake recording %s into %s\n", up.Redacted(), dir)
	fmt.Fprintf(stdout, "REGISTERDATA_BASE_URL=%s\n", base)
	fmt.Fprintf(stdout, "REGISTERDATA_API_KEY=%s\n", "recording") // the proxy sends the real key itself

	<-ctx.Done()
	shutdownCtx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	err = srv.Shutdown(shutdownCtx)
	fmt.Fprintf(stdout, "registerfake: recorded %d answers into %s; serve them with registerfake -data %s\n", rec.count.Load(), dir, dir)
	return err
}
