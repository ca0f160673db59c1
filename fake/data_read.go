package fake

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"slices"
)

// Reading a data directory stays inside it: data directories are shared
// (registerfake -record writes them), so a hostile one must not make the
// fake read, and serve, the files of whoever runs it. A symbolic link is
// never followed, whether it leads out of the directory or not (a link
// to a folder gets a message of its own); a special file (device, named
// pipe, socket) is refused before it is opened; every read is bounded:
// a .json file by maxDataFile, a line of a .jsonl file by maxDataLine.
// registerfake opens DIR with os.OpenRoot, so not even a path it is
// given can leave it; WithData applies the same rules to any fs.FS.

// maxDataFile bounds one .json file of a data directory.
const maxDataFile = 64 << 20

// maxDataLine bounds one line of a JSON Lines file.
const maxDataLine = 64 << 20

// checkEntry refuses a directory entry that is a symbolic link or a
// special file, with a message saying what to do.
func checkEntry(fsys fs.FS, name string, e fs.DirEntry) error {
	mode := e.Type()
	switch {
	case mode&fs.ModeSymlink != 0:
		// A link that leaves the directory cannot be looked at (os.Root
		// refuses), so a link named like a folder counts as one.
		if st, err := fs.Stat(fsys, name); (err == nil && st.IsDir()) || slices.Contains(dataKinds, name) {
			return dataErr(name, "is a symbolic link to a folder: links are not followed, so that nothing outside the data directory is read; "+
				"copy the folder into the directory, or give -data the folder the link points to")
		}
		return dataErr(name, "is a symbolic link: links are not followed, so that nothing outside the data directory is read; copy the file into the directory")
	case mode&(fs.ModeDevice|fs.ModeCharDevice|fs.ModeNamedPipe|fs.ModeSocket|fs.ModeIrregular) != 0:
		return dataErr(name, "is not a regular file (%s): a data directory holds JSON files and folders only", fileKind(mode))
	}
	return nil
}

// fileKind names the kind of a special file.
func fileKind(mode fs.FileMode) string {
	switch {
	case mode&fs.ModeCharDevice != 0:
		return "a character device"
	case mode&fs.ModeDevice != 0:
		return "a device"
	case mode&fs.ModeNamedPipe != 0:
		return "a named pipe"
	case mode&fs.ModeSocket != 0:
		return "a socket"
	}
	return "a special file"
}

// openRegular opens name and checks, on the opened file, that it is a
// regular file (the entry may have been replaced since it was listed).
func openRegular(fsys fs.FS, name string) (fs.File, fs.FileInfo, error) {
	f, err := fsys.Open(name)
	if err != nil {
		return nil, nil, dataErr(name, "cannot be read: %v", err)
	}
	st, err := f.Stat()
	if err != nil {
		f.Close()
		return nil, nil, dataErr(name, "cannot be read: %v", err)
	}
	if !st.Mode().IsRegular() {
		f.Close()
		return nil, nil, dataErr(name, "is not a regular file (%s): a data directory holds JSON files and folders only", fileKind(st.Mode()))
	}
	return f, st, nil
}

// readDataFile reads the whole .json file name, at most maxDataFile
// bytes, into a buffer of the file's size.
func readDataFile(fsys fs.FS, name string) ([]byte, error) {
	f, st, err := openRegular(fsys, name)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	if st.Size() > maxDataFile {
		return nil, dataErr(name, "is %d bytes, more than the %d a data file may hold: split it, or use a .jsonl file with one document a line", st.Size(), maxDataFile)
	}
	var buf bytes.Buffer
	buf.Grow(int(st.Size()) + bytes.MinRead)
	if _, err := buf.ReadFrom(io.LimitReader(f, maxDataFile+1)); err != nil {
		return nil, dataErr(name, "cannot be read: %v", err)
	}
	if buf.Len() > maxDataFile {
		return nil, dataErr(name, "is more than the %d bytes a data file may hold (it grew while read)", maxDataFile)
	}
	return buf.Bytes(), nil
}

// errLineTooLong is a line of a JSON Lines file over maxDataLine.
var errLineTooLong = errors.New("line too long")

// eachLine calls fn with every line of the JSON Lines file name (without
// its newline) and its number, streaming: one line is in memory at a
// time, and a line over maxDataLine stops the reading. A line longer than
// the read buffer is measured first and then read into a buffer of its
// length, when the file can seek (files of a directory, embed.FS,
// fstest.MapFS can); else it is gathered in a doubling buffer.
func eachLine(fsys fs.FS, name string, fn func(n int, line []byte) error) error {
	f, _, err := openRegular(fsys, name)
	if err != nil {
		return err
	}
	defer f.Close()
	r := bufio.NewReaderSize(f, 64<<10)
	var pos int64 // the offset of the line being read
	for n := 1; ; n++ {
		line, err := r.ReadSlice('\n')
		if errors.Is(err, bufio.ErrBufferFull) {
			if rs, ok := f.(io.ReadSeeker); ok {
				line, err = longLine(rs, r, pos, int64(len(line)))
			} else {
				line, err = gatherLine(r, line)
			}
		}
		if errors.Is(err, errLineTooLong) {
			return dataErr(fmt.Sprintf("%s line %d", name, n), "the line is longer than %d bytes", maxDataLine)
		}
		if err != nil && !errors.Is(err, io.EOF) {
			return dataErr(name, "cannot be read: %v", err)
		}
		pos += int64(len(line))
		if ferr := fn(n, bytes.TrimSuffix(line, []byte{'\n'})); ferr != nil {
			return ferr
		}
		if errors.Is(err, io.EOF) {
			return nil
		}
	}
}

// longLine reads the line at offset start of f, of which r has returned
// the first read bytes: it reads on to the line's end counting its
// length, then reads the line again into a buffer of exactly that length
// and leaves r after it.
func longLine(f io.ReadSeeker, r *bufio.Reader, start, read int64) ([]byte, error) {
	length := read
	var end error
	for {
		part, err := r.ReadSlice('\n')
		length += int64(len(part))
		if length > maxDataLine+1 {
			return nil, errLineTooLong
		}
		if !errors.Is(err, bufio.ErrBufferFull) {
			end = err
			break
		}
	}
	if end != nil && !errors.Is(end, io.EOF) {
		return nil, end
	}
	if _, err := f.Seek(start, io.SeekStart); err != nil {
		return nil, err
	}
	line := make([]byte, length)
	if _, err := io.ReadFull(f, line); err != nil {
		return nil, err
	}
	r.Reset(f)
	return line, end
}

// gatherLine reads the rest of a line whose start filled r's buffer,
// doubling a buffer of its own, up to maxDataLine.
func gatherLine(r *bufio.Reader, start []byte) ([]byte, error) {
	buf := make([]byte, len(start), 2*len(start))
	copy(buf, start)
	for {
		part, err := r.ReadSlice('\n')
		if len(buf)+len(part) > maxDataLine+1 {
			return nil, errLineTooLong
		}
		if len(buf)+len(part) > cap(buf) {
			grown := make([]byte, len(buf), max(2*cap(buf), len(buf)+len(part)))
			copy(grown, buf)
			buf = grown
		}
		buf = append(buf, part...)
		if !errors.Is(err, bufio.ErrBufferFull) {
			return buf, err
		}
	}
}
