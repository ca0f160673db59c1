package fake

import (
	"bytes"
	"context"
	"fmt"
	"net/http"
	"regexp"
	"strconv"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	registerdata "github.com/registerdata/registerdata-go"
	"github.com/registerdata/registerdata-go/enums"
)

// companyWithDocument returns a curated company holding a document.
func companyWithDocument(t *testing.T, srv *Server) (registerdata.Company, registerdata.CompanyDocument) {
	t.Helper()
	for _, id := range srv.CompanyIDs() {
		if c, _ := srv.Company(id); len(c.Documents) > 0 {
			return c, c.Documents[0]
		}
	}
	t.Fatal("no curated company has a document")
	return registerdata.Company{}, registerdata.CompanyDocument{}
}

// TestDocumentURLValidity fetches a cached document's URL before and
// after its 15 minutes on the fake clock: a PDF before, 403 after.
func TestDocumentURLValidity(t *testing.T) {
	srv, clk := newTestServer(t)
	c := newSDKClient(t, srv)
	_, want := companyWithDocument(t, srv)

	doc, err := c.GetDocument(context.Background(), want.ID)
	require.NoError(t, err)
	assert.Equal(t, want.ID, doc.ID)
	assert.Equal(t, want.Type, doc.Type)
	assert.Equal(t, want.Date, doc.Date)
	assert.NotEmpty(t, doc.Name)
	assert.Contains(t, doc.URL, srv.URL)

	status, ctype, body := fetch(t, doc.URL)
	require.Equal(t, http.StatusOK, status)
	assert.Equal(t, "application/pdf", ctype)
	checkPDF(t, body)

	clk.Advance(CachedDocumentURLValidity - time.Second)
	status, _, _ = fetch(t, doc.URL)
	assert.Equal(t, http.StatusOK, status, "valid until the 15 minutes are over")

	clk.Advance(time.Second)
	status, _, body = fetch(t, doc.URL)
	assert.Equal(t, http.StatusForbidden, status, "refused once the 15 minutes are over")
	assert.Contains(t, string(body), "expired")

	fresh, err := c.GetDocument(context.Background(), want.ID)
	require.NoError(t, err)
	status, _, _ = fetch(t, fresh.URL)
	assert.Equal(t, http.StatusOK, status, "a new request gives a fresh address")
}

// TestDocumentURLTampered: a changed signature or expiry is refused.
func TestDocumentURLTampered(t *testing.T) {
	srv, _ := newTestServer(t)
	_, want := companyWithDocument(t, srv)
	doc, err := newSDKClient(t, srv).GetDocument(context.Background(), want.ID)
	require.NoError(t, err)
	re := regexp.MustCompile(`expires=(\d+)`)
	exp, _ := strconv.ParseInt(re.FindStringSubmatch(doc.URL)[1], 10, 64)
	longer := re.ReplaceAllString(doc.URL, fmt.Sprintf("expires=%d", exp+3600))
	status, _, _ := fetch(t, longer)
	assert.Equal(t, http.StatusForbidden, status)
}

// checkPDF checks that b is a PDF whose cross-reference table points at
// its objects and whose startxref points at the table.
func checkPDF(t *testing.T, b []byte) {
	t.Helper()
	require.True(t, bytes.HasPrefix(b, []byte("%PDF-1.4\n")))
	require.True(t, bytes.HasSuffix(b, []byte("%%EOF\n")))
	m := regexp.MustCompile(`startxref\n(\d+)\n`).FindSubmatch(b)
	require.NotNil(t, m)
	xref, _ := strconv.Atoi(string(m[1]))
	require.True(t, bytes.HasPrefix(b[xref:], []byte("xref\n")), "startxref points at the table")
	entries := regexp.MustCompile(`(\d{10}) 00000 n `).FindAllSubmatch(b[xref:], -1)
	require.Len(t, entries, 5)
	for i, e := range entries {
		off, _ := strconv.Atoi(string(e[1]))
		assert.True(t, bytes.HasPrefix(b[off:], fmt.Appendf(nil, "%d 0 obj", i+1)), "object %d at its offset", i+1)
	}
	lm := regexp.MustCompile(`/Length (\d+) >>\nstream\n`).FindSubmatchIndex(b)
	require.NotNil(t, lm)
	n, _ := strconv.Atoi(string(b[lm[2]:lm[3]]))
	assert.True(t, bytes.HasPrefix(b[lm[1]+n:], []byte("endstream")), "the stream has its stated length")
}

func TestGetDocumentUnknown(t *testing.T) {
	srv, _ := newTestServer(t)
	before := srv.Credits(srv.APIKey)
	_, err := newSDKClient(t, srv).GetDocument(context.Background(), "00000000-0000-4000-8000-000000000000")
	assert.ErrorIs(t, err, registerdata.ErrNotFound)
	assert.Equal(t, before, srv.Credits(srv.APIKey))
}

// TestDocumentIndexFollowsUpdates: a document added after the index was
// built is found, a removed one is not.
func TestDocumentIndexFollowsUpdates(t *testing.T) {
	srv, _ := newTestServer(t)
	c := newSDKClient(t, srv)
	co, old := companyWithDocument(t, srv)
	_, err := c.GetDocument(context.Background(), old.ID) // builds the index
	require.NoError(t, err)
	added := registerdata.CompanyDocument{ID: "6f1c2b1e-3f7a-4b8e-9a51-0c9d2e7f4a10", Type: enums.DocumentTypeShareholderList,
		Date: registerdata.NewDate(2025, 5, 1), Latest: true}
	require.NoError(t, srv.UpdateCompany(co.ID, func(c *registerdata.Company) {
		c.Documents = append(c.Documents[1:], added)
	}))
	doc, err := c.GetDocument(context.Background(), added.ID)
	require.NoError(t, err)
	assert.Equal(t, "Gesellschafterliste vom 01.05.2025", doc.Name)
	_, err = c.GetDocument(context.Background(), old.ID)
	assert.ErrorIs(t, err, registerdata.ErrNotFound)
}

// TestRealtimeDocument: every category of a company with documents of
// each type answers a file valid on the fake clock for
// RealtimeDocumentURLValidity; a missing type is 404 and costs nothing.
func TestRealtimeDocument(t *testing.T) {
	srv, clk := newTestServer(t)
	c := newSDKClient(t, srv)
	co, _ := companyWithDocument(t, srv)
	for _, cat := range enums.DocumentCategory("").Values() {
		_, has := latestDocument(&co, enums.DocumentType(cat))
		printout := cat != enums.DocumentCategoryShareholderList && cat != enums.DocumentCategoryArticlesOfAssociation
		before := srv.Credits(srv.APIKey)
		rd, err := c.GetRealtimeDocument(context.Background(), co.ID, cat)
		if !printout && !has {
			assert.ErrorIs(t, err, registerdata.ErrNotFound, cat)
			assert.Equal(t, before, srv.Credits(srv.APIKey))
			continue
		}
		require.NoError(t, err, cat)
		assert.Equal(t, before-registerdata.DefaultPrices().Of("GET /v1/document", false), srv.Credits(srv.APIKey))
		assert.Equal(t, cat, rd.Category)
		require.NotNil(t, rd.FileDate)
		require.NotNil(t, rd.FileName)
		if printout {
			assert.Equal(t, registerdata.DateOf(clk.Now().UTC()), *rd.FileDate)
		}
		status, ctype, body := fetch(t, rd.URL)
		require.Equal(t, http.StatusOK, status)
		if cat == enums.DocumentCategoryStructuredInformation {
			assert.Equal(t, "application/xml", ctype)
		} else {
			assert.Equal(t, "application/pdf", ctype)
			checkPDF(t, body)
		}
	}
	rd, err := c.GetRealtimeDocument(context.Background(), co.ID, enums.DocumentCategoryCurrentPrintout)
	require.NoError(t, err)
	clk.Advance(RealtimeDocumentURLValidity)
	status, _, _ := fetch(t, rd.URL)
	assert.Equal(t, http.StatusForbidden, status)
}

// TestRealtimeDocumentBadQuery: missing or unknown parameters are 400.
func TestRealtimeDocumentBadQuery(t *testing.T) {
	srv, _ := newTestServer(t)
	for _, q := range []string{"", "?company_id=" + richID, "?document_category=current_printout",
		"?company_id=" + richID + "&document_category=photo",
		"?company_id=" + richID + "&company_id=x&document_category=current_printout"} {
		r := do(t, "GET", srv.URL+"/v1/document"+q, srv.APIKey, "")
		assert.Equal(t, http.StatusBadRequest, r.status, q)
	}
}
