package fake

import (
	"bufio"
	"fmt"
	"maps"
	"os"
	"slices"
	"strings"
	"testing"
)

// checkDigests compares the digests of answers by name with those
// recorded at path, or records them with -update-golden; what ("search",
// "autocomplete") names them in the failures.
func checkDigests(t *testing.T, what, path string, got map[string]string) {
	t.Helper()
	if *updateGolden {
		writeDigests(t, path, got)
		return
	}
	want := readDigests(t, path)
	for name, digest := range got {
		if want[name] != digest {
			t.Errorf("%s %s: answers changed (digest %s, recorded %s)", what, name, digest, want[name])
		}
	}
	for name := range want {
		if _, ok := got[name]; !ok {
			t.Errorf("%s %s is recorded but not run", what, name)
		}
	}
}

// writeDigests writes digests by name, one "name digest" line each,
// sorted.
func writeDigests(t *testing.T, path string, digests map[string]string) {
	t.Helper()
	var b strings.Builder
	for _, name := range slices.Sorted(maps.Keys(digests)) {
		fmt.Fprintf(&b, "%s %s\n", name, digests[name])
	}
	if err := os.WriteFile(path, []byte(b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
}

// readDigests reads what writeDigests wrote.
func readDigests(t *testing.T, path string) map[string]string {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatalf("%v (run the test with -update-golden to record the answers)", err)
	}
	defer f.Close()
	want := map[string]string{}
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		name, digest, ok := strings.Cut(sc.Text(), " ")
		if !ok {
			t.Fatalf("%s: bad line %q", path, sc.Text())
		}
		want[name] = digest
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return want
}
