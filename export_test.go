package registerdata

import (
	"encoding/json"
	"time"
)

// Hooks for the external tests of the company decoder.

// DecodeCompanyFast runs only the single-pass decoder of decodeJSON,
// without its encoding/json fallback.
func DecodeCompanyFast(b []byte, c *Company) error { return decodeCompanyFast(b, c) }

// DecodeCompanyBody decodes b as the client decodes a response body.
func DecodeCompanyBody(b []byte, c *Company) error { return decodeBody(b, c) }

// DecodeCompanyReference is what decodeJSON must equal: encoding/json
// into the method-less field set, then Normalize.
func DecodeCompanyReference(b []byte, c *Company) error {
	if err := json.Unmarshal(b, (*companyFields)(c)); err != nil {
		return err
	}
	c.Normalize()
	return nil
}

// BatchWorkers is the number of GetCompaniesSeq and MatchCompaniesSeq worker goroutines alive.
func BatchWorkers() int64 { return batchWorkers.Load() }

// NewMemoryCacheAt is NewMemoryCache on the clock now.
func NewMemoryCacheAt(maxEntries int, ttl time.Duration, now func() time.Time) Cache {
	return newMemoryCache(maxEntries, ttl, now)
}

// SetFlightWaitHook sets the function called when a lookup has joined the
// flight of its key, as leader or waiter (nil: none). Tests using it must not run
// in parallel.
func SetFlightWaitHook(fn func()) { testHookFlightWait = fn }

// MaxResponseBytes is the size cap of a 2xx answer.
const MaxResponseBytes = maxResponseBytes

// DecodeAnswer decodes a 2xx body into out as the client does: the
// decoding-cost check, then the type's decoder.
func DecodeAnswer(body []byte, out any) error {
	if err := checkDecodeCost(body, out); err != nil {
		return err
	}
	return decodeBody(body, out)
}

// AutocompleteResponse is the answer type AutocompleteCompanies decodes.
type AutocompleteResponse = autocompleteResponse
