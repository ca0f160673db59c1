package fake

import (
	"net/http"
	"net/url"
	"strings"

	registerdata "github.com/registerdata/registerdata-go"
)

// websiteIndex maps each normalised website of the register to its
// company.
type websiteIndex struct{ keyIndex }

// installContact serves GET /v0/company/{id}/contact (the company's
// contact data) and GET /v0/search/lookup?url= (the company whose
// website that is), both from the records' contact data.
func installContact(s *Server) {
	extState[websiteIndex](s).install(s, websiteKeysOf)
	s.handleAPI("GET /v0/company/{id}/contact", s.handleContact)
	s.handleAPI("GET /v0/search/lookup", s.handleLookup)
}

// websiteKeysOf is the normalised website of c, if it has one.
func websiteKeysOf(c *registerdata.Company) []string {
	if c.Contact == nil {
		return nil
	}
	if k, ok := websiteKey(c.Contact.WebsiteURL); ok {
		return []string{k}
	}
	return nil
}

// websiteKey normalises a website address for matching: no scheme, no
// "www.", the host in lower case, no port, query or fragment, no trailing
// slashes. "https://www.Example.de/" and "example.de" give "example.de".
func websiteKey(raw string) (string, bool) {
	raw = strings.TrimSpace(raw)
	if raw == "" {
		return "", false
	}
	if !strings.Contains(raw, "://") {
		raw = "https://" + raw
	}
	u, err := url.Parse(raw)
	if err != nil || u.Hostname() == "" {
		return "", false
	}
	host := strings.TrimSuffix(strings.ToLower(u.Hostname()), ".")
	host = strings.TrimPrefix(host, "www.")
	return host + strings.TrimRight(u.EscapedPath(), "/"), true
}

// companyOfWebsite returns the id of the company whose website has key.
func (s *Server) companyOfWebsite(key string) (string, bool) {
	return extState[websiteIndex](s).lookup(s.store, key)
}

// handleContact answers the company's contact data, found on its
// website's imprint page; 404 for a company without a website. Charged
// CostContactDetails only when it answers 200.
func (s *Server) handleContact(w http.ResponseWriter, r *http.Request) {
	c, ok := s.lookupCompany(w, r.PathValue("id"))
	if !ok {
		return
	}
	if c.Contact == nil || c.Contact.WebsiteURL == "" {
		writeErrorf(w, http.StatusNotFound, CodeNotFound, "company %s has no known website, so no contact data", c.ID)
		return
	}
	if !s.charge(w, apiKey(r), s.price("GET /v0/company/{company_id}/contact")) {
		return
	}
	writeJSON(w, http.StatusOK, &registerdata.ContactDetails{
		SourceURL: strings.TrimRight(c.Contact.WebsiteURL, "/") + "/impressum",
		Email:     c.Contact.Email,
		Phone:     c.Contact.Phone,
		VATID:     c.Contact.VATID,
	})
}

// handleLookup answers the company whose website is the url parameter,
// matched after normalising scheme, "www.", case and trailing slashes;
// 404 for a website no company has. Charged CostURLLookup only when it
// answers 200.
func (s *Server) handleLookup(w http.ResponseWriter, r *http.Request) {
	raw, err := requiredQuery(r.URL.Query()["url"], "url")
	if err != nil {
		writeError(w, http.StatusBadRequest, CodeInvalidRequest, err.Error())
		return
	}
	key, ok := websiteKey(raw)
	if !ok {
		writeErrorf(w, http.StatusBadRequest, CodeInvalidRequest, "url %q is not a website address: send one such as https://example.de", raw)
		return
	}
	id, ok := s.companyOfWebsite(key)
	var c *registerdata.Company
	if ok {
		c, ok = s.store.get(id)
		ok = ok && c.Contact != nil // changed since it was indexed
	}
	if !ok {
		writeErrorf(w, http.StatusNotFound, CodeNotFound, "no company is known for the website %q", raw)
		return
	}
	if !s.charge(w, apiKey(r), s.price("GET /v0/search/lookup")) {
		return
	}
	writeJSON(w, http.StatusOK, &registerdata.URLLookup{
		CompanyID: c.ID, Email: c.Contact.Email, Phone: c.Contact.Phone, VATID: c.Contact.VATID,
	})
}
