package fake

// installSurface serves the company surface beyond lookup and search:
// financial reports, documents, contact data and website lookup,
// autocomplete and credit usage. Each has its own files.
func installSurface(s *Server) {
	s.mux.HandleFunc("GET "+filesPath+"{id}/{file}", s.serveFile) // presigned: no key, not a control
	installFinancials(s)
	installDocuments(s)
	installContact(s)
	installAutocomplete(s)
	installCredits(s)
}
