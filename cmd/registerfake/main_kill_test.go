package main

import (
	"bufio"
	"encoding/json"
	"fmt"
	"io/fs"
	"math/rand/v2"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/registerdata/registerdata-go/fake"
)

// The kill tests run the registerfake binary and SIGKILL it at seeded
// random points while it writes its snapshot or records, at least 50
// times each; after every kill each file present must parse whole, and a
// restart must restore what the files hold (issue 29, crash-safe writes).

// kills is how many times each command is killed.
const kills = 50

var (
	buildOnce sync.Once
	binPath   string
	buildErr  error
)

// fakeBinary builds registerfake once for the tests of this package.
func fakeBinary(t *testing.T) string {
	t.Helper()
	buildOnce.Do(func() {
		dir, err := os.MkdirTemp("", "registerfake-kill-")
		if err != nil {
			buildErr = err
			return
		}
		binPath = filepath.Join(dir, "registerfake")
		out, err := exec.Command("go", "build", "-o", binPath, ".").CombinedOutput()
		if err != nil {
			buildErr = fmt.Errorf("go build: %v\n%s", err, out)
		}
	})
	require.NoError(t, buildErr)
	return binPath
}

// killSeed returns the seed of the kill points ($KILL_SEED repeats a run).
func killSeed(t *testing.T) uint64 {
	seed := uint64(time.Now().UnixNano())
	if s := os.Getenv("KILL_SEED"); s != "" {
		v, err := strconv.ParseUint(s, 10, 64)
		require.NoError(t, err)
		seed = v
	}
	t.Logf("kill points from seed %d (KILL_SEED=%d repeats them)", seed, seed)
	return seed
}

// proc is a running registerfake.
type proc struct {
	cmd  *exec.Cmd
	base string
}

// startBinary runs registerfake with args and waits until it prints its
// base URL.
func startBinary(t *testing.T, env []string, args ...string) *proc {
	t.Helper()
	cmd := exec.Command(fakeBinary(t), append([]string{"-addr", "127.0.0.1:0"}, args...)...)
	cmd.Env = append(os.Environ(), env...)
	out, err := cmd.StdoutPipe()
	require.NoError(t, err)
	cmd.Stderr = os.Stderr
	require.NoError(t, cmd.Start())
	p := &proc{cmd: cmd}
	t.Cleanup(func() { _ = cmd.Process.Kill(); _ = cmd.Wait() })
	lines := bufio.NewScanner(out)
	for lines.Scan() {
		if v, ok := strings.CutPrefix(lines.Text(), "REGISTERDATA_BASE_URL="); ok {
			p.base = v
			break
		}
	}
	require.NotEmpty(t, p.base, "registerfake %v did not start", args)
	go func() {
		for lines.Scan() { // keep the pipe drained
		}
	}()
	return p
}

// killAfter SIGKILLs p after d and waits for it to end.
func (p *proc) killAfter(d time.Duration) {
	time.Sleep(d) // the kill point itself: a random moment, not a wait for work
	_ = p.cmd.Process.Signal(syscall.SIGKILL)
	_ = p.cmd.Wait()
}

// filesParseWhole checks that every file under dir but the temporary
// ones (".…") holds one whole JSON document, and returns how many
// temporary files a kill left.
func filesParseWhole(t *testing.T, dir string) (files, temps int) {
	t.Helper()
	require.NoError(t, filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		if strings.HasPrefix(d.Name(), ".") {
			temps++
			return nil
		}
		b, err := os.ReadFile(path)
		require.NoError(t, err)
		assert.True(t, json.Valid(b), "%s is torn (%d bytes)", path, len(b))
		files++
		return nil
	}))
	return files, temps
}

func credits(t *testing.T, base string) int64 {
	t.Helper()
	status, body := get(t, base+"/_fake/credits", "")
	require.Equal(t, http.StatusOK, status, "%s", body)
	var v struct{ Credits int64 }
	require.NoError(t, json.Unmarshal(body, &v))
	return v.Credits
}

// TestKillWhileWritingSnapshots: registerfake -snapshot FILE is stopped
// (SIGTERM, which writes the snapshot) and SIGKILLed at a random moment
// of its shutdown, 50 times; the snapshot is always the previous state or
// the new one, whole, and the restart restores exactly it.
func TestKillWhileWritingSnapshots(t *testing.T) {
	t.Parallel() // its own directory and processes: it waits on them beside the other kill test
	rnd := rand.New(rand.NewPCG(killSeed(t), 1))
	dir := t.TempDir()
	file := filepath.Join(dir, "state.json")
	want := int64(fake.DefaultCredits) // what a start restores
	var kept, replaced, tempsSeen int
	for i := 1; i <= kills; i++ {
		p := startBinary(t, nil, "-snapshot", file)
		require.Equal(t, want, credits(t, p.base), "kill %d: the restart restores the last whole snapshot", i)
		req, err := http.NewRequest(http.MethodPut, p.base+"/_fake/credits", strings.NewReader(fmt.Sprintf(`{"credits": %d}`, 1000+i)))
		require.NoError(t, err)
		req.Header.Set("Content-Type", "application/json")
		res, err := http.DefaultClient.Do(req)
		require.NoError(t, err)
		res.Body.Close()
		require.Equal(t, http.StatusOK, res.StatusCode)
		require.NoError(t, p.cmd.Process.Signal(syscall.SIGTERM))
		p.killAfter(time.Duration(rnd.Int64N(int64(15 * time.Millisecond))))

		_, temps := filesParseWhole(t, dir)
		tempsSeen += temps
		b, err := os.ReadFile(file)
		if os.IsNotExist(err) {
			require.Equal(t, int64(fake.DefaultCredits), want, "kill %d: a snapshot, once written, is never removed", i)
			kept++
			continue
		}
		require.NoError(t, err)
		var snap struct {
			Accounts map[string]struct{ Credits int64 } `json:"accounts"`
		}
		require.NoError(t, json.Unmarshal(b, &snap), "kill %d", i)
		switch got := snap.Accounts[fake.DefaultAPIKey].Credits; got {
		case want:
			kept++
		case int64(1000 + i):
			replaced++
			want = got
		default:
			t.Fatalf("kill %d: the snapshot holds %d credits, neither the old %d nor the new %d", i, got, want, 1000+i)
		}
	}
	p := startBinary(t, nil, "-snapshot", file)
	assert.Equal(t, want, credits(t, p.base))
	_, temps := filesParseWhole(t, dir)
	assert.Zero(t, temps, "a start removes what killed writes left")
	t.Logf("%d kills: %d before the new snapshot was in place, %d after; %d temporary files left by kills mid-write", kills, kept, replaced, tempsSeen)
	assert.Positive(t, kept)
	assert.Positive(t, replaced)
}
