package registerdatareport_test

import (
	"bytes"
	"context"
	"net/http"
	"strings"
	"testing"
	"time"

	registerdata "github.com/registerdata/registerdata-go"
	"github.com/registerdata/registerdata-go/fake"
	"github.com/registerdata/registerdata-go/registerdatareport"
	"github.com/stretchr/testify/require"
	"golang.org/x/net/html"
)

// Curated companies of the fake.
const (
	nordlichtService = "DE-HRB-F1103-315870" // owned through Nordlicht Solartechnik, Helios AG and Vantara SE (cross-holding, foreign and public owners)
	nordlicht        = "DE-HRB-F1103-267645" // Nordlicht Solartechnik GmbH
	rheinkieselKG    = "DE-HRA-R3306-28817"  // Rheinkiesel Baustoffe GmbH & Co. KG
	alteMuehle       = "DE-HRB-D3310-30416"  // Alte Mühle Gastronomie GmbH i.L.: in liquidation, insolvency proceeding
	pfalzblick       = "DE-HRB-T3104-61402"  // Pfalzblick Logistik GmbH: two insolvency proceedings
	testAPIKey       = "rd-secret-3f9a7c1e5b2d4a6f8e0c"
)

// today is the fake's clock in the tests: after the curated data.
var today = time.Date(2025, 6, 2, 9, 0, 0, 0, time.UTC)

// newFake starts a fake with a fixed clock and a client for it.
func newFake(t testing.TB, opts ...registerdata.Option) (*fake.Server, *registerdata.Client, *fake.Clock) {
	t.Helper()
	clk := fake.NewClock(today)
	srv := fake.NewServer(fake.WithClock(clk), fake.WithAPIKey(testAPIKey), fake.WithCredits(1_000_000))
	t.Cleanup(srv.Close)
	base := []registerdata.Option{
		registerdata.WithAPIKey(srv.APIKey),
		registerdata.WithBaseURL(srv.URL),
		registerdata.WithHTTPClient(&http.Client{}),
		registerdata.WithRetryWait(time.Millisecond, 2*time.Millisecond, time.Minute),
	}
	c, err := registerdata.NewClient(append(base, opts...)...)
	require.NoError(t, err)
	return srv, c, clk
}

// build makes the dossier of id with the fake's clock and renders it.
func build(t testing.TB, c *registerdata.Client, clk *fake.Clock, id string, opts registerdatareport.Options) (*registerdatareport.Dossier, []byte) {
	t.Helper()
	opts.Now = clk.Now
	d, err := registerdatareport.Build(context.Background(), c, id, opts)
	require.NoError(t, err)
	var buf bytes.Buffer
	require.NoError(t, d.WriteHTML(&buf))
	return d, buf.Bytes()
}

// parse parses the file with the HTML5 parser, as a browser would.
func parse(t testing.TB, b []byte) *html.Node {
	t.Helper()
	doc, err := html.Parse(bytes.NewReader(b))
	require.NoError(t, err)
	return doc
}

// find returns the elements below n for which match is true, in order.
func find(n *html.Node, match func(*html.Node) bool) []*html.Node {
	var out []*html.Node
	var walk func(*html.Node)
	walk = func(n *html.Node) {
		if n.Type == html.ElementNode && match(n) {
			out = append(out, n)
		}
		for c := n.FirstChild; c != nil; c = c.NextSibling {
			walk(c)
		}
	}
	walk(n)
	return out
}

func attr(n *html.Node, key string) string {
	for _, a := range n.Attr {
		if a.Key == key {
			return a.Val
		}
	}
	return ""
}

func hasAttr(n *html.Node, key string) bool {
	for _, a := range n.Attr {
		if a.Key == key {
			return true
		}
	}
	return false
}

func hasClass(n *html.Node, class string) bool {
	for _, c := range strings.Fields(attr(n, "class")) {
		if c == class {
			return true
		}
	}
	return false
}

// byID is the element with id.
func byID(t testing.TB, doc *html.Node, id string) *html.Node {
	t.Helper()
	els := find(doc, func(n *html.Node) bool { return attr(n, "id") == id })
	require.Len(t, els, 1, "one element with id %q", id)
	return els[0]
}

// text is the text content of n.
func text(n *html.Node) string {
	var b strings.Builder
	var walk func(*html.Node)
	walk = func(n *html.Node) {
		if n.Type == html.TextNode {
			b.WriteString(n.Data)
		}
		for c := n.FirstChild; c != nil; c = c.NextSibling {
			walk(c)
		}
		if n.Type == html.ElementNode && n.Data != "bdi" && n.Data != "strong" && n.Data != "span" {
			b.WriteByte(' ') // cells and blocks are apart on screen
		}
	}
	walk(n)
	return strings.Join(strings.Fields(b.String()), " ")
}

func timeMonth(m int) time.Month { return time.Month(m) }
