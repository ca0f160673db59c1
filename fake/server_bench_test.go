package fake

import (
	"bytes"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"strconv"
	"sync"
	"testing"
	"time"

	registerdata "github.com/registerdata/registerdata-go"
	"github.com/registerdata/registerdata-go/enums"
	"github.com/registerdata/registerdata-go/filters"
)

// serveClients is how many clients send requests at once.
const serveClients = 8

// serveCase is one request of the serving benchmark.
type serveCase struct {
	name   string
	method string
	path   string
	body   string
}

// serveCases: the flagship record, a generated record, and a search with
// three filters.
func serveCases(b *testing.B, s *Server) []serveCase {
	fs, err := filters.Company().Status(enums.CompanyStatusActive).LegalForm(enums.LegalFormGmbH).City("Berlin").Build()
	if err != nil {
		b.Fatal(err)
	}
	search, err := registerdata.CompanySearchRequest{Filters: fs, Pagination: registerdata.PageRequest{Page: 1, PerPage: 20}}.MarshalJSON()
	if err != nil {
		b.Fatal(err)
	}
	ids := s.CompanyIDs()
	return []serveCase{
		{"lookup-flagship", "GET", "/v1/company/" + richID, ""},
		{"lookup-generated", "GET", "/v1/company/" + ids[len(ids)-1], ""},
		{"search-3-filters", "POST", "/v1/search/company", string(search)},
	}
}

// BenchmarkServeVsBare measures the fake answering at serveClients
// clients at once against a bare net/http server that writes the same
// bytes (the fake's own answer, recorded first) with the same headers,
// in turns of 200 requests each, both over loopback with the same
// client. x-bare is the fake's throughput as a fraction of the bare
// server's (1 would be as fast); the time per op is one request of the
// fake.
func BenchmarkServeVsBare(b *testing.B) {
	const generated = 10_000
	s := NewServer(WithGenerated(generated), WithCredits(1<<50), WithClock(NewClock(testStart)))
	b.Cleanup(s.Close)
	client := &http.Client{Transport: &http.Transport{MaxIdleConnsPerHost: 2 * serveClients, MaxConnsPerHost: 2 * serveClients}}
	for _, c := range serveCases(b, s) {
		b.Run(c.name, func(b *testing.B) {
			answer := serveOne(b, client, s.URL, s.APIKey, c)
			bare := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
				_, _ = io.Copy(io.Discard, r.Body)
				w.Header().Set("Content-Type", "application/json")
				w.Header().Set("Content-Length", strconv.Itoa(len(answer)))
				w.Header().Set("X-Request-Id", "0123456789abcdef")
				_, _ = w.Write(answer)
			}))
			defer bare.Close()
			b.ReportAllocs()
			var fakeTime, bareTime time.Duration
			n := 0
			for b.Loop() {
				// A turn of each, in alternating order: the machine's
				// drift falls on both.
				if n%2 == 0 {
					fakeTime += burst(b, client, s.URL, s.APIKey, c, 200)
					bareTime += burst(b, client, bare.URL, s.APIKey, c, 200)
				} else {
					bareTime += burst(b, client, bare.URL, s.APIKey, c, 200)
					fakeTime += burst(b, client, s.URL, s.APIKey, c, 200)
				}
				n++
			}
			b.ReportMetric(float64(bareTime)/float64(fakeTime), "x-bare")
			b.ReportMetric(float64(fakeTime.Nanoseconds())/float64(200*n), "fake-ns/req")
			b.ReportMetric(float64(bareTime.Nanoseconds())/float64(200*n), "bare-ns/req")
		})
	}
}

// burst sends n requests from serveClients clients at once and returns
// how long they took.
func burst(b *testing.B, client *http.Client, base, key string, c serveCase, n int) time.Duration {
	var wg sync.WaitGroup
	next := make(chan struct{}, n)
	for range n {
		next <- struct{}{}
	}
	close(next)
	start := time.Now()
	for range serveClients {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for range next {
				serveOne(b, client, base, key, c)
			}
		}()
	}
	wg.Wait()
	return time.Since(start)
}

// serveOne sends one request and returns the body of its 200 answer.
func serveOne(b *testing.B, client *http.Client, base, key string, c serveCase) []byte {
	var body io.Reader
	if c.body != "" {
		body = bytes.NewReader([]byte(c.body))
	}
	req, err := http.NewRequest(c.method, base+c.path, body)
	if err != nil {
		b.Error(err)
		return nil
	}
	req.Header.Set("Authorization", "Bearer "+key)
	if c.body != "" {
		req.Header.Set("Content-Type", "application/json")
	}
	resp, err := client.Do(req)
	if err != nil {
		b.Error(err)
		return nil
	}
	defer resp.Body.Close()
	out, err := io.ReadAll(resp.Body)
	if err != nil || resp.StatusCode != http.StatusOK {
		b.Error(fmt.Errorf("%s %s: %d %v: %s", c.method, c.path, resp.StatusCode, err, out))
	}
	return out
}
