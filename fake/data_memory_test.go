package fake

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"github.com/registerdata/registerdata-go/internal/race"

	"github.com/stretchr/testify/require"

	registerdata "github.com/registerdata/registerdata-go"
	"github.com/registerdata/registerdata-go/enums"
)

// maxLoadFactor is what loading a data directory may allocate, in all,
// per byte read (issue 33, item 4: a 16 MiB line allocated 869 MiB).
const maxLoadFactor = 8

// bigLine is a company of about 16 MiB grown in one of its lists (or
// its purpose text).
func bigLine(t *testing.T, grow string) (registerdata.Company, []byte) {
	t.Helper()
	c := *generatedCompany(1)
	const size = 16 << 20
	if grow == "purpose text" {
		c.Purpose.Purpose = strings.Repeat("Handel mit Waren aller Art ", size/27)
	}
	for sizeOf(t, c) < size {
		switch grow {
		case "representatives":
			c.Representation = append(c.Representation, c.Representation...)
		case "names":
			c.Names = append(c.Names, c.Names...)
		case "industry codes":
			c.IndustryCodes.WZ2025 = append(c.IndustryCodes.WZ2025, registerdata.IndustryCode{Code: "1"})
			c.IndustryCodes.WZ2025 = append(c.IndustryCodes.WZ2025, c.IndustryCodes.WZ2025...)
		}
	}
	b, err := json.Marshal(c)
	require.NoError(t, err)
	return c, b
}

func sizeOf(t *testing.T, v any) int {
	b, err := json.Marshal(v)
	require.NoError(t, err)
	return len(b)
}

// allocatedLoading returns the bytes allocated by reading and checking
// the data directory dir (initialCompanies: the files, decoded, completed
// and validated) and by building a whole fake from it alone (search
// index included).
func allocatedLoading(t *testing.T, dir string) (reading, whole uint64) {
	t.Helper()
	cfg := defaultConfig()
	cfg.clock = NewClock(testStart)
	cfg.noCurated = true
	cfg.data = append(cfg.data, os.DirFS(dir))
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	_, _, err := initialCompanies(cfg)
	runtime.ReadMemStats(&after)
	require.NoError(t, err)
	reading = after.TotalAlloc - before.TotalAlloc
	runtime.GC()
	runtime.ReadMemStats(&before)
	s, err := newServer(cfg)
	runtime.ReadMemStats(&after)
	require.NoError(t, err)
	s.shutdown(func() {})
	return reading, after.TotalAlloc - before.TotalAlloc
}

// checkFactor fails when loading dir allocated more than maxLoadFactor
// times the bytes read; wholeToo says whether that holds for the whole
// fake, search index included, or for reading and checking the files.
func checkFactor(t *testing.T, dir string, read int, wholeToo bool) {
	t.Helper()
	reading, whole := allocatedLoading(t, dir)
	rf, wf := float64(reading)/float64(read), float64(whole)/float64(read)
	t.Logf("%d MiB read; reading and checking allocated %d MiB (%.1fx), the whole fake %d MiB (%.1fx)", read>>20, reading>>20, rf, whole>>20, wf)
	require.LessOrEqual(t, rf, float64(maxLoadFactor), "reading and checking allocate %.1f times the bytes read", rf)
	if wholeToo {
		require.LessOrEqual(t, wf, float64(maxLoadFactor), "building the fake allocates %.1f times the bytes read", wf)
	}
}

// TestLoadingAllocatesASmallMultipleOfTheBytesRead: a data directory with a
// 16 MiB document (a line of a .jsonl file or a .json file), grown in
// each kind of list, loads into a fake allocating at most maxLoadFactor
// times its bytes, search index included (see the industry codes).
// It is an allocation test: it skips under the race detector, and
// .ci/run runs it without.
func TestLoadingAllocatesASmallMultipleOfTheBytesRead(t *testing.T) {
	if testing.Short() {
		t.Skip("writes and loads 16 MiB documents")
	}
	if race.Enabled {
		t.Skip("allocation counts mean nothing under the race detector: run without -race (.ci/run's allocation step)")
	}
	for _, grow := range []string{"purpose text", "representatives", "names", "industry codes"} {
		for _, layout := range []string{"jsonl", "file"} {
			t.Run(grow+"/"+layout, func(t *testing.T) {
				c, line := bigLine(t, grow)
				dir := t.TempDir()
				if layout == "jsonl" {
					require.NoError(t, os.WriteFile(filepath.Join(dir, "companies.jsonl"), append(line, '\n'), 0o644))
				} else {
					require.NoError(t, os.Mkdir(filepath.Join(dir, "companies"), 0o755))
					require.NoError(t, os.WriteFile(filepath.Join(dir, "companies", c.ID+".json"), line, 0o644))
				}
				// A million one-character industry codes cost the search
				// index (which indexes every code) about seven times
				// their bytes on its own: only reading is held to the
				// factor there.
				checkFactor(t, dir, len(line), grow != "industry codes")
			})
		}
	}
	t.Run("owners", func(t *testing.T) {
		c := *generatedCompany(1)
		co, err := json.Marshal(c)
		require.NoError(t, err)
		owners := registerdata.Owners{CompanyID: c.ID}
		share := 0.0
		for len(owners.Owners) < 120_000 {
			name := fmt.Sprintf("Eigentümer %d GmbH", len(owners.Owners))
			owners.Owners = append(owners.Owners, registerdata.Owner{Name: name, Type: enums.RepresentativeTypeLegalPerson,
				RelationType: enums.RelationType("shareholder"), NominalShare: 1, PercentageShare: &share})
		}
		ob, err := json.Marshal(owners)
		require.NoError(t, err)
		dir := t.TempDir()
		require.NoError(t, os.WriteFile(filepath.Join(dir, "companies.jsonl"), append(co, '\n'), 0o644))
		require.NoError(t, os.WriteFile(filepath.Join(dir, "owners.jsonl"), append(ob, '\n'), 0o644))
		read := len(co) + len(ob) + 2
		checkFactor(t, dir, read, true)
	})
}
