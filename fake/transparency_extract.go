package fake

import (
	"cmp"
	"crypto/sha256"
	"errors"
	"fmt"
	"net/http"
	"strconv"
	"strings"
	"time"

	registerdata "github.com/registerdata/registerdata-go"
	"github.com/registerdata/registerdata-go/enums"
)

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
	name := cmp.Or(r.Header.Get("X-Credential-Name"), registerdata.DefaultCredentialName)
	key := apiKey(r)
	ex := &extract{key: key, submitted: s.clock.Now().UTC().Truncate(time.Second)}
	if name == registerdata.SandboxCredentialName {
		if body.CompanyID != nil {
			writeError(w, http.StatusBadRequest, CodeInvalidRequest, "a sandbox extract is of the test EKRN "+registerdata.SandboxEKRN+": leave company_id out")
			return
		}
		if s.refuseTransparency(w, key) {
			return
		}
		ex.ekrn = registerdata.SandboxEKRN
	} else {
		if body.CompanyID == nil || *body.CompanyID == "" {
			writeError(w, http.StatusBadRequest, CodeInvalidRequest, `send {"company_id": ...}: a production extract needs the company`)
			return
		}
		if s.refuseTransparency(w, key) {
			return
		}
		st := s.transparency()
		st.mu.Lock()
		ex.login = st.creds[key][name]
		locked := ex.login != nil && ex.login.locked
		st.mu.Unlock()
		if ex.login == nil {
			writeErrorf(w, http.StatusNotFound, CodeNotFound,
				"no Transparenzregister credentials named %q are stored for this API key: store them first with POST /v1/transparenzregister/credentials "+
					`{"username", "password", "name": %q} (SetTransparencyCredentials), or send X-Credential-Name: sandbox to test without them`, name, name)
			return
		}
		if locked {
			writeErrorf(w, http.StatusForbidden, CodeLoginLocked,
				"the Transparenzregister rejected authentication with the credentials %q: the EiS account is locked or not unlocked; log in at the Transparenzregister to check it", name)
			return
		}
		if _, ok := s.store.get(*body.CompanyID); !ok {
			writeErrorf(w, http.StatusNotFound, CodeNotFound, "company %q is not in the register, so it resolves to no Transparenzregister entity", *body.CompanyID)
			return
		}
		if s.transparencyMark(*body.CompanyID) == TransparencyAmbiguous {
			writeErrorf(w, http.StatusConflict, CodeAmbiguousMatch,
				"several Transparenzregister entities match company %q, so the extract cannot be requested", *body.CompanyID)
			return
		}
		if wait, full := s.extractQuotaFull(key); full {
			w.Header().Set(shouldRetryHeader, "false")
			setRetryAfter(w, wait)
			writeError(w, http.StatusTooManyRequests, CodeExtractQuotaExceed,
				"the production extract quota of the rolling 30-day window is used up: retrying soon will not help; sandbox extracts stay possible")
			return
		}
		ex.companyID, ex.ekrn = body.CompanyID, ekrnOf(*body.CompanyID)
	}
	if !s.charge(w, key, s.priceOf("POST /v1/transparenzregister/extracts", extractVariant(name))) {
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

// transparencyMark is the outcome SetTransparencyOutcome set for companyID.
func (s *Server) transparencyMark(companyID string) TransparencyOutcome {
	st := s.transparency()
	st.mu.Lock()
	defer st.mu.Unlock()
	return st.marks[companyID]
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
	status := http.StatusOK
	if view.Status == enums.ExtractStatusProcessing {
		status = http.StatusAccepted // still processing (SPEC-DOCS B.3), same body
	}
	if s.charge(w, apiKey(r), s.price("GET /v1/transparenzregister/extracts/{extract_id}")) {
		writeJSON(w, status, view)
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
	if ex.login != nil && ex.login.locked {
		outcome = TransparencyFail // the register cannot use the login it was requested with
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
