package matchfile

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

var testHeader = JournalHeader{Command: "match", Format: "csv", Settings: "columns=", Input: Fingerprint{Size: 10, SHA256: strings.Repeat("ab", 32)}}

func openTest(t *testing.T, path string, resume bool) *Journal {
	t.Helper()
	j, err := OpenJournal(path, testHeader, resume)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = j.Close() })
	return j
}

func TestJournalKeepsOutcomesByRecordNumber(t *testing.T) {
	path := filepath.Join(t.TempDir(), "out.csv.resume")
	j := openTest(t, path, true)
	// Rows 0 and 1 have equal content; they are two rows all the same.
	for _, o := range []Outcome{
		{Index: 0, Key: "q1", Cells: []string{"A"}},
		{Index: 1, Key: "q1", Cells: []string{"A"}},
		{Index: 2, Key: "q2", Cells: []string{"", "error"}, Failed: true},
	} {
		if err := j.Record(o); err != nil {
			t.Fatal(err)
		}
	}
	_ = j.Close()

	j = openTest(t, path, true)
	if !j.Done(0) || !j.Done(1) || j.Done(2) || j.Done(3) || j.Finished() != 2 {
		t.Fatalf("done 0..3: %v %v %v %v, finished %d", j.Done(0), j.Done(1), j.Done(2), j.Done(3), j.Finished())
	}
	if _, ok, _ := j.Shared("q2"); ok {
		t.Error("a failed outcome is shared")
	}
	if c, ok, err := j.Shared("q1"); !ok || err != nil || !slices.Equal(c, []string{"A"}) {
		t.Errorf("Shared(q1) = %q %v %v", c, ok, err)
	}
	// The retried row replaces its failure.
	if err := j.Record(Outcome{Index: 2, Key: "q2", Cells: []string{"B"}}); err != nil {
		t.Fatal(err)
	}
	_ = j.Close()
	j = openTest(t, path, true)
	o, ok, err := j.Outcome(2)
	if !ok || err != nil || o.Failed || !slices.Equal(o.Cells, []string{"B"}) || j.Finished() != 3 {
		t.Errorf("row 2 after its retry: %+v %v %v, finished %d", o, ok, err, j.Finished())
	}
	// Without resume the state starts over.
	j = openTest(t, path, false)
	if j.Finished() != 0 || j.Done(0) {
		t.Errorf("a fresh journal holds %d rows", j.Finished())
	}
}

// TestJournalCutsATornEnd cuts the file at every byte of its last two
// lines, as a kill during an append leaves it: reopening keeps exactly the
// whole lines, in the state and in the file (the torn end is cut off the
// file), and the next Record lands on a line of its own right after them.
func TestJournalCutsATornEnd(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "state")
	j := openTest(t, path, false)
	for i := range 4 {
		if err := j.Record(Outcome{Index: i, Cells: []string{fmt.Sprint("cell ", i), "x\ny"}}); err != nil {
			t.Fatal(err)
		}
	}
	_ = j.Close()
	whole, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.SplitAfter(string(whole), "\n")
	start := len(whole) - len(lines[3]) - len(lines[4]) // the start of rows 2 and 3
	for cut := start; cut < len(whole); cut++ {
		p := filepath.Join(dir, fmt.Sprint("cut", cut))
		if err := os.WriteFile(p, whole[:cut], 0o600); err != nil {
			t.Fatal(err)
		}
		j := openTest(t, p, true)
		wantDone, end := 2, start
		if cut >= start+len(lines[3]) {
			wantDone, end = 3, start+len(lines[3])
		}
		if j.Finished() != wantDone || j.Done(wantDone) {
			t.Fatalf("cut at %d: %d rows done, want %d", cut, j.Finished(), wantDone)
		}
		if got, err := os.ReadFile(p); err != nil || string(got) != string(whole[:end]) {
			t.Fatalf("cut at %d: reopened, the file holds %d bytes, want the %d of its whole lines (%v)", cut, len(got), end, err)
		}
		if err := j.Record(Outcome{Index: 3, Cells: []string{"again"}}); err != nil {
			t.Fatal(err)
		}
		_ = j.Close()
		got, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		if !strings.HasPrefix(string(got), string(whole[:end])) || strings.Count(string(got[end:]), "\n") != 1 || !strings.HasSuffix(string(got), "\n") {
			t.Fatalf("cut at %d: after a new record the file is its whole lines and one more, got %q after them", cut, got[min(end, len(got)):])
		}
		j = openTest(t, p, true)
		if o, ok, err := j.Outcome(3); !ok || err != nil || o.Cells[0] != "again" || j.Finished() != wantDone+1 {
			t.Fatalf("cut at %d: after a new record, row 3 = %+v %v %v, %d done", cut, o, ok, err, j.Finished())
		}
	}
	// A byte changed inside a line (not only at the end) cuts there too.
	bad := slices.Clone(whole)
	bad[start+12]++
	p := filepath.Join(dir, "flipped")
	_ = os.WriteFile(p, bad, 0o600)
	if j := openTest(t, p, true); j.Finished() != 2 {
		t.Errorf("a damaged line: %d rows done, want the 2 before it", j.Finished())
	}
}

func TestJournalRefusesAnotherRun(t *testing.T) {
	path := filepath.Join(t.TempDir(), "state")
	_ = openTest(t, path, false).Close()
	other := testHeader
	other.Input.SHA256 = strings.Repeat("cd", 32)
	_, err := OpenJournal(path, other, true)
	if err == nil || !strings.Contains(err.Error(), "another input") || !strings.Contains(err.Error(), "--in") {
		t.Errorf("another input: %v", err)
	}
	other = testHeader
	other.Command = "enrich"
	if _, err := OpenJournal(path, other, true); err == nil || !strings.Contains(err.Error(), `"match", not of "enrich"`) {
		t.Errorf("another command: %v", err)
	}
	other = testHeader
	other.Settings = "columns=name=Kunde"
	if _, err := OpenJournal(path, other, true); err == nil || !strings.Contains(err.Error(), "--column") {
		t.Errorf("other settings: %v", err)
	}
	if err := os.WriteFile(path, []byte("Firma,Ort\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	if _, err := OpenJournal(path, testHeader, true); err == nil || !strings.Contains(err.Error(), "delete it") {
		t.Errorf("a file that is no journal: %v", err)
	}
}

func TestCallLogHoldsOneChunk(t *testing.T) {
	path := filepath.Join(t.TempDir(), "calls")
	c, err := OpenCallLog(path, testHeader, true)
	if err != nil {
		t.Fatal(err)
	}
	if err := c.Put("GET /v1/company/1", []byte("answer 1")); err != nil {
		t.Fatal(err)
	}
	_ = c.Close()
	if c, err = OpenCallLog(path, testHeader, true); err != nil {
		t.Fatal(err)
	}
	if v, ok, err := c.Get("GET /v1/company/1"); !ok || err != nil || string(v) != "answer 1" {
		t.Errorf("after reopening: %q %v %v", v, ok, err)
	}
	if _, ok, _ := c.Get("GET /v1/company/2"); ok {
		t.Error("a call never made was found")
	}
	if err := c.Reset(1); err != nil {
		t.Fatal(err)
	}
	if _, ok, _ := c.Get("GET /v1/company/1"); ok {
		t.Error("Reset kept a call")
	}
	_ = c.Put("GET /v1/company/3", []byte("answer 3"))
	_ = c.Close()
	// Resumed, the log keeps its chunk; another run starts empty.
	if c, err = OpenCallLog(path, testHeader, true); err != nil {
		t.Fatal(err)
	}
	if _, ok, _ := c.Get("GET /v1/company/3"); !ok || c.Chunk() != 1 {
		t.Errorf("resumed: chunk %d, call of chunk 1 found %v", c.Chunk(), ok)
	}
	_ = c.Close()
	other := testHeader
	other.Settings = "columns=name=Kunde"
	if c, err = OpenCallLog(path, other, true); err != nil {
		t.Fatal(err)
	}
	if _, ok, _ := c.Get("GET /v1/company/3"); ok || c.Chunk() != 0 {
		t.Error("the calls of another run were kept")
	}
	_ = c.Close()
}
