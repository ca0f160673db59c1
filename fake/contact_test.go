package fake

import (
	"context"
	"net/http"
	"net/url"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	registerdata "github.com/registerdata/registerdata-go"
)

func TestWebsiteKey(t *testing.T) {
	for _, raw := range []string{"https://www.nordlicht.example", "http://nordlicht.example/", "nordlicht.example",
		"WWW.Nordlicht.Example//", "https://nordlicht.example:443/?utm=x#top", "www.nordlicht.example."} {
		k, ok := websiteKey(raw)
		assert.True(t, ok, raw)
		assert.Equal(t, "nordlicht.example", k, raw)
	}
	k, _ := websiteKey("https://example.de/shop/")
	assert.Equal(t, "example.de/shop", k, "a path is part of the site")
	for _, raw := range []string{"", "  ", "https://", "http://:80"} {
		_, ok := websiteKey(raw)
		assert.False(t, ok, raw)
	}
}

// TestContactAndLookup: every company with a website is found by each
// spelling of it, with its contact data; GetContactDetails agrees.
func TestContactAndLookup(t *testing.T) {
	srv, _ := newTestServer(t, WithGenerated(40))
	c := newSDKClient(t, srv)
	ctx := context.Background()
	found := 0
	for _, id := range srv.CompanyIDs() {
		co, _ := srv.Company(id)
		if co.Contact == nil || co.Contact.WebsiteURL == "" {
			_, err := c.GetContactDetails(ctx, id)
			assert.ErrorIs(t, err, registerdata.ErrNotFound, id)
			continue
		}
		found++
		cd, err := c.GetContactDetails(ctx, id)
		require.NoError(t, err, id)
		assert.Equal(t, co.Contact.Email, cd.Email)
		assert.Equal(t, co.Contact.Phone, cd.Phone)
		assert.Equal(t, co.Contact.VATID, cd.VATID)
		assert.Contains(t, cd.SourceURL, co.Contact.WebsiteURL)

		u, err := url.Parse(co.Contact.WebsiteURL)
		require.NoError(t, err)
		for _, spelling := range []string{co.Contact.WebsiteURL, co.Contact.WebsiteURL + "/", "http://" + u.Host, u.Host} {
			lk, err := c.LookupCompanyByURL(ctx, spelling)
			require.NoError(t, err, spelling)
			assert.Equal(t, id, lk.CompanyID, spelling)
			assert.Equal(t, co.Contact.Email, lk.Email)
			assert.Equal(t, co.Contact.VATID, lk.VATID)
		}
	}
	assert.Greater(t, found, 5)
	before := srv.Credits(srv.APIKey)
	_, err := c.LookupCompanyByURL(ctx, "https://unknown-site.example")
	assert.ErrorIs(t, err, registerdata.ErrNotFound)
	assert.Equal(t, before, srv.Credits(srv.APIKey), "a 404 costs nothing")
}

// TestLookupFollowsUpdates: a changed website is found under the new
// address only.
func TestLookupFollowsUpdates(t *testing.T) {
	srv, _ := newTestServer(t)
	c := newSDKClient(t, srv)
	ctx := context.Background()
	co, _ := srv.Company(richID)
	require.NotNil(t, co.Contact)
	_, err := c.LookupCompanyByURL(ctx, co.Contact.WebsiteURL) // builds the index
	require.NoError(t, err)
	require.NoError(t, srv.UpdateCompany(richID, func(c *registerdata.Company) { c.Contact.WebsiteURL = "https://neu.example" }))
	lk, err := c.LookupCompanyByURL(ctx, "neu.example")
	require.NoError(t, err)
	assert.Equal(t, richID, lk.CompanyID)
	_, err = c.LookupCompanyByURL(ctx, co.Contact.WebsiteURL)
	assert.ErrorIs(t, err, registerdata.ErrNotFound)
}

func TestLookupBadQuery(t *testing.T) {
	srv, _ := newTestServer(t)
	for _, q := range []string{"", "?url=", "?url=https://", "?url=a.example&url=b.example"} {
		r := do(t, "GET", srv.URL+"/v0/search/lookup"+q, srv.APIKey, "")
		assert.Equal(t, http.StatusBadRequest, r.status, q)
	}
}
