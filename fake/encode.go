package fake

import (
	"bytes"
	"encoding/json"
	"errors"
	"hash/maphash"
	"net/http"
	"strconv"
	"sync"
	"sync/atomic"
	"unicode/utf8"

	registerdata "github.com/registerdata/registerdata-go"
)

// The answers served most are encoded without reflection: a search page
// by hand, a company record once per version of the store (only its
// presigned sources change from one lookup to the next). Both give the
// bytes encoding/json gives.

// appendSearchResponse appends r as json.Marshal encodes it.
func appendSearchResponse(b []byte, r *registerdata.CompanySearchResponse) []byte {
	b = append(b, `{"results":[`...)
	for i := range r.Results {
		if i > 0 {
			b = append(b, ',')
		}
		b = appendSearchResult(b, &r.Results[i])
	}
	if r.Results == nil {
		b = append(b[:len(b)-1], "null"...)
	} else {
		b = append(b, ']')
	}
	p := r.Pagination
	b = append(b, `,"pagination":{"page":`...)
	b = strconv.AppendInt(b, int64(p.Page), 10)
	b = append(b, `,"per_page":`...)
	b = strconv.AppendInt(b, int64(p.PerPage), 10)
	b = append(b, `,"total_pages":`...)
	b = strconv.AppendInt(b, int64(p.TotalPages), 10)
	b = append(b, `,"total_results":`...)
	b = strconv.AppendInt(b, int64(p.TotalResults), 10)
	return append(b, "}}"...)
}

func appendSearchResult(b []byte, r *registerdata.CompanySearchResult) []byte {
	b = append(b, `{"company_id":`...)
	b = appendString(b, r.CompanyID)
	b = append(b, `,"name":`...)
	b = appendString(b, r.Name)
	b = append(b, `,"country":`...)
	b = appendStringPtr(b, r.Country)
	b = append(b, `,"register_number":`...)
	b = appendString(b, r.RegisterNumber)
	b = append(b, `,"register_type":`...)
	b = appendString(b, string(r.RegisterType))
	b = append(b, `,"register_court":`...)
	b = appendString(b, r.RegisterCourt)
	b = append(b, `,"active":`...)
	b = strconv.AppendBool(b, r.Active)
	b = append(b, `,"legal_form":`...)
	b = appendString(b, string(r.LegalForm))
	b = append(b, `,"address":`...)
	if a := r.Address; a == nil {
		b = append(b, "null"...)
	} else {
		b = append(b, `{"city":`...)
		b = appendString(b, a.City)
		b = append(b, `,"country":`...)
		b = appendString(b, a.Country)
		b = append(b, `,"formatted_value":`...)
		b = appendString(b, a.FormattedValue)
		for _, f := range [...]struct{ key, v string }{{`,"street":`, a.Street}, {`,"postal_code":`, a.PostalCode}, {`,"extra":`, a.Extra}} {
			if f.v != "" {
				b = append(b, f.key...)
				b = appendString(b, f.v)
			}
		}
		b = append(b, '}')
	}
	b = append(b, `,"purpose":`...)
	b = appendStringPtr(b, r.Purpose)
	return append(b, '}')
}

func appendStringPtr(b []byte, s *string) []byte {
	if s == nil {
		return append(b, "null"...)
	}
	return appendString(b, *s)
}

// appendString appends s quoted as encoding/json quotes it: text that
// needs no escape is copied, anything else (quotes, control characters,
// <, > and &, U+2028 and U+2029, invalid UTF-8) is left to encoding/json.
func appendString(b []byte, s string) []byte {
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c < utf8.RuneSelf {
			if c < 0x20 || c == '"' || c == '\\' || c == '<' || c == '>' || c == '&' {
				return appendQuoted(b, s)
			}
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		if r == utf8.RuneError || r == '\u2028' || r == '\u2029' {
			return appendQuoted(b, s)
		}
		i += size - 1
	}
	b = append(b, '"')
	b = append(b, s...)
	return append(b, '"')
}

func appendQuoted(b []byte, s string) []byte {
	q, _ := json.Marshal(s) // a string always encodes
	return append(b, q...)
}

// recordSlots is how many encoded company records the fake keeps, each
// id in the slot its hash picks.
const recordSlots = 1 << 12

// encodedRecord is a company record as json.Marshal encodes it, up to
// the value of its last member, "sources"; version is the store's when
// the record was read.
type encodedRecord struct {
	id      string
	version uint64
	head    []byte
}

// recordCache keeps encoded records by id (a direct-mapped cache: bounded
// memory, no lock).
type recordCache struct {
	seed  maphash.Seed
	slots [recordSlots]atomic.Pointer[encodedRecord]
}

func newRecordCache() *recordCache { return &recordCache{seed: maphash.MakeSeed()} }

// sourcesKey ends the encoding of a record whose sources are nil: the
// record is cut there, and each answer appends its own sources.
var sourcesKey = []byte(`,"sources":null}`)

// head returns the encoding of c, read at the store's version, up to its
// sources.
func (rc *recordCache) head(c *registerdata.Company, version uint64) ([]byte, error) {
	if rc == nil {
		return nil, errNoCache
	}
	slot := &rc.slots[maphash.String(rc.seed, c.ID)%recordSlots]
	if e := slot.Load(); e != nil && e.id == c.ID && e.version == version {
		return e.head, nil
	}
	x := *c // shallow: only Sources changes
	x.Sources = nil
	enc, err := json.Marshal(&x)
	if err != nil {
		return nil, err
	}
	if !bytes.HasSuffix(enc, sourcesKey) { // sources are the last member of a record
		return nil, errNoCache
	}
	head := enc[:len(enc)-len(sourcesKey)+len(`,"sources":`)]
	slot.Store(&encodedRecord{id: c.ID, version: version, head: head})
	return head, nil
}

// errNoCache says a record cannot be encoded in parts: it is encoded whole.
var errNoCache = errors.New("fake: the record is encoded whole")

// bodies recycles the buffers answers are encoded into.
var bodies = sync.Pool{New: func() any { return new([]byte) }}

// maxKeptBody is the largest buffer bodies keeps.
const maxKeptBody = 1 << 20

// appendRecord appends the encoding of c with sources, and a newline.
func (rc *recordCache) appendRecord(b []byte, c *registerdata.Company, version uint64, sources []registerdata.Source) ([]byte, error) {
	head, err := rc.head(c, version)
	if err == errNoCache {
		x := *c
		x.Sources = sources
		enc, err := json.Marshal(&x)
		if err != nil {
			return nil, err
		}
		return append(append(b, enc...), '\n'), nil
	}
	if err != nil {
		return nil, err
	}
	b = append(b, head...)
	if sources == nil {
		b = append(b, "null"...)
	} else {
		b = append(b, '[')
		for i, s := range sources {
			if i > 0 {
				b = append(b, ',')
			}
			b = append(b, `{"document_url":`...)
			b = appendString(b, s.DocumentURL)
			b = append(b, '}')
		}
		b = append(b, ']')
	}
	return append(b, "}\n"...), nil
}

// writeBody answers with the JSON body b (which ends with a newline).
func writeBody(w http.ResponseWriter, status int, b []byte) {
	w.Header().Set("Content-Type", "application/json")
	w.Header().Set("Content-Length", strconv.Itoa(len(b)))
	w.WriteHeader(status)
	_, _ = w.Write(b)
}

// writeRecord answers 200 with company c, read at the store's version,
// with sources.
func (st *store) writeRecord(w http.ResponseWriter, c *registerdata.Company, version uint64, sources []registerdata.Source) {
	bp := bodies.Get().(*[]byte)
	defer putBody(bp)
	b, err := st.records.appendRecord((*bp)[:0], c, version, sources)
	if err != nil {
		writeError(w, http.StatusInternalServerError, CodeInternal, "fake: encoding the response failed: "+err.Error())
		return
	}
	*bp = b
	writeBody(w, http.StatusOK, b)
}

// putBody gives a buffer back to bodies, unless it grew large.
func putBody(bp *[]byte) {
	if cap(*bp) <= maxKeptBody {
		bodies.Put(bp)
	}
}
