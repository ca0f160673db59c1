package matchfile

import (
	"bufio"
	"bytes"
	"encoding/csv"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strings"

	registerdata "github.com/registerdata/registerdata-go"
)

// Format is a file format.
type Format int

// The formats read and written.
const (
	CSV   Format = iota + 1 // comma- or semicolon-separated values with a header line
	JSONL                   // JSON Lines: one object of strings per line
)

// String names the format as ParseFormat reads it.
func (f Format) String() string {
	switch f {
	case CSV:
		return "csv"
	case JSONL:
		return "jsonl"
	}
	return fmt.Sprintf("Format(%d)", int(f))
}

// ParseFormat reads "csv" or "jsonl" (also "json", "ndjson").
func ParseFormat(s string) (Format, error) {
	switch strings.ToLower(strings.TrimSpace(s)) {
	case "csv":
		return CSV, nil
	case "jsonl", "json", "ndjson":
		return JSONL, nil
	}
	return 0, fmt.Errorf("matchfile: unknown format %q: use csv or jsonl", s)
}

// ReaderOptions configure NewReader.
type ReaderOptions struct {
	// Format of the input; required.
	Format Format
	// Overrides map fields to header names ("name" to "Firma"), as
	// ParseOverrides reads them; they win over detection.
	Overrides map[string]string
}

// Row is one input record.
type Row struct {
	// Index counts the data records from 0, in input order.
	Index int
	// Header names the cells; shared by the rows of a reader: do not
	// modify.
	Header []string
	// Cells are the record's values, one per header name (JSON Lines
	// keys a line lacks are empty).
	Cells []string
	// Query is the record as a match query.
	Query registerdata.MatchQuery
	// CompanyID is the record's company_id column, for enrichment.
	CompanyID string
	// Line is the line of the input the record starts on (1 is the
	// first line of the file, the header's for CSV).
	Line int

	short bool // a CSV record with fewer cells than the header
}

// Reader reads Rows from CSV or JSON Lines.
type Reader struct {
	format    Format
	overrides map[string]string
	header    []string
	cols      Columns
	csv       *csv.Reader
	bounded   *boundedReader
	lines     *bufio.Scanner
	index     int
	line      int   // JSON Lines: the last line read; CSV: the line the next record starts on
	end       int64 // CSV: the offset after the last record read
	fatal     error // a BoundError: the reader stops at it
}

// NewReader starts reading r. For CSV it reads the header line now,
// detects the separator (comma, semicolon or tab, from the header line)
// and the columns; for JSON Lines the columns are the keys, detected
// from the first line on. A UTF-8 byte order mark is skipped.
func NewReader(r io.Reader, o ReaderOptions) (*Reader, error) {
	br := bufio.NewReaderSize(r, 64<<10)
	if b, err := br.Peek(3); err == nil && bytes.Equal(b, []byte("\xef\xbb\xbf")) {
		_, _ = br.Discard(3)
	}
	rd := &Reader{format: o.Format, overrides: o.Overrides}
	switch o.Format {
	case CSV:
		first, _ := br.Peek(64 << 10)
		if i := bytes.IndexByte(first, '\n'); i >= 0 {
			first = first[:i]
		}
		rd.bounded = &boundedReader{r: br}
		rd.bounded.recordFrom(0)
		rd.csv = csv.NewReader(rd.bounded)
		rd.csv.Comma = separator(first)
		rd.csv.FieldsPerRecord = -1
		rd.line = 1
		header, err := rd.readCSV()
		if err != nil {
			if errors.Is(err, io.EOF) {
				return nil, errors.New("matchfile: the CSV input is empty: it needs a header line naming its columns")
			}
			var be *BoundError
			if errors.As(err, &be) {
				return nil, err
			}
			return nil, fmt.Errorf("matchfile: reading the CSV header: %w", err)
		}
		rd.header = header
		if rd.cols, err = DetectColumns(header, o.Overrides); err != nil {
			return nil, err
		}
	case JSONL:
		rd.lines = bufio.NewScanner(br)
		rd.lines.Buffer(make([]byte, 64<<10), MaxRecordBytes)
	default:
		return nil, fmt.Errorf("matchfile: ReaderOptions.Format is %v: use CSV or JSONL", o.Format)
	}
	return rd, nil
}

// separator picks the separator a CSV header line uses most.
func separator(line []byte) rune {
	best, n := ',', bytes.Count(line, []byte{','})
	for _, c := range []rune{';', '\t'} {
		if k := bytes.Count(line, []byte(string(c))); k > n {
			best, n = c, k
		}
	}
	return best
}

// Header returns the column names known so far (for JSON Lines, the keys
// of the lines read so far, in the order first seen).
func (r *Reader) Header() []string { return r.header }

// readCSV reads the next CSV record within the bounds, keeping count of
// the lines.
func (r *Reader) readCSV() ([]string, error) {
	if r.fatal != nil {
		return nil, r.fatal
	}
	rec, err := r.csv.Read()
	if r.bounded.hit || err == nil && r.csv.InputOffset()-r.end > MaxRecordBytes {
		r.fatal = tooLong(r.line)
		return nil, r.fatal
	}
	if err != nil {
		return nil, err
	}
	r.end = r.csv.InputOffset()
	r.bounded.recordFrom(r.end)
	start, _ := r.csv.FieldPos(0)
	last, _ := r.csv.FieldPos(len(rec) - 1)
	r.line = last + strings.Count(rec[len(rec)-1], "\n") + 1
	if err := checkCells(start, rec); err != nil {
		r.fatal = err
		return nil, err
	}
	return rec, nil
}

// Next returns the next row, or io.EOF after the last. Empty lines are
// skipped. A malformed record fails with an error naming its line; the
// reader can go on with the next. A record past the bounds
// (MaxRecordBytes, MaxFieldBytes, MaxColumns) fails with a *BoundError,
// and so does every later call: the reader cannot find the next record
// past it.
func (r *Reader) Next() (Row, error) {
	var cells []string
	line := 0
	switch r.format {
	case CSV:
		for {
			rec, err := r.readCSV()
			if err != nil {
				var be *BoundError
				switch {
				case errors.Is(err, io.EOF):
					return Row{}, io.EOF
				case errors.As(err, &be):
					return Row{}, err
				}
				return Row{}, fmt.Errorf("matchfile: %w", err)
			}
			if len(rec) == 1 && strings.TrimSpace(rec[0]) == "" {
				continue
			}
			cells = rec
			line, _ = r.csv.FieldPos(0)
			break
		}
	default:
		var err error
		if cells, err = r.nextJSON(); err != nil {
			return Row{}, err
		}
		line = r.line
	}
	short := len(cells) < len(r.header)
	for len(cells) < len(r.header) {
		cells = append(cells, "")
	}
	row := Row{Index: r.index, Header: r.header, Cells: cells, Line: line, short: short && r.format == CSV}
	r.index++
	get := func(field string) string {
		if i, ok := r.cols[field]; ok && i < len(cells) {
			return strings.TrimSpace(cells[i])
		}
		return ""
	}
	row.Query = registerdata.MatchQuery{
		Name: get("name"), City: get("city"), PostalCode: get("postal_code"), Street: get("street"),
		Register: get("register"), VATID: get("vat_id"), LEI: get("lei"), Website: get("website"),
	}
	row.CompanyID = get("company_id")
	return row, nil
}

// nextJSON reads the next JSON Lines object as cells of the header,
// growing the header with new keys.
func (r *Reader) nextJSON() ([]string, error) {
	if r.fatal != nil {
		return nil, r.fatal
	}
	for r.lines.Scan() {
		r.line++
		b := bytes.TrimSpace(r.lines.Bytes())
		if len(b) == 0 {
			continue
		}
		keys, vals, err := decodeFlatObject(b)
		if err != nil {
			return nil, fmt.Errorf("matchfile: line %d: %w", r.line, err)
		}
		if err := checkCells(r.line, vals); err != nil {
			r.fatal = err
			return nil, err
		}
		grown := false
		cells := make([]string, len(r.header))
		for i, k := range keys {
			j := indexOf(r.header, k)
			if j < 0 {
				if len(r.header) == MaxColumns {
					r.fatal = &BoundError{Line: r.line, msg: fmt.Sprintf("key %q would be column %d: the input may have %d columns", k, MaxColumns+1, MaxColumns)}
					return nil, r.fatal
				}
				r.header = append(r.header, k)
				cells = append(cells, "")
				j, grown = len(r.header)-1, true
			}
			cells[j] = vals[i]
		}
		if grown || r.cols == nil {
			cols, err := DetectColumns(r.header, r.overrides)
			if err != nil {
				return nil, fmt.Errorf("matchfile: line %d: %w", r.line, err)
			}
			r.cols = cols
		}
		return cells, nil
	}
	if err := r.lines.Err(); err != nil {
		if errors.Is(err, bufio.ErrTooLong) {
			r.fatal = &BoundError{Line: r.line + 1, msg: fmt.Sprintf("the line is longer than %d bytes (1 MiB): a line break may be missing; split or shorten it", MaxRecordBytes)}
			return nil, r.fatal
		}
		return nil, fmt.Errorf("matchfile: line %d: %w", r.line+1, err)
	}
	return nil, io.EOF
}

func indexOf(s []string, v string) int {
	for i, x := range s {
		if x == v {
			return i
		}
	}
	return -1
}

// decodeFlatObject reads one JSON object whose values are strings,
// numbers, booleans or null, keeping the order of its keys.
func decodeFlatObject(b []byte) (keys, vals []string, err error) {
	dec := json.NewDecoder(bytes.NewReader(b))
	dec.UseNumber()
	if t, err := dec.Token(); err != nil || t != json.Delim('{') {
		return nil, nil, errors.New("want a JSON object such as {\"name\": \"Nordlicht Solartechnik GmbH\", \"city\": \"Berlin\"}")
	}
	for dec.More() {
		t, err := dec.Token()
		if err != nil {
			return nil, nil, fmt.Errorf("malformed JSON: %w", err)
		}
		k, _ := t.(string)
		v, err := dec.Token()
		if err != nil {
			return nil, nil, fmt.Errorf("malformed JSON: %w", err)
		}
		var s string
		switch x := v.(type) {
		case string:
			s = x
		case json.Number:
			s = x.String()
		case bool:
			s = fmt.Sprint(x)
		case nil:
		default:
			return nil, nil, fmt.Errorf("key %q: want a string, a number or null, not an object or array", k)
		}
		keys, vals = append(keys, k), append(vals, s)
	}
	if _, err := dec.Token(); err != nil {
		return nil, nil, fmt.Errorf("malformed JSON: %w", err)
	}
	if dec.More() {
		return nil, nil, errors.New("more than one JSON value on the line")
	}
	return keys, vals, nil
}
