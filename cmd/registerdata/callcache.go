package main

import (
	"bytes"
	"context"
	"net/http"

	"github.com/registerdata/registerdata-go/matchfile"
)

// callCache is the client's cache (registerdata.WithCache) under a match
// or enrich with --out: the answers of the lookups made for the rows of
// the chunk in progress, kept in its matchfile.CallLog (OUT.resume-calls)
// and synced to disk before the SDK goes on. A row cut short by a stop (a
// kill, a crash) is done again by the resumed run, and the lookups it had
// made are answered from the log: they cost nothing and send nothing,
// and the budget does not count them. The SDK keeps only successful
// answers, and marks every lookup of a match cacheable, searches
// included.
//
// An answer that carries one of the run's secrets (an echoed API key) is
// not kept: no secret reaches a file.
type callCache struct {
	calls   *matchfile.CallLog
	secrets func() []string
}

// Get implements registerdata.Cache.
func (c callCache) Get(_ context.Context, key string) ([]byte, bool, error) {
	return c.calls.Get(key)
}

// Set implements registerdata.Cache.
func (c callCache) Set(_ context.Context, key string, value []byte) error {
	for _, s := range c.secrets() {
		if s != "" && bytes.Contains(value, []byte(s)) {
			return nil
		}
	}
	return c.calls.Put(key, value)
}

// callBarrier is the transport under callCache: before a request goes
// out, it waits until every answer handed to the call log is on disk. The
// SDK waits for a cache Set for a second only; on a machine so loaded
// that an fsync takes longer, the next request would otherwise leave
// while the last answer is not yet safe, and a stop then would make the
// resumed run pay for that answer again.
type callBarrier struct {
	next  http.RoundTripper
	calls *matchfile.CallLog
}

func (b callBarrier) RoundTrip(req *http.Request) (*http.Response, error) {
	b.calls.Wait()
	return b.next.RoundTrip(req)
}
