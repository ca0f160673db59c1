package fake

import (
	"crypto/sha256"
	"errors"
	"fmt"
	"net/http"
	"strconv"
	"strings"
	"sync"
	"time"

	registerdata "github.com/registerdata/registerdata-go"
	"github.com/registerdata/registerdata-go/enums"
)

// The Transparenzregister in the fake:
//
//   - POST /v1/transparenzregister/credentials stores a login per API key
//     and name (default "default") and answers 204. The name "sandbox" is
//     refused (400), and so is a password shorter than
//     MinTransparencyPasswordLength, standing for the register refusing
//     the login. Only a hash of the password is kept; it is never logged,
//     returned or put in an error.
//   - POST /v1/transparenzregister/extracts (201, CostTransparencyExtract)
//     uses the credentials named by X-Credential-Name ("default" when
//     absent); without stored credentials of that name it answers 400
//     saying how to store them. "sandbox" needs no credentials and no
//     company_id, and extracts the test EKRN.
//   - An extract is processing until TransparencyExtractDelay has passed
//     on the fake clock since it was submitted; then it is completed, with
//     documents and a report whose beneficial owners are the fake's
//     computed ones (as GET /v1/company/{id}/ubo serves them), or failed.
//     It fails for companies that are inactive (no current entry) and for
//     those marked with SetTransparencyOutcome; a company marked
//     TransparencyDiscrepancy gets a report with a discrepancy note whose
//     owners differ from the computed ones. The outcome is fixed when the
//     extract is first seen done. Polling is free; an extract is visible
//     only to the key that requested it.

// TransparencyExtractDelay is how long the fake takes to complete an
// extract, on its clock.
const TransparencyExtractDelay = 90 * time.Second

// MinTransparencyPasswordLength is the shortest password the fake's
// Transparenzregister accepts.
const MinTransparencyPasswordLength = 8

// TransparencyOutcome is what the fake's Transparenzregister does with
// extracts of a company (see SetTransparencyOutcome).
type TransparencyOutcome string

// Transparenzregister outcomes.
const (
	TransparencyNormal      TransparencyOutcome = "normal"      // completes with the computed beneficial owners
	TransparencyFail        TransparencyOutcome = "fail"        // the extract fails
	TransparencyDiscrepancy TransparencyOutcome = "discrepancy" // completes with a discrepancy note and differing owners
)

// transparencyState holds credentials, extracts and outcome marks.
type transparencyState struct {
	mu       sync.Mutex
	creds    map[string]map[string][32]byte // API key -> name -> hash of username and password
	extracts map[string]*extract
	marks    map[string]TransparencyOutcome // company id -> outcome
	seq      int
}

// extract is one requested extract.
type extract struct {
	key       string
	companyID *string
	ekrn      string
	submitted time.Time
	view      *registerdata.TransparencyExtract // set once done
}

func installTransparency(s *Server) {
	st := extState[transparencyState](s)
	st.creds = map[string]map[string][32]byte{}
	st.extracts = map[string]*extract{}
	st.marks = map[string]TransparencyOutcome{}
	s.handleAPI("POST /v1/transparenzregister/credentials", s.handleSetTransparencyCredentials)
	s.handleAPI("POST /v1/transparenzregister/extracts", s.handleRequestExtract)
	s.handleAPI("GET /v1/transparenzregister/extracts/{id}", s.handleGetExtract)
	s.handleControl("PUT /_fake/transparenzregister/{company_id}", s.handleSetTransparencyOutcome)
	s.handleControl("GET "+extractDocumentsPath+"{id}/{file}", s.serveExtractDocument)
}

func (s *Server) transparency() *transparencyState { return extState[transparencyState](s) }

// SetTransparencyOutcome decides what extracts of companyID do from now
// on: fail, report a discrepancy, or complete normally (which also lifts
// the failure of an inactive company). It fails for an unknown company or
// outcome.
func (s *Server) SetTransparencyOutcome(companyID string, o TransparencyOutcome) error {
	if _, ok := s.store.get(companyID); !ok {
		return fmt.Errorf("%w %q", ErrUnknownCompany, companyID)
	}
	if err := checkOutcome(o); err != nil {
		return fmt.Errorf("fake: %w", err)
	}
	st := s.transparency()
	st.mu.Lock()
	defer st.mu.Unlock()
	st.marks[companyID] = o
	return nil
}

// HasTransparencyCredentials reports whether the API key key has stored
// credentials under name ("" meaning "default").
func (s *Server) HasTransparencyCredentials(key, name string) bool {
	if name == "" {
		name = registerdata.DefaultCredentialName
	}
	st := s.transparency()
	st.mu.Lock()
	defer st.mu.Unlock()
	_, ok := st.creds[key][name]
	return ok
}

func (s *Server) handleSetTransparencyCredentials(w http.ResponseWriter, r *http.Request) {
	var body struct {
		Username *string `json:"username"`
		Password *string `json:"password"`
		Name     *string `json:"name"`
	}
	if !decodeBody(w, r, &body) {
		return
	}
	name := registerdata.DefaultCredentialName
	if body.Name != nil {
		name = *body.Name
	}
	switch {
	case body.Username == nil || strings.TrimSpace(*body.Username) == "" || body.Password == nil || *body.Password == "":
		writeError(w, http.StatusBadRequest, CodeInvalidRequest, `send {"username": ..., "password": ..., "name": ...}; username and password are required`)
		return
	case name == registerdata.SandboxCredentialName:
		writeError(w, http.StatusBadRequest, CodeInvalidRequest, `the credential name "sandbox" is reserved for the test environment: choose another name, or leave it out for "default"`)
		return
	case strings.TrimSpace(name) == "":
		writeError(w, http.StatusBadRequest, CodeInvalidRequest, `the credential name is blank: give a name, or leave it out for "default"`)
		return
	case len(*body.Password) < MinTransparencyPasswordLength:
		writeErrorf(w, http.StatusBadRequest, CodeInvalidRequest,
			"the Transparenzregister refused the login of user %q: check the username and password (nothing was stored)", *body.Username)
		return
	}
	if !s.charge(w, apiKey(r), s.price("POST /v1/transparenzregister/credentials")) {
		return
	}
	st := s.transparency()
	st.mu.Lock()
	if st.creds[apiKey(r)] == nil {
		st.creds[apiKey(r)] = map[string][32]byte{}
	}
	st.creds[apiKey(r)][name] = sha256.Sum256([]byte(*body.Username + "\x00" + *body.Password))
	st.mu.Unlock()
	w.WriteHeader(http.StatusNoContent)
}

// extractCreated is the answer to a new extract: only what is known then.
type extractCreated struct {
	ID          string              `json:"id"`
	CompanyID   *string             `json:"company_id"`
	EKRN        *string             `json:"ekrn"`
	Status      enums.ExtractStatus `json:"status"`
	SubmittedAt time.Time           `json:"submitted_at"`
}

func (s *Server) handleRequestExtract(w http.ResponseWriter, r *http.Request) {
	var body struct {
		CompanyID *string `json:"company_id"`
	}
	if !decodeBody(w, r, &body) {
		return
	}
	name := r.Header.Get("X-Credential-Name")
	if name == "" {
		name = registerdata.DefaultCredentialName
	}
	ex := &extract{key: apiKey(r), submitted: s.clock.Now().UTC().Truncate(time.Second)}
	if name == registerdata.SandboxCredentialName {
		if body.CompanyID != nil {
			writeError(w, http.StatusBadRequest, CodeInvalidRequest, "a sandbox extract is of the test EKRN "+registerdata.SandboxEKRN+": leave company_id out")
			return
		}
		ex.ekrn = registerdata.SandboxEKRN
	} else {
		if !s.HasTransparencyCredentials(apiKey(r), name) {
			writeErrorf(w, http.StatusBadRequest, CodeInvalidRequest,
				"no Transparenzregister credentials named %q are stored for this API key: store them first with POST /v1/transparenzregister/credentials "+
					`{"username", "password", "name": %q} (SetTransparencyCredentials), or send X-Credential-Name: sandbox to test without them`, name, name)
			return
		}
		if body.CompanyID == nil || *body.CompanyID == "" {
			writeError(w, http.StatusBadRequest, CodeInvalidRequest, `send {"company_id": ...}: a production extract needs the company`)
			return
		}
		if _, ok := s.store.get(*body.CompanyID); !ok {
			writeErrorf(w, http.StatusNotFound, CodeNotFound, "company %q is not in the register, so it resolves to no Transparenzregister entity", *body.CompanyID)
			return
		}
		ex.companyID, ex.ekrn = body.CompanyID, ekrnOf(*body.CompanyID)
	}
	if !s.charge(w, apiKey(r), s.priceOf("POST /v1/transparenzregister/extracts", extractVariant(name))) {
		return
	}
	st := s.transparency()
	st.mu.Lock()
	st.seq++
	id := "tre_" + strconv.Itoa(1000+st.seq)
	st.extracts[id] = ex
	st.mu.Unlock()
	ekrn := ex.ekrn
	writeJSON(w, http.StatusCreated, extractCreated{ID: id, CompanyID: ex.companyID, EKRN: &ekrn, Status: enums.ExtractStatusProcessing, SubmittedAt: ex.submitted})
}

// ekrnOf is the fake's Transparenzregister entity number of a company:
// "DE" and twelve digits derived from its id.
func ekrnOf(companyID string) string {
	h := sha256.Sum256([]byte(companyID))
	var b strings.Builder
	b.WriteString("DE")
	for _, c := range h[:12] {
		b.WriteByte('0' + c%10)
	}
	return b.String()
}

func (s *Server) handleGetExtract(w http.ResponseWriter, r *http.Request) {
	id := r.PathValue("id")
	view, err := s.extractView(apiKey(r), id)
	if err != nil {
		writeError(w, http.StatusNotFound, CodeNotFound, err.Error())
		return
	}
	if s.charge(w, apiKey(r), s.price("GET /v1/transparenzregister/extracts/{extract_id}")) {
		writeJSON(w, http.StatusOK, view)
	}
}

var errNoExtract = errors.New("no such extract")

// extractView is the extract id of key as it stands on the fake clock.
func (s *Server) extractView(key, id string) (*registerdata.TransparencyExtract, error) {
	st := s.transparency()
	st.mu.Lock()
	ex := st.extracts[id]
	if ex == nil || ex.key != key {
		st.mu.Unlock()
		return nil, fmt.Errorf("%w: this API key requested no Transparenzregister extract %q", errNoExtract, id)
	}
	if ex.view != nil {
		v := *ex.view
		st.mu.Unlock()
		return &v, nil
	}
	outcome := TransparencyNormal
	if ex.companyID != nil {
		outcome = st.marks[*ex.companyID]
	}
	st.mu.Unlock()

	ekrn := ex.ekrn
	v := &registerdata.TransparencyExtract{ID: id, Status: enums.ExtractStatusProcessing, CompanyID: ex.companyID, EKRN: &ekrn,
		SubmittedAt: ex.submitted, Documents: []registerdata.TransparencyDocument{}}
	done := ex.submitted.Add(TransparencyExtractDelay)
	if s.clock.Now().Before(done) {
		return v, nil
	}
	s.finishExtract(v, outcome, done)
	st.mu.Lock()
	defer st.mu.Unlock()
	if ex.view == nil {
		ex.view = v
	}
	out := *ex.view
	return &out, nil
}

// extractVariant is the price variant of an extract under the credential
// name name: the sandbox's, or production's.
func extractVariant(name string) registerdata.PriceVariant {
	if name == registerdata.SandboxCredentialName {
		return registerdata.VariantSandbox
	}
	return ""
}
