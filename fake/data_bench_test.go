package fake

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"runtime"
	"testing"
)

// writeDataDir writes n generated companies as a data directory: one
// file per company, or one companies.jsonl.
func writeDataDir(b *testing.B, n int, lines bool) string {
	b.Helper()
	dir := b.TempDir()
	var w *bufio.Writer
	if lines {
		f, err := os.Create(filepath.Join(dir, "companies.jsonl"))
		if err != nil {
			b.Fatal(err)
		}
		defer f.Close()
		w = bufio.NewWriter(f)
		defer w.Flush()
	} else if err := os.Mkdir(filepath.Join(dir, "companies"), 0o755); err != nil {
		b.Fatal(err)
	}
	for i := range n {
		c := generatedCompany(i)
		body, err := json.Marshal(c)
		if err != nil {
			b.Fatal(err)
		}
		if lines {
			_, _ = w.Write(append(body, '\n'))
			continue
		}
		if err := os.WriteFile(filepath.Join(dir, "companies", c.ID+".json"), body, 0o644); err != nil {
			b.Fatal(err)
		}
	}
	return dir
}

// BenchmarkLoadDataDirectory loads a data directory of 10,000 companies
// (files and JSON Lines) into a fake, search index included; heap-MB is
// what the loaded fake holds.
func BenchmarkLoadDataDirectory(b *testing.B) {
	const n = 10_000
	for _, lines := range []bool{false, true} {
		name := "files"
		if lines {
			name = "jsonl"
		}
		b.Run(fmt.Sprintf("n=%d/%s", n, name), func(b *testing.B) {
			dir := writeDataDir(b, n, lines)
			fsys := os.DirFS(dir)
			b.ReportAllocs()
			var held uint64
			for b.Loop() {
				before := liveHeap()
				cfg := defaultConfig()
				cfg.clock = NewClock(testStart)
				cfg.noCurated = true
				cfg.data = []fs.FS{fsys}
				s, err := newServer(cfg)
				if err != nil {
					b.Fatal(err)
				}
				b.StopTimer()
				held = liveHeap() - before
				runtime.KeepAlive(s)
				b.StartTimer()
			}
			b.ReportMetric(float64(held)/(1<<20), "heap-MB")
		})
	}
}

// BenchmarkSnapshot writes and restores the snapshot of a fake of
// 100,000 generated companies, 1,000 of them changed. Generated
// companies are drawn again from their seed, so the snapshot holds only
// the curated and changed ones. Run it once: -benchtime 1x.
func BenchmarkSnapshot(b *testing.B) {
	const n, changed = 100_000, 1_000
	s := scaleServer(b, n)
	ids := s.CompanyIDs()
	for i := range changed {
		id := ids[len(ids)-1-i*37]
		if err := s.UpdateCompany(id, renameTo(fmt.Sprintf("Geändert %d GmbH", i))); err != nil {
			b.Fatal(err)
		}
	}
	var snap bytes.Buffer
	b.Run(fmt.Sprintf("n=%d/write", n), func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			snap.Reset()
			if err := s.Snapshot(&snap); err != nil {
				b.Fatal(err)
			}
		}
		b.ReportMetric(float64(snap.Len())/(1<<20), "snapshot-MB")
	})
	b.Run(fmt.Sprintf("n=%d/restore", n), func(b *testing.B) {
		b.ReportAllocs()
		var held uint64
		for b.Loop() {
			before := liveHeap()
			cfg := defaultConfig()
			cfg.snapshot = bytes.NewReader(snap.Bytes())
			r, err := newServer(cfg)
			if err != nil {
				b.Fatal(err)
			}
			b.StopTimer()
			held = liveHeap() - before
			if got := len(r.CompanyIDs()); got != len(ids) {
				b.Fatalf("restored %d companies, want %d", got, len(ids))
			}
			b.StartTimer()
		}
		b.ReportMetric(float64(held)/(1<<20), "heap-MB")
	})
	// The baseline: the same register started without a snapshot.
	b.Run(fmt.Sprintf("n=%d/start-without-snapshot", n), func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			scaleServer(b, n)
		}
	})
}
