// Package registerfaketc starts the Register Data Service fake's container
// image (registerfake) from Go tests with testcontainers-go, following
// its module conventions: Run takes testcontainers-go's
// ContainerCustomizer options, waits until the fake's GET /healthz
// answers, and returns a Container whose BaseURL and APIKey configure an
// SDK client.
//
//	c, err := registerfaketc.Run(ctx, "localhost/registerfake:0.2.0", registerfaketc.WithSeed(7))
//	defer c.Terminate(ctx)
//	base, err := c.BaseURL(ctx)
//	client, err := registerdata.NewClient(registerdata.WithBaseURL(base), registerdata.WithAPIKey(c.APIKey()))
//	err = c.AdvanceClock(ctx, 24*time.Hour)   // the fake's POST /_fake/clock/advance
//
// The image is built by `go run ./.ci/images -out DIR` in the repository
// and loaded with `podman load -i DIR/registerfake.tar` (or docker load).
// Arguments given with testcontainers.WithCmdArgs are more flags of
// registerfake (see registerfake -h).
package registerfaketc

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net"
	"net/http"
	"strconv"
	"strings"
	"time"

	"github.com/testcontainers/testcontainers-go"
	"github.com/testcontainers/testcontainers-go/wait"
)

// DefaultAPIKey is the API key the image seeds with credits unless
// -api-key (or REGISTERFAKE_API_KEY) says otherwise.
const DefaultAPIKey = "fake-api-key"

// port is the fake's port inside the container.
const port = "8080/tcp"

// startupTimeout bounds the wait for GET /healthz.
const startupTimeout = 60 * time.Second

// Container is a running registerfake container.
type Container struct {
	testcontainers.Container
	apiKey string
}

// Run starts the registerfake image img (such as
// "localhost/registerfake:0.2.0") with opts applied after the module's
// defaults (port 8080 exposed, a wait on GET /healthz), and returns it
// once the fake answers. On an error after the container was created,
// the Container is returned too, for Terminate.
func Run(ctx context.Context, img string, opts ...testcontainers.ContainerCustomizer) (*Container, error) {
	var cmd, env = []string(nil), map[string]string(nil)
	all := []testcontainers.ContainerCustomizer{
		testcontainers.WithExposedPorts(port),
		testcontainers.WithWaitStrategy(wait.ForHTTP("/healthz").WithPort(port).WithStartupTimeout(startupTimeout)),
	}
	all = append(all, opts...)
	// Last: what the options made of the command line and the
	// environment, to know the API key.
	all = append(all, testcontainers.CustomizeRequestOption(func(req *testcontainers.GenericContainerRequest) error {
		cmd, env = req.Cmd, req.Env
		return nil
	}))
	ctr, err := testcontainers.Run(ctx, img, all...)
	var c *Container
	if ctr != nil {
		c = &Container{Container: ctr, apiKey: apiKeyOf(cmd, env)}
	}
	if err != nil {
		return c, fmt.Errorf("registerfaketc: starting %s: %w (is the image loaded? go run ./.ci/images -out DIR, then podman load -i DIR/registerfake.tar)", img, err)
	}
	return c, nil
}

// apiKeyOf is the key registerfake seeds given its arguments and
// environment: -api-key, else $REGISTERFAKE_API_KEY, else the default.
// A key given by -api-key-file is not known here: pass it with -api-key
// or the environment to have APIKey return it.
func apiKeyOf(cmd []string, env map[string]string) string {
	key := ""
	for i, a := range cmd {
		name, value, hasValue := strings.Cut(strings.TrimLeft(a, "-"), "=")
		if !strings.HasPrefix(a, "-") || name != "api-key" {
			continue
		}
		if hasValue {
			key = value
		} else if i+1 < len(cmd) {
			key = cmd[i+1]
		}
	}
	if key != "" {
		return key
	}
	if v := env["REGISTERFAKE_API_KEY"]; v != "" {
		return v
	}
	return DefaultAPIKey
}

// WithGenerated adds n synthetic companies to the curated register
// (registerfake -generated n).
func WithGenerated(n int) testcontainers.CustomizeRequestOption {
	return testcontainers.WithCmdArgs("-generated", strconv.Itoa(n))
}

// WithSeed makes the fake's run reproducible (registerfake -seed n): the
// same seed gives the same webhook ids, presigned signatures and draws of
// probabilistic faults.
func WithSeed(n int64) testcontainers.CustomizeRequestOption {
	return testcontainers.WithCmdArgs("-seed", strconv.FormatInt(n, 10))
}

// BaseURL is the fake's address as this host reaches it
// ("http://localhost:32768"), for registerdata.WithBaseURL.
func (c *Container) BaseURL(ctx context.Context) (string, error) {
	if c == nil || c.Container == nil {
		return "", fmt.Errorf("registerfaketc: the container was not started")
	}
	host, err := c.Host(ctx)
	if err != nil {
		return "", fmt.Errorf("registerfaketc: the container's host: %w", err)
	}
	p, err := c.MappedPort(ctx, port)
	if err != nil {
		return "", fmt.Errorf("registerfaketc: the port 8080 published: %w", err)
	}
	return "http://" + net.JoinHostPort(host, p.Port()), nil
}

// APIKey is the API key the fake seeded with credits: fake-api-key unless
// the options gave -api-key or REGISTERFAKE_API_KEY.
func (c *Container) APIKey() string {
	if c == nil {
		return ""
	}
	return c.apiKey
}

// AdvanceClock moves the fake's clock forward by d (POST
// /_fake/clock/advance) and runs what falls due, such as monitors'
// deliveries.
func (c *Container) AdvanceClock(ctx context.Context, d time.Duration) error {
	if d < 0 {
		return fmt.Errorf("registerfaketc: AdvanceClock(%v): the clock only moves forward", d)
	}
	base, err := c.BaseURL(ctx)
	if err != nil {
		return err
	}
	body, err := json.Marshal(map[string]float64{"seconds": d.Seconds()})
	if err != nil {
		return err
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, base+"/_fake/clock/advance", bytes.NewReader(body))
	if err != nil {
		return err
	}
	req.Header.Set("Content-Type", "application/json")
	// The controls answer only requests addressed to a loopback host; the
	// container's host may be another name for this machine or a remote
	// Docker host.
	req.Host = "localhost"
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		return fmt.Errorf("registerfaketc: advancing the clock: %w", err)
	}
	defer res.Body.Close()
	msg, _ := io.ReadAll(io.LimitReader(res.Body, 4096))
	if res.StatusCode != http.StatusOK {
		return fmt.Errorf("registerfaketc: advancing the clock by %v: the fake answered %s: %s", d, res.Status, bytes.TrimSpace(msg))
	}
	return nil
}

// Terminate stops and removes the container (testcontainers-go's
// Terminate; options such as testcontainers.StopTimeout apply). It does
// nothing on a nil Container.
func (c *Container) Terminate(ctx context.Context, opts ...testcontainers.TerminateOption) error {
	if c == nil || c.Container == nil {
		return nil
	}
	return c.Container.Terminate(ctx, opts...)
}
