package portfolio_test

import (
	"context"
	"image"
	"image/png"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// chromium finds the browser: $REGISTERDATA_CHROMIUM, else chromium in
// PATH. Without one the test is skipped, except with CI=true, where it
// fails.
func chromium(t *testing.T) string {
	t.Helper()
	if p := os.Getenv("REGISTERDATA_CHROMIUM"); p != "" {
		return p
	}
	for _, name := range []string{"chromium", "chromium-browser"} {
		if p, err := exec.LookPath(name); err == nil {
			return p
		}
	}
	if os.Getenv("CI") == "true" {
		t.Fatal("no chromium: install Debian's chromium (apt-get install -y chromium) or set REGISTERDATA_CHROMIUM")
	}
	t.Skip("no chromium in PATH and REGISTERDATA_CHROMIUM unset")
	return ""
}

// screenshot renders file at the window size in headless Chromium,
// offline and without a profile of its own, and decodes the PNG.
func screenshot(t *testing.T, browser, file, size string) image.Image {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 90*time.Second)
	defer cancel()
	shot := filepath.Join(t.TempDir(), "shot.png")
	args := []string{"--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking", "--no-first-run",
		"--disable-component-update", "--disable-sync", "--disable-extensions", "--hide-scrollbars",
		"--user-data-dir=" + t.TempDir(), "--window-size=" + size, "--screenshot=" + shot, "file://" + file}
	out, err := exec.CommandContext(ctx, browser, args...).CombinedOutput()
	require.NoError(t, err, "%s: %s", browser, out)
	if dir := os.Getenv("REGISTERDATA_PORTFOLIO_OUT"); dir != "" { // to look at the result
		if b, err := os.ReadFile(shot); err == nil {
			_ = os.WriteFile(filepath.Join(dir, "portfolio-"+size+".png"), b, 0o644)
		}
	}
	f, err := os.Open(shot)
	require.NoError(t, err)
	defer f.Close()
	img, err := png.Decode(f)
	require.NoError(t, err)
	return img
}

// inked reports the share of pixels that are not near white, over the
// columns from x0 to x1.
func inked(img image.Image, x0, x1 int) float64 {
	b := img.Bounds()
	ink, total := 0, 0
	for y := b.Min.Y; y < b.Max.Y; y++ {
		for x := max(x0, b.Min.X); x < min(x1, b.Max.X); x++ {
			r, g, bl, _ := img.At(x, y).RGBA()
			total++
			if r < 0xe000 || g < 0xe000 || bl < 0xe000 {
				ink++
			}
		}
	}
	if total == 0 {
		return 0
	}
	return float64(ink) / float64(total)
}

// TestOverviewRendersAtA4AndOnAPhone renders the overview of a portfolio
// with a high flag under a hostile 10,000-character name: the page is not
// blank, and at the width of an A4 page and of a phone nothing reaches
// the right margin (a long name wraps instead of pushing the columns off
// the page).
func TestOverviewRendersAtA4AndOnAPhone(t *testing.T) {
	browser := chromium(t)
	_, page := reportedPortfolio(t, sqliteDSN(t))
	file := filepath.Join(t.TempDir(), "portfolio.html")
	require.NoError(t, os.WriteFile(file, page, 0o600))
	for _, tc := range []struct {
		size  string
		width int
	}{{"794,1600", 794}, {"390,1600", 390}} {
		img := screenshot(t, browser, file, tc.size)
		assert.Equal(t, tc.width, img.Bounds().Dx())
		assert.Greater(t, inked(img, 0, tc.width), 0.03, "%s: the page is not blank", tc.size)
		assert.Less(t, inked(img, tc.width-8, tc.width), 0.002, "%s: the right margin stays empty", tc.size)
	}
}

// printPDF prints file to PDF in headless Chromium (A4, as the page's
// print style asks, without the browser's header and footer) and returns
// the PDF.
func printPDF(t *testing.T, browser, file string) []byte {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 90*time.Second)
	defer cancel()
	pdf := filepath.Join(t.TempDir(), "page.pdf")
	args := []string{"--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking", "--no-first-run",
		"--disable-component-update", "--disable-sync", "--disable-extensions", "--no-pdf-header-footer",
		"--user-data-dir=" + t.TempDir(), "--print-to-pdf=" + pdf, "file://" + file}
	out, err := exec.CommandContext(ctx, browser, args...).CombinedOutput()
	require.NoError(t, err, "%s: %s", browser, out)
	b, err := os.ReadFile(pdf)
	require.NoError(t, err)
	if dir := os.Getenv("REGISTERDATA_PORTFOLIO_OUT"); dir != "" { // to look at the result
		_ = os.WriteFile(filepath.Join(dir, strings.TrimSuffix(filepath.Base(file), ".html")+".pdf"), b, 0o644)
	}
	return b
}

// pdfPage matches a page object of a PDF (not the /Pages tree).
var pdfPage = regexp.MustCompile(`/Type\s*/Page\b`)

// pdfPages counts the pages of a PDF Chromium printed.
func pdfPages(t *testing.T, pdf []byte) int {
	t.Helper()
	require.True(t, strings.HasPrefix(string(pdf[:min(len(pdf), 5)]), "%PDF-"), "a PDF")
	return len(pdfPage.FindAll(pdf, -1))
}

// reportPageBudget is how many A4 pages the report of a week of 300
// customers may take before its appendices.
const reportPageBudget = 5

// TestReportBeforeTheAppendicesFitsAFewPages prints the report of a week
// of 300 customers (four real changes, some three hundred first checks,
// 139 open flags, most of them inherited) to PDF: what comes before the
// appendices fits in reportPageBudget A4 pages; the appendices, which
// list the first checks and the further flags, come after.
func TestReportBeforeTheAppendicesFitsAFewPages(t *testing.T) {
	browser := chromium(t)
	w := weekOfThreeHundred(t, sqliteDSN(t))
	page := w.html(t)
	main := beforeAppendices(t, page) + "</body></html>"
	dir := t.TempDir()
	whole, head := filepath.Join(dir, "portfolio-week.html"), filepath.Join(dir, "portfolio-week-main.html")
	require.NoError(t, os.WriteFile(whole, []byte(page), 0o600))
	require.NoError(t, os.WriteFile(head, []byte(main), 0o600))
	if out := os.Getenv("REGISTERDATA_PORTFOLIO_OUT"); out != "" { // to look at the result
		_ = os.WriteFile(filepath.Join(out, "portfolio-week.html"), []byte(page), 0o644)
	}
	mainPages, allPages := pdfPages(t, printPDF(t, browser, head)), pdfPages(t, printPDF(t, browser, whole))
	t.Logf("A4 pages: %d before the appendices, %d in all (%d baselines)", mainPages, allPages, w.baselines)
	assert.Positive(t, mainPages)
	assert.LessOrEqual(t, mainPages, reportPageBudget, "the part before the appendices")
	assert.Greater(t, allPages, mainPages, "the appendices start on a page of their own")
}
