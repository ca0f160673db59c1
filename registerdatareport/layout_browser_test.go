package registerdatareport_test

import (
	"fmt"
	"image"
	"image/png"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	registerdata "github.com/registerdata/registerdata-go"
	"github.com/registerdata/registerdata-go/enums"
	"github.com/registerdata/registerdata-go/registerdatareport"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// hostileLong is a register name of 10,000 characters without a space.
var hostileLong = strings.Repeat("Wolkenkratzerfensterputz", 417)[:10000]

// TestDossierTablesStayOnThePageWithHostileText renders a dossier whose
// owner (a beneficial owner too), representative and city are 10,000
// characters without a break, on screen at 1200 pixels and with the
// print style sheet at the width of an A4 page, and checks that nothing is
// drawn in the right margin: every table keeps its columns on the page.
func TestDossierTablesStayOnThePageWithHostileText(t *testing.T) {
	browser := chromium(t)
	srv, c, clk := newFake(t)
	id := "DE-HRB-D2601-198433"
	require.NoError(t, srv.SetOwners(nordlicht, []registerdata.Owner{
		{ID: &id, Name: "Helios Energie Holding AG", Type: enums.RepresentativeTypeLegalPerson, RelationType: enums.RelationTypeShareholder, NominalShare: 10000, PercentageShare: ptr(40.0)},
		{Name: hostileLong, Type: enums.RepresentativeTypeNaturalPerson, RelationType: enums.RelationTypeShareholder, NominalShare: 15000, PercentageShare: ptr(60.0),
			NaturalPerson: &registerdata.OwnerNaturalPerson{FullName: hostileLong, LastName: hostileLong, City: hostileLong, Country: "DE"}},
	}))
	require.NoError(t, srv.UpdateCompany(nordlicht, func(co *registerdata.Company) {
		co.Representation = append(co.Representation, registerdata.Representative{
			Name: hostileLong, Type: enums.RepresentativeTypeNaturalPerson, Authority: ptr(hostileLong),
			RoleDetail: registerdata.RoleDetail{Code: enums.RoleCodeDirector}, StartDate: registerdata.DateOf(clk.Now()),
			NaturalPerson: &registerdata.NaturalPerson{LastName: ptr(hostileLong)},
		})
	}))
	d, b := build(t, c, clk, nordlicht, registerdatareport.Options{})
	require.NotNil(t, d.BeneficialOwners)
	require.Contains(t, string(b), hostileLong[:2000], "the long text is in the dossier")

	dir := t.TempDir()
	screen := filepath.Join(dir, "screen.html")
	require.NoError(t, os.WriteFile(screen, b, 0o600))
	// The print style sheet at an A4 page's printable width (210 mm less
	// 2 x 12 mm of margin at 96 dpi: 703 pixels) in a wider window: what
	// leaves the page lands right of it.
	printed := strings.Replace(string(b), "@media print{", "@media all{", 1)
	printed = strings.Replace(printed, "<body>", `<body style="width:703px">`, 1)
	require.NotEqual(t, string(b), printed)
	print := filepath.Join(dir, "print.html")
	require.NoError(t, os.WriteFile(print, []byte(printed), 0o600))

	for _, tc := range []struct {
		name, file string
		window     string
		from, to   int // the columns of the right margin
	}{
		{"screen", screen, "1200,16000", 1124, 1200},
		{"print", print, "900,30000", 706, 900},
	} {
		shot := filepath.Join(dir, tc.name+".png")
		headless(t, browser, tc.file, "--window-size="+tc.window, "--screenshot="+shot)
		if out := os.Getenv("REGISTERDATA_DOSSIER_OUT"); out != "" {
			data, _ := os.ReadFile(shot)
			_ = os.WriteFile(filepath.Join(out, "hostile-"+tc.name+".png"), data, 0o644)
		}
		img := decodePNG(t, shot)
		bg := img.At(img.Bounds().Max.X-1, 0)
		drawn := 0
		for y := img.Bounds().Min.Y; y < img.Bounds().Max.Y; y++ {
			for x := tc.from; x < tc.to; x++ {
				if img.At(x, y) != bg {
					drawn++
				}
			}
		}
		assert.Zero(t, drawn, "%s: %d pixels drawn in the right margin (x %d to %d)", tc.name, drawn, tc.from, tc.to)
		white, _, total := pixelCounts(img)
		assert.Less(t, white, total, "%s: something is drawn", tc.name)
	}
}

func decodePNG(t *testing.T, name string) image.Image {
	t.Helper()
	f, err := os.Open(name)
	require.NoError(t, err)
	defer f.Close()
	img, err := png.Decode(f)
	require.NoError(t, err)
	return img
}

// TestDossierPrintHasPageNumbersAndAReviewPage prints the dossier to PDF
// in Chromium and reads its text back (with poppler's pdftotext): every
// page is numbered "Page N of M" and the last one is the review block.
func TestDossierPrintHasPageNumbersAndAReviewPage(t *testing.T) {
	browser := chromium(t)
	pdftotext, err := exec.LookPath("pdftotext")
	if err != nil {
		if os.Getenv("CI") == "true" {
			t.Fatal("no pdftotext: install Debian's poppler-utils (apt-get install -y poppler-utils)")
		}
		t.Skip("pdftotext (Debian's poppler-utils) is not installed: the printed page numbers are not read back")
	}
	_, c, clk := newFake(t)
	_, b := build(t, c, clk, nordlicht, registerdatareport.Options{})
	dir := t.TempDir()
	page, pdf := filepath.Join(dir, "dossier.html"), filepath.Join(dir, "dossier.pdf")
	require.NoError(t, os.WriteFile(page, b, 0o600))
	headless(t, browser, page, "--no-pdf-header-footer", "--print-to-pdf="+pdf)
	out, err := exec.Command(pdftotext, "-layout", pdf, "-").Output()
	require.NoError(t, err)
	pages := strings.Split(strings.TrimRight(string(out), "\f\n "), "\f")
	require.Greater(t, len(pages), 3)
	for i, p := range pages {
		assert.Contains(t, p, fmt.Sprintf("Page %d of %d", i+1, len(pages)), "page %d", i+1)
	}
	last := pages[len(pages)-1]
	for _, want := range []string{"Review", "REVIEWER (NAME)", "DECISION", "SIGNATURE"} { // labels print in capitals
		assert.Contains(t, last, want, "the last page is the reviewer block")
	}
	assert.Contains(t, pages[0], "Summary verdict", "the verdict is on the first page")
}
