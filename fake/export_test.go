package fake

// searchBuilds reports how often s built its search index.
func (s *Server) searchBuilds() int {
	st := extState[searchState](s)
	st.mu.Lock()
	defer st.mu.Unlock()
	return st.builds
}
