package main

import (
	"bufio"
	"context"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"runtime"
	"sync"
	"testing"
)

// TestMatchStreamsItsInput is defect 6's second half: a 200,000-row file
// is not held in memory before the first lookup. The run is stopped at
// its first request to the fake; the live heap then (after a collection)
// must have grown by a few megabytes, not by the file's rows (436 MB
// before: every row was read first).
func TestMatchStreamsItsInput(t *testing.T) {
	if testing.Short() {
		t.Skip("writes a 200,000-row file")
	}
	const rows = 200_000
	in := filepath.Join(t.TempDir(), "big.csv")
	f, err := os.Create(in)
	if err != nil {
		t.Fatal(err)
	}
	w := bufio.NewWriter(f)
	fmt.Fprintln(w, "nr;firma;ort;plz;strasse;telefon;email;notiz;segment;betreuer")
	for i := range rows {
		fmt.Fprintf(w, "%d;Kunde %d Handels GmbH;Berlin;%05d;Hauptstraße %d;+49 30 %07d;info%d@example.com;Notiz zum Kunden %d;B2B;Team %d\n", i, i, 10000+i%80000, i%200, i, i, i, i%17)
	}
	if err := w.Flush(); err != nil {
		t.Fatal(err)
	}
	f.Close()
	fi, _ := os.Stat(in)

	srv := newFake(t)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	var once sync.Once
	var atFirst runtime.MemStats
	asked := false
	proxy := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		once.Do(func() {
			asked = true
			runtime.GC()
			runtime.ReadMemStats(&atFirst)
			cancel()
		})
		http.Error(w, "stopped", http.StatusServiceUnavailable)
	}))
	defer proxy.Close()

	var before runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	h := harness{env: map[string]string{"REGISTERDATA_API_KEY": srv.APIKey, "REGISTERDATA_BASE_URL": proxy.URL}, setup: func(a *app) { a.ctx = ctx }}
	h.run(t, "match", "--in", in, "--out", filepath.Join(t.TempDir(), "out.csv"))
	if !asked {
		t.Fatal("the run made no request")
	}
	grown := int64(atFirst.HeapAlloc) - int64(before.HeapAlloc)
	t.Logf("%d rows, %.1f MiB of CSV: live heap at the first lookup %.1f MiB (%+.1f MiB over the start), %.1f MiB allocated in all",
		rows, float64(fi.Size())/(1<<20), float64(atFirst.HeapAlloc)/(1<<20), float64(grown)/(1<<20), float64(atFirst.TotalAlloc-before.TotalAlloc)/(1<<20))
	if grown > 16<<20 {
		t.Errorf("the live heap grew by %.1f MiB before the first lookup: the input is held, not streamed", float64(grown)/(1<<20))
	}
}
