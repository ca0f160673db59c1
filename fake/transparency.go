package fake

import (
	"cmp"
	"crypto/sha256"
	"fmt"
	"net/http"
	"strings"
	"sync"
	"time"

	registerdata "github.com/registerdata/registerdata-go"
)

// The Transparenzregister in the fake:
//
//   - POST /v1/transparenzregister/credentials stores a login per API key
//     and name (default "default") and answers 201; storing under a name
//     the key has replaces that login (extracts requested with the old one
//     keep it). The name "sandbox" is refused (400). A password shorter
//     than MinTransparencyPasswordLength stands for the Transparenzregister
//     rejecting the username/password: 401, nothing stored. A key may
//     store MaxTransparencyCredentialSets names (the service documents a
//     maximum without its size; this one is the fake's choice): a new
//     name beyond it answers 409. Only a hash of the password is kept; it
//     is never logged, returned or put in an error.
//   - Access (SetTransparencyAccess, WithTransparencyAccess): an account
//     whose plan lacks Transparenzregister access gets 402 to credentials
//     and extracts (TransparencyNeedsPaidPlan), one where access is not
//     enabled 403 (TransparencyNotEnabled, the other copy of the
//     documentation); neither is billed.
//   - POST /v1/transparenzregister/extracts (201) uses the credentials
//     named by X-Credential-Name ("default" when absent); without stored
//     credentials of that name it answers 404 saying how to store them. A
//     login locked with SetTransparencyLoginLocked (the EiS account not
//     unlocked or locked) answers 403. A company marked
//     TransparencyAmbiguous answers 409 (several Transparenzregister
//     entities match). A production extract is billed at its route's price;
//     each key may request ExtractQuota of them (DefaultExtractQuota
//     unless WithExtractQuota says otherwise; the service does not
//     document the size) in any rolling 30-day window of the fake clock:
//     beyond it the answer is 429 with X-Should-Retry: false and a
//     Retry-After until the oldest extract of the window leaves it.
//     "sandbox" needs no credentials and no company_id, extracts the test
//     EKRN with company_id null, costs nothing and does not count against
//     the quota.
//   - An extract is processing until TransparencyExtractDelay has passed
//     on the fake clock since it was submitted: GET answers 202 with the
//     extract meanwhile, then 200 with it completed, with documents and a
//     report whose beneficial owners are the fake's computed ones (as GET
//     /v1/company/{id}/ubo serves them), or failed. It fails for companies
//     that are inactive (no current entry), for those marked with
//     SetTransparencyOutcome, and when the login it was requested with has
//     been locked meanwhile; a company marked TransparencyDiscrepancy gets
//     a report with a discrepancy note whose owners differ from the
//     computed ones. The outcome is fixed when the extract is first seen
//     done. Polling is free; an extract is visible only to the key that
//     requested it.

// TransparencyExtractDelay is how long the fake takes to complete an
// extract, on its clock.
const TransparencyExtractDelay = 90 * time.Second

// MinTransparencyPasswordLength is the shortest password the fake's
// Transparenzregister accepts; a shorter one is its rejection of the
// username/password (401 to the credentials call).
const MinTransparencyPasswordLength = 8

// MaxTransparencyCredentialSets is how many named credential sets one API
// key may store in the fake. The service documents that a maximum exists
// (409 when it is reached) but not its size: 10 is the fake's choice.
const MaxTransparencyCredentialSets = 10

// Error codes of the fake's Transparenzregister answers (the service
// documents none; match with errors.Is on the SDK's sentinels instead).
const (
	CodeLoginRejected      = "transparenzregister_login_rejected" // 401 to credentials: the register refused the login
	CodePaidPlanRequired   = "paid_plan_required"                 // 402: Transparenzregister access needs a paid plan
	CodeAccessNotEnabled   = "access_not_enabled"                 // 403: Transparenzregister access is not enabled
	CodeLoginLocked        = "transparenzregister_login_locked"   // 403 to extracts: the EiS account is locked
	CodeCredentialLimit    = "credential_limit_reached"           // 409: MaxTransparencyCredentialSets names stored
	CodeAmbiguousMatch     = "ambiguous_match"                    // 409: several Transparenzregister entities match
	CodeExtractQuotaExceed = "extract_quota_exhausted"            // 429: the 30-day production extract quota is used up
)

// TransparencyOutcome is what the fake's Transparenzregister does with
// extracts of a company (see SetTransparencyOutcome).
type TransparencyOutcome string

// Transparenzregister outcomes.
const (
	TransparencyNormal      TransparencyOutcome = "normal"      // completes with the computed beneficial owners
	TransparencyFail        TransparencyOutcome = "fail"        // the extract fails
	TransparencyDiscrepancy TransparencyOutcome = "discrepancy" // completes with a discrepancy note and differing owners
	TransparencyAmbiguous   TransparencyOutcome = "ambiguous"   // requests answer 409: several entities match
)

// transparencyState holds credentials, extracts and outcome marks.
type transparencyState struct {
	mu       sync.Mutex
	creds    map[string]map[string]*login // API key -> name -> login
	extracts map[string]*extract
	marks    map[string]TransparencyOutcome // company id -> outcome
	seq      int
	quota    int // production extracts per key and ExtractQuotaWindow
}

// login is one stored credential set. Storing under a name again makes a
// new login, so the extracts of the old one keep theirs.
type login struct {
	hash   [32]byte // of username and password
	locked bool     // SetTransparencyLoginLocked
}

// extract is one requested extract.
type extract struct {
	key       string
	companyID *string
	ekrn      string
	submitted time.Time
	login     *login                            // the credentials it was requested with; nil for sandbox
	view      *registerdata.TransparencyExtract // set once done
}

func installTransparency(s *Server) {
	st := extState[transparencyState](s)
	st.creds = map[string]map[string]*login{}
	st.extracts = map[string]*extract{}
	st.marks = map[string]TransparencyOutcome{}
	st.quota = DefaultExtractQuota
	s.handleAPI("POST /v1/transparenzregister/credentials", s.handleSetTransparencyCredentials)
	s.handleAPI("POST /v1/transparenzregister/extracts", s.handleRequestExtract)
	s.handleAPI("GET /v1/transparenzregister/extracts/{id}", s.handleGetExtract)
	s.handleControl("PUT /_fake/transparenzregister/{company_id}", s.handleSetTransparencyOutcome)
	s.handleControl("GET "+extractDocumentsPath+"{id}/{file}", s.serveExtractDocument)
}

func (s *Server) transparency() *transparencyState { return extState[transparencyState](s) }

// SetTransparencyOutcome decides what extracts of companyID do from now
// on: fail, report a discrepancy, answer 409 as ambiguous, or complete
// normally (which also lifts the failure of an inactive company). It
// fails for an unknown company or outcome.
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
	name = cmp.Or(name, registerdata.DefaultCredentialName)
	st := s.transparency()
	st.mu.Lock()
	defer st.mu.Unlock()
	_, ok := st.creds[key][name]
	return ok
}

// SetTransparencyLoginLocked locks (or unlocks) the login the API key key
// stores under name ("" meaning "default"), as the Transparenzregister
// locks an EiS account: new extracts with it answer 403, and extracts
// requested with it that are still processing fail. A login stored under
// the name later is a new one, not locked. It fails when no such login
// is stored.
func (s *Server) SetTransparencyLoginLocked(key, name string, locked bool) error {
	name = cmp.Or(name, registerdata.DefaultCredentialName)
	st := s.transparency()
	st.mu.Lock()
	defer st.mu.Unlock()
	l := st.creds[key][name]
	if l == nil {
		return fmt.Errorf("fake: no Transparenzregister login named %q is stored for the key", name)
	}
	l.locked = locked
	return nil
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
	}
	key := apiKey(r)
	if s.refuseTransparency(w, key) {
		return
	}
	if len(*body.Password) < MinTransparencyPasswordLength {
		writeErrorf(w, http.StatusUnauthorized, CodeLoginRejected,
			"the Transparenzregister rejected the username/password of user %q: check them (nothing was stored)", *body.Username)
		return
	}
	st := s.transparency()
	st.mu.Lock()
	names := st.creds[key]
	if _, ok := names[name]; !ok && len(names) >= MaxTransparencyCredentialSets {
		st.mu.Unlock()
		writeErrorf(w, http.StatusConflict, CodeCredentialLimit,
			"this account stores %d Transparenzregister credential sets, the most it may: store under one of its names again to replace that login", len(names))
		return
	}
	st.mu.Unlock()
	if !s.charge(w, key, s.price("POST /v1/transparenzregister/credentials")) {
		return
	}
	st.mu.Lock()
	if st.creds[key] == nil {
		st.creds[key] = map[string]*login{}
	}
	st.creds[key][name] = &login{hash: sha256.Sum256([]byte(*body.Username + "\x00" + *body.Password))}
	st.mu.Unlock()
	w.WriteHeader(http.StatusCreated)
}
