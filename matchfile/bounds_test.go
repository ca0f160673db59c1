package matchfile

import (
	"errors"
	"io"
	"runtime"
	"strings"
	"testing"

	"github.com/registerdata/registerdata-go/internal/hostile"
)

// readAll reads every row of in, and returns the rows and the first error
// that is not io.EOF.
func readAll(in io.Reader, f Format) ([]Row, error) {
	rd, err := NewReader(in, ReaderOptions{Format: f})
	if err != nil {
		return nil, err
	}
	var rows []Row
	for {
		row, err := rd.Next()
		if errors.Is(err, io.EOF) {
			return rows, nil
		}
		if err != nil {
			return rows, err
		}
		rows = append(rows, row)
	}
}

// allocated runs f and returns the bytes it allocated.
func allocated(f func()) uint64 {
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	f()
	runtime.ReadMemStats(&after)
	return after.TotalAlloc - before.TotalAlloc
}

// TestA64MiBFieldFailsFastAndSmall: a 64 MiB field, quoted or not, fails
// with the line of its record after reading about a megabyte, and the
// reader allocates a few megabytes, not the field's size (it was 573 MiB).
func TestA64MiBFieldFailsFastAndSmall(t *testing.T) {
	for _, tc := range []struct{ name, prefix, suffix string }{
		{"unquoted", "name,city\nNordlicht,Berlin\nx", ",Berlin\n"},
		{"quoted", "name,city\nNordlicht,Berlin\n\"", "\",Berlin\n"},
		{"quoted with line breaks", "name,city\nNordlicht,Berlin\n\"a\n", "\",Berlin\n"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			fill := byte('A')
			if strings.Contains(tc.name, "line breaks") {
				fill = '\n'
			}
			src := hostile.NewRepeat(tc.prefix, fill, 64<<20, tc.suffix)
			var rows []Row
			var err error
			n := allocated(func() { rows, err = readAll(src, CSV) })
			var be *BoundError
			if !errors.As(err, &be) || be.Line != 3 || !strings.Contains(err.Error(), "line 3") || !strings.Contains(err.Error(), "1 MiB") {
				t.Fatalf("error %v, want a BoundError at line 3 naming the 1 MiB bound", err)
			}
			if len(rows) != 1 {
				t.Errorf("%d rows before the long one, want 1", len(rows))
			}
			if got := src.Consumed(); got > 2<<20 {
				t.Errorf("read %d bytes before failing, want at most 2 MiB", got)
			}
			if n > 16<<20 {
				t.Errorf("allocated %d bytes (%.1f MiB) for a 64 MiB field, want at most 16 MiB", n, float64(n)/(1<<20))
			}
			t.Logf("allocated %.1f MiB, read %.1f MiB", float64(n)/(1<<20), float64(src.Consumed())/(1<<20))
		})
	}
}

func TestBoundErrorIsSticky(t *testing.T) {
	rd, err := NewReader(hostile.NewRepeat("name\n", 'A', 2<<20, "\nNordlicht\n"), ReaderOptions{Format: CSV})
	if err != nil {
		t.Fatal(err)
	}
	_, err1 := rd.Next()
	_, err2 := rd.Next()
	var be *BoundError
	if !errors.As(err1, &be) || err2 != err1 {
		t.Errorf("first %v, then %v: want the same BoundError twice", err1, err2)
	}
}

func TestCellAndColumnBounds(t *testing.T) {
	long := strings.Repeat("x", MaxFieldBytes+1)
	_, err := readAll(strings.NewReader("name,city\nA,B\nC,D\n"+long+",Berlin\n"), CSV)
	if err == nil || !strings.Contains(err.Error(), "line 4: cell 1") {
		t.Errorf("a cell past MaxFieldBytes: %v", err)
	}
	many := "name" + strings.Repeat(",c", MaxColumns) + "\n"
	if _, err := readAll(strings.NewReader(many), CSV); err == nil || !strings.Contains(err.Error(), "line 1:") || !strings.Contains(err.Error(), "columns") {
		t.Errorf("a header with %d columns: %v", MaxColumns+1, err)
	}
	// Just inside the bounds: four cells of MaxFieldBytes-1 make a record
	// of about 1 MiB that is read whole.
	cell := strings.Repeat("y", MaxFieldBytes-1)
	rows, err := readAll(strings.NewReader("name,a,b,c\n"+cell+","+cell+","+cell+","+cell+"\n"), CSV)
	if err != nil || len(rows) != 1 || rows[0].Cells[3] != cell {
		t.Errorf("a record within the bounds: %d rows, %v", len(rows), err)
	}
}

func TestJSONLinesBounds(t *testing.T) {
	src := hostile.NewRepeat("{\"name\":\"Nordlicht\"}\n{\"name\":\"", 'A', 64<<20, "\"}\n")
	_, err := readAll(src, JSONL)
	var be *BoundError
	if !errors.As(err, &be) || be.Line != 2 {
		t.Errorf("a 64 MiB line: %v, want a BoundError at line 2", err)
	}
	var b strings.Builder
	for i := 0; i <= MaxColumns; i++ {
		b.WriteString(`{"name":"x","k` + strings.Repeat("z", i%7) + string(rune('a'+i%26)) + `` + itoa(i) + `":"v"}` + "\n")
	}
	if _, err := readAll(strings.NewReader(b.String()), JSONL); !errors.As(err, &be) || !strings.Contains(err.Error(), "columns") {
		t.Errorf("%d distinct keys: %v", MaxColumns+1, err)
	}
}

func itoa(i int) string {
	s := ""
	for {
		s = string(rune('0'+i%10)) + s
		if i /= 10; i == 0 {
			return s
		}
	}
}

func TestRowsKnowTheirLine(t *testing.T) {
	rows, err := readAll(strings.NewReader("name,note\nA,\"two\nlines\"\n\nB,x\n"), CSV)
	if err != nil || len(rows) != 2 || rows[0].Line != 2 || rows[1].Line != 5 || rows[1].Index != 1 {
		t.Fatalf("rows %+v, %v", rows, err)
	}
}
