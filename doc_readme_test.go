package registerdata_test

import (
	"bytes"
	"context"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	registerdata "github.com/registerdata/registerdata-go"
	"github.com/registerdata/registerdata-go/enums"
	"github.com/registerdata/registerdata-go/fake"
	"github.com/registerdata/registerdata-go/webhook"
)

// goBlock matches a fenced Go block of the README.
var goBlock = regexp.MustCompile("(?s)```go\n(.*?)```")

// TestReadmeProgramsCompile builds every whole program (a block starting
// with "package main") of README.md, so the first thing a user copies
// cannot have rotted.
func TestReadmeProgramsCompile(t *testing.T) {
	if testing.Short() {
		t.Skip("builds programs with the go command")
	}
	readme, err := os.ReadFile("README.md")
	require.NoError(t, err)
	programs := 0
	for i, m := range goBlock.FindAllSubmatch(readme, -1) {
		src := m[1]
		if !bytes.HasPrefix(src, []byte("package main")) {
			continue
		}
		programs++
		dir, err := os.MkdirTemp(".", "_readme")
		require.NoError(t, err)
		t.Cleanup(func() { os.RemoveAll(dir) })
		require.NoError(t, os.WriteFile(filepath.Join(dir, "main.go"), src, 0o644))
		out, err := exec.Command("go", "vet", "./"+dir).CombinedOutput()
		require.NoError(t, err, "README block %d does not compile:\n%s", i, out)
	}
	require.Positive(t, programs, "the README shows at least one whole program")
}

// TestRenameReachesTheReceiver is the README's "Testing with the fake"
// example, kept here so it is run: a monitor, a change in the register,
// the weekly check on the fake clock, a signed delivery, a verified event.
func TestRenameReachesTheReceiver(t *testing.T) {
	const secret = "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw"
	const id = "DE-HRB-F1103-267645"
	ctx := context.Background()

	// Our receiver: the production handler, with a channel as its work.
	v, err := webhook.NewVerifier(secret)
	if err != nil {
		t.Fatal(err)
	}
	events := make(chan *webhook.Event, 1)
	hook := httptest.NewServer(webhook.Handler(v, func(ctx context.Context, ev *webhook.Event) error {
		events <- ev
		return nil
	}))
	defer hook.Close()

	// The service: a fake with its dashboard pointing at our receiver.
	clk := fake.NewClock(time.Now())
	srv := fake.NewServer(fake.WithClock(clk), fake.WithWebhookEndpoint(hook.URL, secret))
	defer srv.Close()
	c, err := registerdata.NewClient(registerdata.WithAPIKey(srv.APIKey), registerdata.WithBaseURL(srv.URL))
	if err != nil {
		t.Fatal(err)
	}

	_, err = c.CreateMonitor(ctx, registerdata.MonitorRequest{
		EntityID: id, EntityType: enums.EntityTypeCompany,
		Preferences: []enums.Preference{enums.PreferenceBasic},
	})
	if err != nil {
		t.Fatal(err)
	}
	err = srv.UpdateCompany(id, func(co *registerdata.Company) { co.Name.Name = "Neuer Name GmbH" })
	if err != nil {
		t.Fatal(err)
	}
	clk.Advance(7 * 24 * time.Hour) // the weekly check runs and delivers

	select {
	case ev := <-events:
		if ev.EntityID != id || len(ev.Categories) != 1 || ev.Categories[0] != "basic" {
			t.Fatalf("got %+v", ev)
		}
	default:
		t.Fatal("no delivery reached the receiver")
	}
}
