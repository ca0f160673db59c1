package fake

import (
	"fmt"
	"html"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"time"
)

// filesPath is where the fake serves the files of documents and
// financial reports: PDF documents and HTML reports, each at a presigned
// address.
const filesPath = "/_fake/files/"

// Validity of the presigned file addresses, on the fake clock.
const (
	// CachedDocumentURLValidity is how long the URL of GET
	// /v1/document/{id} works after the request (the specification's 15
	// minutes).
	CachedDocumentURLValidity = 15 * time.Minute
	// RealtimeDocumentURLValidity is how long the URL of GET /v1/document
	// works after the request. The specification does not state it; the
	// fake uses the 30 minutes of the other presigned addresses.
	RealtimeDocumentURLValidity = 30 * time.Minute
	// ReportURLValidity is how long a financial report's html_url works
	// after the request (the specification's 30 minutes).
	ReportURLValidity = 30 * time.Minute
)

// presignFile returns the presigned address of file (a name ending in
// .pdf, .xml or .html) of company id, valid for validity from now on the fake
// clock.
func (s *Server) presignFile(id, file string, validity time.Duration) string {
	expires := s.clock.Now().Add(validity).Unix()
	q := url.Values{}
	q.Set("expires", strconv.FormatInt(expires, 10))
	q.Set("signature", s.sign(id, "file:"+file, expires))
	return s.URL + filesPath + url.PathEscape(id) + "/" + url.PathEscape(file) + "?" + q.Encode()
}

// serveFile answers a presigned file address: the file while the
// signature matches and the address has not expired on the fake clock,
// 403 otherwise. It needs no API key: the signature is the credential.
func (s *Server) serveFile(w http.ResponseWriter, r *http.Request) {
	id, file := r.PathValue("id"), r.PathValue("file")
	if !s.checkPresigned(w, r, id, "file:"+file, "file", "the API answer", ": request the document or report again for a fresh address") {
		return
	}
	title := fmt.Sprintf("Company %s, file %s", id, file)
	switch {
	case strings.HasSuffix(file, ".pdf"):
		w.Header().Set("Content-Type", "application/pdf")
		_, _ = w.Write(pdfDocument(title, "Issued by the registerdata fake; not a real register record."))
	case strings.HasSuffix(file, ".xml"):
		w.Header().Set("Content-Type", "application/xml")
		fmt.Fprintf(w, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<document company=\"%s\" file=\"%s\">Issued by the registerdata fake; not a real register record.</document>\n",
			html.EscapeString(id), html.EscapeString(file))
	case strings.HasSuffix(file, ".html"):
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		fmt.Fprintf(w, "<!DOCTYPE html>\n<html><head><meta charset=\"utf-8\"><title>%s</title></head>\n<body><h1>%s</h1><p>Issued by the registerdata fake; not a real report.</p></body></html>\n",
			html.EscapeString(title), html.EscapeString(title))
	default:
		writeErrorf(w, http.StatusNotFound, CodeNotFound, "no file %q", file)
	}
}

// pdfDocument returns a one-page PDF 1.4 document showing the lines in
// Helvetica, with a correct cross-reference table. Text is limited to
// printable ASCII; other bytes become '?'.
func pdfDocument(lines ...string) []byte {
	var content strings.Builder
	content.WriteString("BT /F1 11 Tf 56 780 Td 14 TL\n")
	for _, l := range lines {
		content.WriteString("(" + pdfString(l) + ") Tj T*\n")
	}
	content.WriteString("ET\n")
	objects := []string{
		"<< /Type /Catalog /Pages 2 0 R >>",
		"<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
		"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 4 0 R >> >> /Contents 5 0 R >>",
		"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>",
		fmt.Sprintf("<< /Length %d >>\nstream\n%sendstream", content.Len(), content.String()),
	}
	var b strings.Builder
	b.WriteString("%PDF-1.4\n")
	offsets := make([]int, len(objects))
	for i, o := range objects {
		offsets[i] = b.Len()
		fmt.Fprintf(&b, "%d 0 obj\n%s\nendobj\n", i+1, o)
	}
	xref := b.Len()
	fmt.Fprintf(&b, "xref\n0 %d\n0000000000 65535 f \n", len(objects)+1)
	for _, off := range offsets {
		fmt.Fprintf(&b, "%010d 00000 n \n", off)
	}
	fmt.Fprintf(&b, "trailer\n<< /Size %d /Root 1 0 R >>\nstartxref\n%d\n%%%%EOF\n", len(objects)+1, xref)
	return []byte(b.String())
}

// pdfString escapes s for a PDF literal string.
func pdfString(s string) string {
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		switch c := s[i]; {
		case c == '(' || c == ')' || c == '\\':
			b.WriteByte('\\')
			b.WriteByte(c)
		case c < ' ' || c > '~':
			b.WriteByte('?')
		default:
			b.WriteByte(c)
		}
	}
	return b.String()
}
