package registerdatareport_test

import (
	"bytes"
	"context"
	"image"
	"image/png"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"testing"
	"time"

	"github.com/registerdata/registerdata-go/registerdatareport"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// chromium finds the browser: $REGISTERDATA_CHROMIUM, else chromium or
// chromium-browser in PATH. Without one the test is skipped, except in CI
// (CI=true), where it fails.
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

// headless runs the browser on file with the extra arguments, offline
// and without a profile of its own.
func headless(t *testing.T, browser, file string, args ...string) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 90*time.Second)
	defer cancel()
	base := []string{"--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking", "--no-first-run",
		"--disable-component-update", "--disable-sync", "--disable-extensions", "--hide-scrollbars",
		"--user-data-dir=" + t.TempDir()}
	cmd := exec.CommandContext(ctx, browser, append(append(base, args...), "file://"+file)...)
	out, err := cmd.CombinedOutput()
	require.NoError(t, err, "%s: %s", browser, out)
}

func TestDossierRendersInABrowser(t *testing.T) {
	browser := chromium(t)
	_, c, clk := newFake(t)
	_, b := build(t, c, clk, nordlichtService, registerdatareport.Options{IncludePersons: true})
	dir := t.TempDir()
	page := filepath.Join(dir, "dossier.html")
	require.NoError(t, os.WriteFile(page, b, 0o600))
	shot, pdf := filepath.Join(dir, "dossier.png"), filepath.Join(dir, "dossier.pdf")

	headless(t, browser, page, "--window-size=1200,1800", "--screenshot="+shot)
	headless(t, browser, page, "--no-pdf-header-footer", "--print-to-pdf="+pdf)
	if out := os.Getenv("REGISTERDATA_DOSSIER_OUT"); out != "" { // to look at the result
		for _, f := range []string{shot, pdf, page} {
			if data, err := os.ReadFile(f); err == nil {
				_ = os.WriteFile(filepath.Join(out, filepath.Base(f)), data, 0o644)
			}
		}
	}

	f, err := os.Open(shot)
	require.NoError(t, err, "the screenshot was written")
	defer f.Close()
	img, err := png.Decode(f)
	require.NoError(t, err)
	white, dark, total := pixelCounts(img)
	assert.Equal(t, 1200, img.Bounds().Dx())
	assert.Greater(t, float64(total-white)/float64(total), 0.05, "the page is not blank")
	assert.Greater(t, dark, 2000, "text is drawn")

	data, err := os.ReadFile(pdf)
	require.NoError(t, err, "the PDF was written")
	require.True(t, bytes.HasPrefix(data, []byte("%PDF-")), "a PDF")
	pages := len(regexp.MustCompile(`/Type\s*/Page[^s]`).FindAll(data, -1))
	assert.GreaterOrEqual(t, pages, 9, "each section starts a page of its own")
}

// pixelCounts counts the white, the dark (text) and all pixels of img.
func pixelCounts(img image.Image) (white, dark, total int) {
	b := img.Bounds()
	for y := b.Min.Y; y < b.Max.Y; y++ {
		for x := b.Min.X; x < b.Max.X; x++ {
			r, g, bl, _ := img.At(x, y).RGBA()
			total++
			switch {
			case r > 0xf000 && g > 0xf000 && bl > 0xf000:
				white++
			case r < 0x6000 && g < 0x6000 && bl < 0x6000:
				dark++
			}
		}
	}
	return white, dark, total
}
