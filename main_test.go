package registerdata_test

import (
	"bytes"
	"flag"
	"os"
	"os/exec"
	"regexp"
	"sync"
	"testing"

	"github.com/registerdata/registerdata-go/internal/race"
)

// The memory battery measures what each call allocates in the whole
// process, so it must run alone; it is also the longest test of the
// package. TestMain starts it at once in a process of its own (this test
// binary, running only the battery), so that it runs beside the rest of
// the suite instead of after it, and TestHostileAnswersAllocateLessThanTheMemoryBound
// reports that process's outcome. It is an allocation test: under the race
// detector it skips and no process is started.
const memoryChildEnv = "REGISTERDATA_MEMORY_BATTERY_CHILD"

// memoryChild is the battery's process, when TestMain started one.
var memoryChild struct {
	cmd     *exec.Cmd
	out     bytes.Buffer
	err     error
	wait    sync.Once // with -count above 1 the test reports the one run again
	waitErr error
}

func TestMain(m *testing.M) {
	flag.Parse()
	if os.Getenv(memoryChildEnv) == "" && memoryBatterySelected() {
		args := []string{"-test.run=^TestHostileAnswersAllocateLessThanTheMemoryBound$", "-test.v", "-test.count=1"}
		if f := flag.Lookup("test.timeout"); f != nil {
			args = append(args, "-test.timeout="+f.Value.String())
		}
		cmd := exec.Command(os.Args[0], args...)
		cmd.Env = append(os.Environ(), memoryChildEnv+"=1")
		cmd.Stdout, cmd.Stderr = &memoryChild.out, &memoryChild.out
		if err := cmd.Start(); err != nil {
			memoryChild.err = err
		} else {
			memoryChild.cmd = cmd
		}
	}
	os.Exit(m.Run())
}

// memoryBatterySelected reports whether this run runs the battery: not
// under the race detector, its name matches -test.run and -test.skip does
// not, and no -test.list asks only for names.
func memoryBatterySelected() bool {
	const name = "TestHostileAnswersAllocateLessThanTheMemoryBound"
	if race.Enabled {
		return false
	}
	value := func(n string) string {
		if f := flag.Lookup(n); f != nil {
			return f.Value.String()
		}
		return ""
	}
	if value("test.list") != "" {
		return false
	}
	if run := value("test.run"); run != "" {
		if ok, err := regexp.MatchString(firstLevel(run), name); err != nil || !ok {
			return false
		}
	}
	if skip := value("test.skip"); skip != "" {
		if ok, err := regexp.MatchString(firstLevel(skip), name); err == nil && ok {
			return false
		}
	}
	return true
}

// firstLevel is the part of a -test.run pattern that applies to top-level
// tests (before the first unbracketed "/").
func firstLevel(pattern string) string {
	depth := 0
	for i, c := range pattern {
		switch c {
		case '[':
			depth++
		case ']':
			depth--
		case '/':
			if depth == 0 {
				return pattern[:i]
			}
		}
	}
	return pattern
}

// runMemoryBatteryInChild reports the outcome of the battery's process and
// returns true when there is one; false means the battery runs here.
func runMemoryBatteryInChild(t *testing.T) bool {
	if os.Getenv(memoryChildEnv) != "" {
		return false
	}
	if memoryChild.err != nil {
		t.Fatalf("starting the memory battery's process: %v", memoryChild.err)
	}
	if memoryChild.cmd == nil {
		return false
	}
	// Waiting is all this process does for the battery: as a parallel
	// test it waits after the sequential tests, which run meanwhile.
	t.Parallel()
	memoryChild.wait.Do(func() { memoryChild.waitErr = memoryChild.cmd.Wait() })
	err := memoryChild.waitErr
	t.Logf("the battery ran in process %d:\n%s", memoryChild.cmd.Process.Pid, memoryChild.out.String())
	if err != nil {
		t.Fatalf("the memory battery's process failed: %v (its output is above)", err)
	}
	if !bytes.Contains(memoryChild.out.Bytes(), []byte("--- PASS: TestHostileAnswersAllocateLessThanTheMemoryBound")) {
		t.Fatal("the memory battery's process did not pass the battery (its output is above)")
	}
	return true
}
