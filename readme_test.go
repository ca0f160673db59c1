package registerdata_test

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"testing"

	"github.com/stretchr/testify/require"
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
