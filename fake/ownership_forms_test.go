package fake

import (
	"encoding/json"
	"net/http"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	registerdata "github.com/registerdata/registerdata-go"
	"github.com/registerdata/registerdata-go/enums"
)

// TestOwnershipOfAnUnsupportedFormIsAnUnbilled404: for every company of
// the curated register (one of every legal form) and each of owners, UBO
// and historical owners, a form without the answer gets 404 naming the
// supported forms and the company's form, and costs nothing; a form with
// it is served and billed at its price.
func TestOwnershipOfAnUnsupportedFormIsAnUnbilled404(t *testing.T) {
	s, _ := newTestServer(t)
	parts := []struct {
		part  registerdata.OwnershipPart
		path  string
		price int64
		names string
	}{
		{registerdata.PartOwners, "/owners", registerdata.DefaultPrices().Of("GET /v1/company/{company_id}/owners", false), "GmbH, KG, e.K., eGbR and OHG"},
		{registerdata.PartBeneficialOwners, "/ubo", registerdata.DefaultPrices().Of("GET /v1/company/{company_id}/ubo", false), "GmbH, gGmbH, UG and KG"},
		{registerdata.PartOwnershipHistory, "/owners/historical", registerdata.DefaultPrices().Of("GET /v1/company/{company_id}/owners/historical", false), "historical owners for GmbH companies only"},
	}
	refused, served := map[registerdata.OwnershipPart]int{}, map[registerdata.OwnershipPart]int{}
	for _, id := range s.CompanyIDs() {
		c, ok := s.Company(id)
		require.True(t, ok)
		for _, p := range parts {
			before := s.Credits(s.APIKey)
			res := do(t, http.MethodGet, s.URL+"/v1/company/"+id+p.path, s.APIKey, "")
			spent := before - s.Credits(s.APIKey)
			if p.part.Available(c.LegalForm, false) {
				served[p.part]++
				assert.Equal(t, http.StatusOK, res.status, "%s%s (%s): %s", id, p.path, c.LegalForm, res.body)
				assert.Equal(t, p.price, spent, "%s%s billed at its price", id, p.path)
				continue
			}
			refused[p.part]++
			require.Equal(t, http.StatusNotFound, res.status, "%s%s (%s): %s", id, p.path, c.LegalForm, res.body)
			assert.Zero(t, spent, "%s%s: a refused form is not billed", id, p.path)
			var e registerdata.ErrorBody
			require.NoError(t, json.Unmarshal(res.body, &e))
			assert.Equal(t, CodeNotFound, e.Error.Code)
			assert.Equal(t, c.LegalForm, e.Error.LegalForm, "%s%s names the company's form", id, p.path)
			assert.Contains(t, e.Error.Message, id)
			if c.LegalForm != enums.LegalFormAG && c.LegalForm != enums.LegalFormSE {
				assert.Contains(t, e.Error.Message, p.names, "%s%s names the supported forms", id, p.path)
				assert.True(t, strings.HasSuffix(e.Error.Message, "is "+registerdata.FormWithArticle(c.LegalForm)), e.Error.Message)
			}
		}
	}
	for _, p := range parts {
		assert.Positive(t, refused[p.part], "%s: no company of an unsupported form", p.part)
		assert.Positive(t, served[p.part], "%s: no company of a supported form", p.part)
	}
}

// TestOwnersOfAnAGNeedBestAvailable: the AG and SE answer 404 with their
// form without best_available, and are served (and billed) with it.
func TestOwnersOfAnAGNeedBestAvailable(t *testing.T) {
	s, _ := newTestServer(t)
	for _, id := range []string{"DE-HRB-D2601-198433", "DE-HRB-K1101-170234"} {
		before := s.Credits(s.APIKey)
		res := do(t, http.MethodGet, s.URL+"/v1/company/"+id+"/owners", s.APIKey, "")
		require.Equal(t, http.StatusNotFound, res.status, "%s", res.body)
		assert.Contains(t, string(res.body), "best_available=true")
		assert.Equal(t, before, s.Credits(s.APIKey))
		res = do(t, http.MethodGet, s.URL+"/v1/company/"+id+"/owners?best_available=true", s.APIKey, "")
		require.Equal(t, http.StatusOK, res.status, "%s", res.body)
		assert.Equal(t, before-registerdata.DefaultPrices().Of("GET /v1/company/{company_id}/owners", false), s.Credits(s.APIKey))
	}
}
