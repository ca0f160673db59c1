package registerdatareport_test

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	registerdata "github.com/registerdata/registerdata-go"
	"github.com/registerdata/registerdata-go/registerdatareport"
)

// TestDossierSkipsWhatTheLegalFormDoesNotHave: the dossier knows the form
// from the company record, and does not ask for the owners or beneficial
// owners the service does not publish for it: those sections say why, at
// 0 credits, and are not incomplete; the client's count, the fake's books
// and the provenance agree.
func TestDossierSkipsWhatTheLegalFormDoesNotHave(t *testing.T) {
	for _, tc := range []struct {
		name, id        string
		ownership, ubo  string // the sentence of a skipped section, "" when asked for
		ownershipCredit int64
	}{
		{"OHG", "DE-HRA-M1201-51073", "", "UBO: not published for an OHG", registerdata.DefaultPrices().Of("GET /v1/company/{company_id}/owners", false)},
		{"UG", "DE-HRB-B8535-74188", "owners: not published for a UG", "", 0},
		{"eG", "DE-GnR-B8534-873", "owners: not published for an eG", "UBO: not published for an eG", 0},
	} {
		t.Run(tc.name, func(t *testing.T) {
			srv, c, clk := newFake(t)
			before := srv.Credits(srv.APIKey)
			d, b := build(t, c, clk, tc.id, registerdatareport.Options{})
			doc := parse(t, b)
			checkProvenance(t, doc, d, c.CreditsSpent())
			assert.Equal(t, before-srv.Credits(srv.APIKey), d.Credits, "the fake billed what the dossier counts")
			prov := map[string]registerdatareport.Provenance{}
			for _, p := range d.Provenance {
				prov[p.Section] = p
			}
			for sec, want := range map[string]string{registerdatareport.SectionOwnership: tc.ownership, registerdatareport.SectionBeneficialOwners: tc.ubo} {
				p := prov[sec]
				assert.Equal(t, want, p.NotPublished, sec)
				if want == "" {
					continue
				}
				assert.Zero(t, p.Credits, sec)
				assert.Zero(t, p.Requests, sec)
				assert.Empty(t, p.Missing, sec)
				assert.Contains(t, p.Source, want, sec)
				assert.Contains(t, text(doc), want, "the file says why")
			}
			assert.Equal(t, tc.ownershipCredit, prov[registerdatareport.SectionOwnership].Credits)
			if tc.ubo != "" {
				assert.Nil(t, d.BeneficialOwners)
			} else {
				require.NotNil(t, d.BeneficialOwners)
				assert.Equal(t, int64(registerdata.DefaultPrices().Of("GET /v1/company/{company_id}/ubo", false)), prov[registerdatareport.SectionBeneficialOwners].Credits)
			}
			if tc.ownership != "" {
				assert.Nil(t, d.Ownership)
			}
			assert.NotContains(t, flagCodes(d), registerdatareport.FlagIncomplete, "a section the form does not have is not missing")
		})
	}
}
