package matchfile

import (
	"errors"
	"fmt"
	"io"
)

// The bounds of one input record. A record beyond them stops the reader
// with an error naming its line: nothing a user hands the reader can make
// it hold more than about MaxRecordBytes at once.
const (
	// MaxRecordBytes bounds one record: a CSV record (with the quoted line
	// breaks inside it) or a JSON Lines line, 1 MiB.
	MaxRecordBytes = 1 << 20
	// MaxFieldBytes bounds one cell of a record, 256 KiB.
	MaxFieldBytes = 256 << 10
	// MaxColumns bounds the columns of the input: the cells of a CSV
	// record, or the distinct keys of a JSON Lines file.
	MaxColumns = 1000
)

// errRecordTooLong is what boundedReader returns past its limit.
var errRecordTooLong = errors.New("record too long")

// csvSlack is what encoding/csv reads ahead of the record it parses (its
// bufio.Reader's default size), allowed beyond MaxRecordBytes.
const csvSlack = 4096

// boundedReader hands encoding/csv at most MaxRecordBytes (and its read
// ahead) past the end of the last record read, so that one huge field
// fails after about a megabyte read instead of after the reader grew a
// buffer the size of the field.
type boundedReader struct {
	r     io.Reader
	n     int64 // bytes handed out
	limit int64 // the offset up to which bytes may be handed out
	hit   bool  // the limit was reached
}

func (b *boundedReader) Read(p []byte) (int, error) {
	if b.n >= b.limit {
		b.hit = true
		return 0, errRecordTooLong
	}
	if rest := b.limit - b.n; int64(len(p)) > rest {
		p = p[:rest]
	}
	k, err := b.r.Read(p)
	b.n += int64(k)
	return k, err
}

// recordFrom moves the limit on: the record after offset end may take
// MaxRecordBytes.
func (b *boundedReader) recordFrom(end int64) { b.limit = end + MaxRecordBytes + csvSlack }

// BoundError is a record past one of the bounds (MaxRecordBytes,
// MaxFieldBytes, MaxColumns). The reader cannot go on past it: every
// later Next returns it again.
type BoundError struct {
	// Line is the line of the input the record starts on (1 is the first).
	Line int
	msg  string
}

// Error names the line the record starts on and the bound it passed.
func (e *BoundError) Error() string { return fmt.Sprintf("matchfile: line %d: %s", e.Line, e.msg) }

// tooLong is the error of a record past MaxRecordBytes starting at line.
func tooLong(line int) error {
	return &BoundError{Line: line, msg: fmt.Sprintf("the record is longer than %d bytes (1 MiB): a line break may be missing, or a quote left open; split or shorten it", MaxRecordBytes)}
}

// checkCells refuses a record with too many cells or a cell too long.
func checkCells(line int, cells []string) error {
	if len(cells) > MaxColumns {
		return &BoundError{Line: line, msg: fmt.Sprintf("%d cells, more than the %d columns an input may have", len(cells), MaxColumns)}
	}
	for i, c := range cells {
		if len(c) > MaxFieldBytes {
			return &BoundError{Line: line, msg: fmt.Sprintf("cell %d is %d bytes long, more than %d (256 KiB): shorten it", i+1, len(c), MaxFieldBytes)}
		}
	}
	return nil
}
