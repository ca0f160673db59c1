package registerfaketc

import (
	"context"
	"encoding/json"
	"net/http"
	"os"
	"testing"
	"time"

	registerdata "github.com/registerdata/registerdata-go"
	"github.com/testcontainers/testcontainers-go"
)

// curatedID is a curated company of the fake's register.
const curatedID = "DE-HRB-F1103-267645"

// TestAPIKeyIsTheOneTheFakeSeeds: the key APIKey reports follows
// registerfake's own order: -api-key, else REGISTERFAKE_API_KEY, else
// fake-api-key.
func TestAPIKeyIsTheOneTheFakeSeeds(t *testing.T) {
	for _, tc := range []struct {
		name string
		cmd  []string
		env  map[string]string
		want string
	}{
		{"default", nil, nil, DefaultAPIKey},
		{"flag", []string{"-generated", "5", "-api-key", "k1"}, nil, "k1"},
		{"flag with =", []string{"--api-key=k2"}, map[string]string{"REGISTERFAKE_API_KEY": "env"}, "k2"},
		{"environment", []string{"-seed", "3"}, map[string]string{"REGISTERFAKE_API_KEY": "env"}, "env"},
		{"a file's key is unknown", []string{"-api-key-file", "/run/key"}, nil, DefaultAPIKey},
	} {
		if got := apiKeyOf(tc.cmd, tc.env); got != tc.want {
			t.Errorf("%s: apiKeyOf(%q, %v) = %q, want %q", tc.name, tc.cmd, tc.env, got, tc.want)
		}
	}
}

// fakeImage is the image the container tests start: $REGISTERFAKE_IMAGE
// (.ci/run builds, loads and names it). Without it, or without a Docker
// API (podman system service, DOCKER_HOST), the test skips saying so,
// and fails with CI=true.
func fakeImage(t *testing.T) string {
	t.Helper()
	missing := func(format string, args ...any) {
		t.Helper()
		if os.Getenv("CI") == "true" {
			t.Fatalf(format, args...)
		}
		t.Skipf(format, args...)
	}
	img := os.Getenv("REGISTERFAKE_IMAGE")
	if img == "" {
		missing("REGISTERFAKE_IMAGE is not set: build and load the image (go run ./.ci/images -out DIR; podman load -i DIR/registerfake.tar) and set REGISTERFAKE_IMAGE=localhost/registerfake:VERSION")
		return ""
	}
	provider, err := testcontainers.ProviderDefault.GetProvider()
	if err == nil {
		defer provider.Close()
		err = provider.Health(context.Background())
	}
	if err != nil {
		missing("no Docker API to start %s: %v (start one: podman system service --time=0 unix:///tmp/podman.sock &, then DOCKER_HOST=unix:///tmp/podman.sock TESTCONTAINERS_RYUK_DISABLED=true, and TESTCONTAINERS_HOST_OVERRIDE=localhost on a machine with /.dockerenv)", img, err)
	}
	return img
}

// TestRunServesACompanyThroughTheSDKAndMovesTheClock starts the image,
// gets a company through the SDK and moves the fake's clock.
func TestRunServesACompanyThroughTheSDKAndMovesTheClock(t *testing.T) {
	img := fakeImage(t)
	ctx := context.Background()
	c, err := Run(ctx, img, WithSeed(7), WithGenerated(10))
	t.Cleanup(func() {
		if err := c.Terminate(context.Background()); err != nil {
			t.Errorf("Terminate: %v", err)
		}
	})
	if err != nil {
		t.Fatal(err)
	}
	base, err := c.BaseURL(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if c.APIKey() != DefaultAPIKey {
		t.Errorf("APIKey() = %q, want %q", c.APIKey(), DefaultAPIKey)
	}
	client, err := registerdata.NewClient(registerdata.WithBaseURL(base), registerdata.WithAPIKey(c.APIKey()))
	if err != nil {
		t.Fatal(err)
	}
	company, err := client.GetCompany(ctx, curatedID, nil)
	if err != nil {
		t.Fatalf("GetCompany(%s) through %s: %v", curatedID, base, err)
	}
	if company.ID != curatedID || company.Name.Name == "" {
		t.Errorf("GetCompany(%s) = id %q, name %q", curatedID, company.ID, company.Name.Name)
	}

	before := fakeNow(t, base)
	if err := c.AdvanceClock(ctx, 48*time.Hour); err != nil {
		t.Fatal(err)
	}
	if after := fakeNow(t, base); after.Sub(before) < 48*time.Hour {
		t.Errorf("the fake's clock went from %v to %v after AdvanceClock(48h)", before, after)
	}
	if err := c.AdvanceClock(ctx, -time.Second); err == nil {
		t.Error("AdvanceClock(-1s) succeeded: the clock only moves forward")
	}
}

// fakeNow reads the fake's clock (GET /_fake/clock).
func fakeNow(t *testing.T, base string) time.Time {
	t.Helper()
	req, err := http.NewRequest(http.MethodGet, base+"/_fake/clock", nil)
	if err != nil {
		t.Fatal(err)
	}
	req.Host = "localhost"
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	var body struct {
		Now time.Time `json:"now"`
	}
	if res.StatusCode != http.StatusOK {
		t.Fatalf("GET /_fake/clock: %s", res.Status)
	}
	if err := json.NewDecoder(res.Body).Decode(&body); err != nil {
		t.Fatal(err)
	}
	return body.Now
}
