package fake

import "sync"

// autocompleteCached bounds how many answers the autocomplete keeps.
const autocompleteCached = 1024

// autocompleteAnswers keeps the encoded answers of recent autocomplete
// queries: a customer's list of names asks for the same words again and
// again (a batch match sends each name's longest word). An answer is
// served only while the register and the prefix index are as they were
// when it was made, so it is the answer the query would get anew.
type autocompleteAnswers struct {
	mu sync.Mutex
	m  map[string]cachedAnswer
}

// cachedAnswer is an encoded answer and the register's state it
// answers: the store's version and the index's count of changes.
type cachedAnswer struct {
	at   registerState
	body []byte // shared: never changed once stored
}

// registerState tells one state of the register, as the autocomplete
// reads it, from another.
type registerState struct{ version, changes uint64 }

// registerState is the register's state now.
func (s *Server) registerState() registerState {
	s.store.mu.RLock()
	v := s.store.version
	s.store.mu.RUnlock()
	ix := extState[prefixIndex](s)
	ix.mu.RLock()
	defer ix.mu.RUnlock()
	return registerState{version: v, changes: ix.changes}
}

// autocompleteAnswer is the body answering query: kept from an earlier
// ask in the same state of the register, or found, encoded and kept
// with the state read before it was found. Both counts of the state
// only grow: an answer found while the register changed is kept with a
// state that has passed and is never served. The caller must not
// change it.
func (s *Server) autocompleteAnswer(query string) []byte {
	cache := extState[autocompleteAnswers](s)
	at := s.registerState()
	cache.mu.Lock()
	a, ok := cache.m[query]
	cache.mu.Unlock()
	if ok && a.at == at {
		return a.body
	}
	body := appendAutocomplete(nil, s.autocompleteJoined(query))
	cache.mu.Lock()
	defer cache.mu.Unlock()
	if cache.m == nil {
		cache.m = make(map[string]cachedAnswer, autocompleteCached)
	}
	if _, kept := cache.m[query]; !kept && len(cache.m) >= autocompleteCached {
		for q := range cache.m { // one answer makes room, any
			delete(cache.m, q)
			break
		}
	}
	cache.m[query] = cachedAnswer{at: at, body: body}
	return body
}
