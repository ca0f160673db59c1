package redisstore_test

import (
	"bufio"
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/redis/go-redis/v9"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	registerdata "github.com/registerdata/registerdata-go"
	"github.com/registerdata/registerdata-go/changes"
	"github.com/registerdata/registerdata-go/enums"
	"github.com/registerdata/registerdata-go/fake"
	"github.com/registerdata/registerdata-go/redisstore"
	"github.com/registerdata/registerdata-go/webhook"
)

// ownRedis starts a redis-server of the test's own on a Unix socket, so
// that the test may pause it (SIGSTOP) without touching the shared one.
// It returns the process and the socket. Without redis-server the test
// skips, or fails with CI=true.
func ownRedis(t *testing.T) (*os.Process, string) {
	t.Helper()
	bin, err := exec.LookPath("redis-server")
	if err != nil {
		if os.Getenv("CI") == "true" {
			t.Fatalf("CI=true and no redis-server on PATH: %v", err)
		}
		t.Skipf("no redis-server on PATH (apt-get install redis-server): %v", err)
	}
	dir := t.TempDir()
	sock := filepath.Join(dir, "redis.sock")
	cmd := exec.Command(bin, "--port", "0", "--unixsocket", sock, "--save", "", "--appendonly", "no", "--dir", dir)
	out, err := cmd.StdoutPipe()
	require.NoError(t, err)
	require.NoError(t, cmd.Start())
	t.Cleanup(func() {
		_ = cmd.Process.Signal(syscall.SIGCONT)
		_ = cmd.Process.Kill()
		_ = cmd.Wait()
	})
	ready := false
	sc := bufio.NewScanner(out)
	for sc.Scan() {
		if strings.Contains(strings.ToLower(sc.Text()), "ready to accept connections") {
			ready = true
			break
		}
	}
	require.True(t, ready, "redis-server did not say it was ready")
	go func() { // keep reading its log, so it never blocks on a full pipe
		for sc.Scan() {
		}
	}()
	return cmd.Process, sock
}

// TestRedeliveryAfterAPausedWrite: Redis is paused (SIGSTOP) while the
// watcher stores the snapshot of an event, the write times out, Redis
// resumes and applies it. The redelivery of the event yields the same
// changes under the same event id, fetching nothing.
func TestRedeliveryAfterAPausedWrite(t *testing.T) {
	proc, sock := ownRedis(t)
	// No retries: a retried SET would be one more write queued behind the
	// pause; the timeout is the write of unknown outcome.
	rdb := redis.NewClient(&redis.Options{Network: "unix", Addr: sock, ReadTimeout: 300 * time.Millisecond, WriteTimeout: 300 * time.Millisecond, MaxRetries: -1})
	t.Cleanup(func() { rdb.Close() })
	check := redis.NewClient(&redis.Options{Network: "unix", Addr: sock})
	t.Cleanup(func() { check.Close() })

	srv := fake.NewServer(fake.WithCredits(1_000_000))
	t.Cleanup(srv.Close)
	id := srv.CompanyIDs()[0]
	c, err := registerdata.NewClient(registerdata.WithAPIKey(srv.APIKey), registerdata.WithBaseURL(srv.URL), registerdata.WithMaxRetries(0))
	require.NoError(t, err)

	var sets []changes.Set
	pauseAt := ""
	w := changes.NewWatcher(c, redisstore.NewStore(rdb, "app:"), func(_ context.Context, s changes.Set) error {
		sets = append(sets, s)
		if s.EventID == pauseAt {
			pauseAt = ""
			require.NoError(t, proc.Signal(syscall.SIGSTOP))
		}
		return nil
	})
	ev := func(eid string) *webhook.Event {
		return &webhook.Event{ID: eid, Type: webhook.EventTypeMonitorChange, EntityType: enums.EntityTypeCompany, EntityID: id,
			Categories: []string{"basic"}, DetectedAt: time.Date(2026, 3, 5, 9, 0, 0, 0, time.UTC)}
	}
	ctx := context.Background()
	require.NoError(t, w.Handle(ctx, ev("msg_1")))

	require.NoError(t, srv.UpdateCompany(id, func(co *registerdata.Company) { co.Status = enums.CompanyStatusLiquidation }))
	pauseAt = "msg_2"
	err = w.Handle(ctx, ev("msg_2"))
	require.Error(t, err, "the write timed out")
	require.NoError(t, proc.Signal(syscall.SIGCONT))
	want := []string{`The status changed from "active" to "liquidation".`}
	require.Equal(t, want, sentences(sets[1].Changes))

	// Redis applies the write it received before the pause; each GET is
	// one more turn of its event loop.
	applied := false
	for i := 0; i < 1000 && !applied; i++ {
		v, err := check.Get(ctx, "app:changes/company/"+id).Result()
		require.NoError(t, err)
		applied = strings.Contains(v, `"event_id":"msg_2"`)
	}
	require.True(t, applied, "Redis applied the write that timed out")

	spent := c.CreditsSpent()
	require.NoError(t, w.Handle(ctx, ev("msg_2")))
	require.Len(t, sets, 3)
	assert.Equal(t, "msg_2", sets[2].EventID)
	assert.Equal(t, want, sentences(sets[2].Changes), "the redelivery yields the same changes")
	assert.Zero(t, c.CreditsSpent()-spent)
}

func sentences(cs []changes.Change) []string {
	out := make([]string, 0, len(cs))
	for _, c := range cs {
		out = append(out, c.String())
	}
	return out
}
