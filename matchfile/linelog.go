package matchfile

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"hash/crc32"
	"io"
	"os"
	"strconv"
	"sync"

	"github.com/registerdata/registerdata-go/internal/atomicfile"
)

// maxLogLine bounds one line of a journal: an answer the SDK accepts
// (32 MiB) encoded in base64, and room to spare.
const maxLogLine = 48 << 20

// castagnoli is the CRC-32C table, made on first use: making it computes
// the hardware path's tables (0.2 ms), which a program that links this
// package without writing a journal should not pay at start.
var castagnoli = sync.OnceValue(func() *crc32.Table { return crc32.MakeTable(crc32.Castagnoli) })

// lineLog is an append-only file of checksummed lines: each line is the
// CRC-32C of its payload in 8 hex digits, a space, the payload (JSON,
// without line breaks) and a line break. The first line is the header,
// written whole with atomicfile; every later line is appended and synced
// to disk before append returns. A process killed during an append leaves
// at most one torn line at the end: open finds it (no line break, or a
// checksum that does not match) and cuts the file there, so what follows
// the last whole line is never read.
type lineLog struct {
	f    *os.File
	size int64
}

func encodeLine(payload []byte) []byte {
	line := make([]byte, 0, len(payload)+10)
	line = fmt.Appendf(line, "%08x ", crc32.Checksum(payload, castagnoli()))
	line = append(line, payload...)
	return append(line, '\n')
}

// decodeLine checks a line (with its line break) and returns its payload.
func decodeLine(line []byte) ([]byte, bool) {
	if len(line) < 10 || line[8] != ' ' || line[len(line)-1] != '\n' {
		return nil, false
	}
	sum, err := strconv.ParseUint(string(line[:8]), 16, 32)
	payload := line[9 : len(line)-1]
	if err != nil || uint32(sum) != crc32.Checksum(payload, castagnoli()) || bytes.IndexByte(payload, '\n') >= 0 {
		return nil, false
	}
	return payload, true
}

// createLog replaces path with a log holding header alone.
func createLog(path string, header []byte) (*lineLog, error) {
	if err := atomicfile.WriteFile(path, encodeLine(header), 0o600); err != nil {
		return nil, err
	}
	f, err := os.OpenFile(path, os.O_RDWR, 0)
	if err != nil {
		return nil, err
	}
	n := int64(len(encodeLine(header)))
	if _, err := f.Seek(n, io.SeekStart); err != nil {
		f.Close()
		return nil, err
	}
	return &lineLog{f: f, size: n}, nil
}

// openLog opens the log at path: header receives the first line's payload
// (an error there refuses the file), each every later whole line's offset,
// length and payload. A torn line and everything after it are cut off.
func openLog(path string, header func([]byte) error, each func(off int64, n int, payload []byte) error) (*lineLog, error) {
	f, err := os.OpenFile(path, os.O_RDWR, 0)
	if err != nil {
		return nil, err
	}
	l := &lineLog{f: f}
	if err := l.scan(path, header, each); err != nil {
		f.Close()
		return nil, err
	}
	return l, nil
}

func (l *lineLog) scan(path string, header func([]byte) error, each func(off int64, n int, payload []byte) error) error {
	br := bufio.NewReaderSize(l.f, 64<<10)
	var off int64
	first := true
	for {
		line, err := readLine(br)
		if err == nil {
			payload, ok := decodeLine(line)
			switch {
			case !ok && first:
				return fmt.Errorf("%s is not a resume state this program wrote (its first line is damaged): delete it to start over", path)
			case !ok:
				err = io.ErrUnexpectedEOF // a torn line: the end of what was written
			case first:
				if herr := header(payload); herr != nil {
					return herr
				}
			default:
				if eerr := each(off, len(line), payload); eerr != nil {
					return eerr
				}
			}
			if err == nil {
				first = false
				off += int64(len(line))
				continue
			}
		}
		if first {
			return fmt.Errorf("%s is empty or damaged, not a resume state: delete it to start over", path)
		}
		if !errors.Is(err, io.EOF) && !errors.Is(err, io.ErrUnexpectedEOF) && !errors.Is(err, errLongLine) {
			return fmt.Errorf("reading %s: %w", path, err)
		}
		break
	}
	// Cut what follows the last whole line: a line torn by a stop.
	if fi, err := l.f.Stat(); err != nil {
		return err
	} else if fi.Size() != off {
		if err := l.f.Truncate(off); err != nil {
			return fmt.Errorf("cutting the torn end of %s: %w", path, err)
		}
		if err := l.f.Sync(); err != nil {
			return err
		}
	}
	l.size = off
	_, err := l.f.Seek(off, io.SeekStart)
	return err
}

var errLongLine = errors.New("line too long")

// readLine reads one line with its line break (io.ErrUnexpectedEOF for
// a last line without one), at most maxLogLine bytes.
func readLine(br *bufio.Reader) ([]byte, error) {
	var line []byte
	for {
		chunk, err := br.ReadSlice('\n')
		line = append(line, chunk...)
		if len(line) > maxLogLine {
			return nil, errLongLine
		}
		switch {
		case err == nil:
			return line, nil
		case errors.Is(err, bufio.ErrBufferFull):
			continue
		case errors.Is(err, io.EOF) && len(line) > 0:
			return nil, io.ErrUnexpectedEOF
		}
		return nil, err
	}
}

// append writes payload as a line and syncs it to disk; it returns the
// line's offset and length.
func (l *lineLog) append(payload []byte) (int64, int, error) {
	line := encodeLine(payload)
	off := l.size
	if _, err := l.f.WriteAt(line, off); err != nil {
		return 0, 0, err
	}
	if err := l.f.Sync(); err != nil {
		return 0, 0, err
	}
	l.size += int64(len(line))
	return off, len(line), nil
}

// read returns the payload of the line at off.
func (l *lineLog) read(off int64, n int) ([]byte, error) {
	line := make([]byte, n)
	if _, err := l.f.ReadAt(line, off); err != nil {
		return nil, err
	}
	payload, ok := decodeLine(line)
	if !ok {
		return nil, fmt.Errorf("%s changed under the run: a line no longer matches its checksum", l.f.Name())
	}
	return payload, nil
}

func (l *lineLog) close() error { return l.f.Close() }
