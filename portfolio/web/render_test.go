package web

import (
	"net/url"
	"testing"

	registerdata "github.com/registerdata/registerdata-go"
	"github.com/registerdata/registerdata-go/fake"
	"github.com/registerdata/registerdata-go/portfolio"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// hostileName is a company name with markup and a right-to-left
// override, as a register could carry it.
const hostileName = "<script>alert(\"x\")</script> Evil\u202eHbmG"

// TestHostileCompanyAndCustomerTextIsShownAsText: markup and bidi
// controls in a company's name (the register's text) and in what the
// customer wrote are escaped and shown as code points on every page
// that shows them, never applied.
func TestHostileCompanyAndCustomerTextIsShownAsText(t *testing.T) {
	engines(t, func(t *testing.T, dsn string) {
		rows := append(defaultRows(), portfolio.Row{Ref: "H-1", Query: registerdata.MatchQuery{Name: `<img src=x onerror=alert(1)> Kunde` + "\u202e" + `GmbH`, City: "Kassel"}})
		f := newFixtureWith(t, dsn, rows, func(srv *fake.Server) {
			require.NoError(t, srv.UpdateCompany(inLiquidation, func(co *registerdata.Company) { co.Name.Name = hostileName }))
		})
		c := f.client(t, viewer)
		for _, path := range []string{"/queue", "/queue/item?ref=H-1", "/flags", "/company?id=" + url.QueryEscape(inLiquidation), "/journal"} {
			_, page := f.get(t, c, path)
			assert.NotContains(t, page, "<script>alert", path)
			assert.NotContains(t, page, "<img", path)
			assert.NotContains(t, page, "\u202e", path, "the override is shown, not applied")
		}
		_, flags := f.get(t, c, "/flags")
		assert.Contains(t, flags, "&lt;script&gt;alert(&#34;x&#34;)&lt;/script&gt; Evil⟨U&#43;202E⟩HbmG", "the company's name as text")
		_, item := f.get(t, c, "/queue/item?ref=H-1")
		assert.Contains(t, item, "&lt;img src=x onerror=alert(1)&gt; Kunde⟨U&#43;202E⟩GmbH", "what the customer wrote as text")
	})
}
