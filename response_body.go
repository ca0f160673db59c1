package registerdata

import (
	"bytes"
	"fmt"
	"io"
	"strconv"
)

// Response size limits: a company record is tens of kilobytes and a
// search page a few hundred; anything near these is not the service.
// maxResponseBytes is also chosen for memory: reading a body of that size
// allocates at most twice its size (see readLimited), and decoding it at
// most maxDecodeBytes more, so one call stays under 64 MiB.
const (
	maxResponseBytes = 16 << 20
	maxErrorBytes    = 64 << 10
)

// snippet quotes the start of a body for an error message.
func snippet(b []byte) string {
	const n = 120
	if len(b) > n {
		return strconv.Quote(string(b[:n])) + "..."
	}
	return strconv.Quote(string(b))
}

// errTooLarge is the error of readLimited for a body over the limit.
func errTooLarge(limit int64) error {
	return fmt.Errorf("the answer is larger than %d bytes, more than any answer of the service", limit)
}

// readLimited reads a body of at most limit bytes, failing on a larger
// one. Memory follows the bytes received, never what the answer
// announces: the buffer starts at readChunkMin bytes (less for a shorter
// announced length) and doubles as data arrives, up to the announced
// length when there is one, so an answer that announces 16 MiB and sends
// nothing costs readChunkMin, and any answer at most about twice its size.
// A body over the limit is dropped as soon as that is known.
func readLimited(r io.Reader, contentLength, limit int64) ([]byte, error) {
	if contentLength > limit {
		return nil, errTooLarge(limit)
	}
	size := int64(readChunkMin)
	if contentLength >= 0 {
		size = min(size, contentLength+1) // +1: the end shows without growing
	}
	buf := make([]byte, 0, size)
	for {
		if len(buf) == cap(buf) {
			bound := limit + 1
			if contentLength >= int64(cap(buf)) {
				bound = min(bound, contentLength+1)
			}
			n := min(2*int64(cap(buf)), bound)
			if bound-n < n/2 {
				n = bound // a step that would leave a sliver makes the last one
			}
			grown := make([]byte, len(buf), max(n, int64(cap(buf))+1))
			copy(grown, buf)
			buf = grown
		}
		n, err := r.Read(buf[len(buf):cap(buf)])
		buf = buf[:len(buf)+n]
		if int64(len(buf)) > limit {
			return nil, errTooLarge(limit)
		}
		if err == io.EOF {
			return buf, nil
		}
		if err != nil {
			return nil, err
		}
	}
}

// keptBody is what a ResponseError keeps of a body: at most
// maxErrorBytes, copied, so that an error held for long (a batch
// waiting for a slow id) does not hold a whole rejected answer, and
// without the request's secrets.
func keptBody(body []byte, secrets []string) []byte {
	if len(body) > maxErrorBytes {
		body = bytes.Clone(body[:maxErrorBytes])
	}
	if len(secrets) > 0 {
		body = []byte(scrub(string(body), secrets))
	}
	return body
}

const readChunkMin = 32 << 10
