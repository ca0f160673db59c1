package fake

import (
	"fmt"
	"net/http"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/registerdata/registerdata-go/enums"
)

// controlRequest sends a control request with the given Host, Origin
// and Content-Type headers ("" leaves one out) and returns the status.
func controlRequest(t *testing.T, srv *Server, method, path, host, origin, contentType, body string) int {
	t.Helper()
	req, err := http.NewRequest(method, srv.URL+path, strings.NewReader(body))
	require.NoError(t, err)
	if host != "" {
		req.Host = host
	}
	if origin != "" {
		req.Header.Set("Origin", origin)
	}
	if contentType != "" {
		req.Header.Set("Content-Type", contentType)
	}
	res, err := http.DefaultClient.Do(req)
	require.NoError(t, err)
	_ = res.Body.Close()
	return res.StatusCode
}

// TestControlRoutesRefuseForeignHosts: a request to a foreign host name
// (DNS rebinding) or from a page of another site changes nothing.
func TestControlRoutesRefuseForeignHosts(t *testing.T) {
	srv, clk := newTestServer(t, WithCredits(70))
	_, port, _ := strings.Cut(strings.TrimPrefix(srv.URL, "http://"), ":")
	for _, host := range []string{"evil.example", "evil.example:" + port, "127.0.0.1.evil.example", "localhost.evil.example", "0.0.0.0:" + port, "192.168.1.10"} {
		assert.Equal(t, http.StatusForbidden, controlRequest(t, srv, "PUT", "/_fake/credits", host, "", "application/json", `{"credits": 5}`), host)
		assert.Equal(t, http.StatusForbidden, controlRequest(t, srv, "GET", "/_fake/credits", host, "", "", ""), host)
		assert.Equal(t, http.StatusForbidden, controlRequest(t, srv, "POST", "/_fake/inspector/bin", host, "", "text/plain", "x"), host)
	}
	for _, origin := range []string{"http://evil.example", "https://evil.example:8443", "null"} {
		assert.Equal(t, http.StatusForbidden, controlRequest(t, srv, "POST", "/_fake/clock/advance", "", origin, "application/json", `{"seconds": 60}`), origin)
	}
	assert.Equal(t, int64(70), srv.Credits(srv.APIKey), "no refused request changed the credits")
	assert.Equal(t, testStart, clk.Now(), "no refused request moved the clock")

	for _, host := range []string{"localhost:" + port, "127.0.0.1:" + port, "127.0.0.2", "[::1]:" + port, "app.localhost:" + port, "LOCALHOST"} {
		assert.Equal(t, http.StatusOK, controlRequest(t, srv, "GET", "/_fake/clock", host, "", "", ""), host)
	}
	assert.Equal(t, http.StatusOK, controlRequest(t, srv, "POST", "/_fake/clock/advance", "", "http://localhost:3000", "application/json", `{"seconds": 60}`))
	assert.Equal(t, testStart.Add(time.Minute), clk.Now())
	assert.Equal(t, http.StatusUnauthorized, controlRequest(t, srv, "GET", "/v1/credits", "evil.example", "", "", ""),
		"the API itself is not a control route: it asks for the key")
}

// TestControlRoutesRefuseNonJSONWrites: a cross-site "simple" POST
// (text/plain, a form) changes nothing; JSON and JSON-based types pass.
func TestControlRoutesRefuseNonJSONWrites(t *testing.T) {
	srv, clk := newTestServer(t, WithCredits(70))
	for _, ct := range []string{"text/plain", "text/plain;charset=UTF-8", "application/x-www-form-urlencoded", "multipart/form-data; boundary=x", "none"} {
		if ct == "none" {
			ct = ""
		}
		assert.Equal(t, http.StatusUnsupportedMediaType, controlRequest(t, srv, "POST", "/_fake/clock/advance", "", "", ct, `{"seconds": 60}`), ct)
		assert.Equal(t, http.StatusUnsupportedMediaType, controlRequest(t, srv, "PUT", "/_fake/credits", "", "", ct, `{"credits": 5}`), ct)
		assert.Equal(t, http.StatusUnsupportedMediaType, controlRequest(t, srv, "PATCH", "/_fake/companies/"+richID, "", "", ct, `{"name": null}`), ct)
	}
	assert.Equal(t, int64(70), srv.Credits(srv.APIKey))
	assert.Equal(t, testStart, clk.Now())

	assert.Equal(t, http.StatusOK, controlRequest(t, srv, "PUT", "/_fake/credits", "", "", "application/json; charset=utf-8", `{"credits": 5}`))
	assert.Equal(t, int64(5), srv.Credits(srv.APIKey))
	assert.Equal(t, http.StatusOK, controlRequest(t, srv, "PATCH", "/_fake/companies/"+richID, "", "", "application/merge-patch+json", `{}`))
	assert.Equal(t, http.StatusBadRequest, controlRequest(t, srv, "POST", "/_fake/clock/advance", "", "", "", ""), "an empty body is the route's 400")
	assert.Equal(t, http.StatusOK, controlRequest(t, srv, "POST", "/_fake/inspector/bin", "", "", "text/plain", "x"), "the inspector records any body")
}

// TestControlHostsOption: WithControlHosts allows named hosts, "*" all.
func TestControlHostsOption(t *testing.T) {
	srv, _ := newTestServer(t, WithControlHosts("RegisterFake"))
	assert.Equal(t, http.StatusOK, controlRequest(t, srv, "GET", "/_fake/clock", "registerfake:8080", "", "", ""))
	assert.Equal(t, http.StatusForbidden, controlRequest(t, srv, "GET", "/_fake/clock", "other:8080", "", "", ""))
	any, _ := newTestServer(t, WithControlHosts("*"))
	assert.Equal(t, http.StatusOK, controlRequest(t, any, "GET", "/_fake/clock", "other:8080", "", "", ""))
}

// TestDeliveryLogIsBounded: beyond WithDeliveryLog's bound the oldest
// records are dropped and counted.
func TestDeliveryLogIsBounded(t *testing.T) {
	s := newMonitorSetup(t, WithDeliveryLog(3))
	s.monitor(t, companyMonitor(richID, enums.PreferenceBasic))
	for i := range 5 {
		s.update(t, richID, renameTo(fmt.Sprintf("Nordlicht %d GmbH", i)))
		s.clk.Advance(week)
	}
	require.Len(t, s.rc.events(), 5, "every delivery was made")
	d := s.srv.Deliveries()
	require.Len(t, d, 3)
	assert.Equal(t, 2, s.srv.DroppedDeliveries())
	assert.Contains(t, string(d[2].Body), "Nordlicht 4 GmbH", "the newest are kept")
	assert.Contains(t, string(d[0].Body), "Nordlicht 2 GmbH")

	res := do(t, http.MethodGet, s.srv.URL+"/_fake/deliveries", "", "")
	require.Equal(t, http.StatusOK, res.status)
	assert.Equal(t, "2", res.header.Get("X-Dropped-Deliveries"))
	n, err := strconv.Atoi(res.header.Get("X-Dropped-Deliveries"))
	require.NoError(t, err)
	assert.Equal(t, s.srv.DroppedDeliveries(), n)
}
