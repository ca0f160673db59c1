package fake

import (
	"sync"

	registerdata "github.com/registerdata/registerdata-go"
)

// keyIndex maps values found in the company records (a normalised
// website, a document id) to the company holding them. It is built on
// its first lookup, not at start-up, so a large register starts as fast
// without it, and kept current by a register observer once built.
// Embed it in a named type per index to keep it with extState.
type keyIndex struct {
	keys func(*registerdata.Company) []string // the values of a record; set before use

	mu    sync.Mutex
	built bool
	owner map[string]string // value -> company id
}

// install sets the index's keys and registers it to follow the register.
func (ix *keyIndex) install(s *Server, keys func(*registerdata.Company) []string) {
	ix.keys = keys
	s.observe(ix.update)
}

// update follows one change of the register, once the index is built.
func (ix *keyIndex) update(before, after registerdata.Company) {
	ix.mu.Lock()
	defer ix.mu.Unlock()
	if !ix.built {
		return
	}
	for _, k := range ix.keys(&before) {
		if ix.owner[k] == before.ID {
			delete(ix.owner, k)
		}
	}
	for _, k := range ix.keys(&after) {
		ix.owner[k] = after.ID
	}
}

// lookup returns the id of the company holding key, building the index
// from st on first use.
func (ix *keyIndex) lookup(st *store, key string) (string, bool) {
	ix.mu.Lock()
	defer ix.mu.Unlock()
	if !ix.built {
		ix.owner = map[string]string{}
		for _, c := range st.all() {
			for _, k := range ix.keys(c) {
				ix.owner[k] = c.ID
			}
		}
		ix.built = true
	}
	id, ok := ix.owner[key]
	return id, ok
}
