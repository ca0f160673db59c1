package matcheval

import (
	"bytes"
	"io"
	"os"
	"testing"
)

// Committed runs generate and fails t unless its output is the
// committed set at path, byte for byte, saying to run command to write
// it again; it returns the set's cases. Each set's TestCommittedSetIsCurrent
// calls it; it is skipped under -short (a set is generated over a
// register of thousands of companies).
func Committed(t testing.TB, generate func(io.Writer) error, path, command string) []Case {
	t.Helper()
	if testing.Short() {
		t.Skip("generates the whole set")
	}
	var buf bytes.Buffer
	if err := generate(&buf); err != nil {
		t.Fatal(err)
	}
	committed, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(buf.Bytes(), committed) {
		t.Fatalf("%s is not what the generator writes: run %s", path, command)
	}
	cases, err := Read(&buf)
	if err != nil {
		t.Fatal(err)
	}
	return cases
}
