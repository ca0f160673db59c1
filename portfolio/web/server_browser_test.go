package web

import (
	"bytes"
	"context"
	"fmt"
	"image/png"
	"os"
	"os/exec"
	"path/filepath"
	"testing"

	"github.com/chromedp/chromedp"
	registerdata "github.com/registerdata/registerdata-go"
	"github.com/registerdata/registerdata-go/fake"
	"github.com/registerdata/registerdata-go/portfolio"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// chromiumPath is the browser: $REGISTERDATA_CHROMIUM, else
// /usr/bin/chromium or chromium in PATH. Without one the test is
// skipped, except with CI=true, where it fails.
func chromiumPath(t *testing.T) string {
	t.Helper()
	if p := os.Getenv("REGISTERDATA_CHROMIUM"); p != "" {
		return p
	}
	for _, name := range []string{"/usr/bin/chromium", "chromium", "chromium-browser"} {
		if p, err := exec.LookPath(name); err == nil {
			return p
		}
	}
	if os.Getenv("CI") == "true" {
		t.Fatal("no chromium: install Debian's chromium (apt-get install -y chromium) or set REGISTERDATA_CHROMIUM")
	}
	t.Skip("no chromium and REGISTERDATA_CHROMIUM unset")
	return ""
}

// browserFor starts a headless Chromium of its own (fresh profile,
// offline) and returns a tab's context; each call is a separate browser,
// a separate person.
func browserFor(t *testing.T, exe string) context.Context {
	t.Helper()
	opts := []chromedp.ExecAllocatorOption{
		chromedp.ExecPath(exe), chromedp.Headless, chromedp.NoSandbox, chromedp.DisableGPU, chromedp.NoFirstRun,
		chromedp.Flag("disable-quic", true), chromedp.Flag("disable-background-networking", true),
		chromedp.Flag("disable-component-update", true), chromedp.Flag("disable-sync", true),
		chromedp.Flag("hide-scrollbars", true), chromedp.UserDataDir(t.TempDir()),
	}
	actx, cancelA := chromedp.NewExecAllocator(context.Background(), opts...)
	ctx, cancel := chromedp.NewContext(actx)
	t.Cleanup(func() { cancel(); cancelA() })
	require.NoError(t, chromedp.Do(ctx), "starting %s", exe)
	return ctx
}

// signInAt opens path, lands on the sign-in form, signs in as who and
// waits for the page it asked for.
func signInAt(base string, who Principal, path, waitFor string) chromedp.Action[chromedp.Void] {
	return chromedp.Steps(
		chromedp.Navigate(base+path),
		chromedp.WaitVisible(chromedp.CSS("#username")),
		chromedp.SendKeys(chromedp.CSS("#username"), who.ID),
		chromedp.SendKeys(chromedp.CSS("#password"), annaPassword),
		chromedp.Submit(chromedp.CSS("#password")),
		chromedp.WaitVisible(chromedp.CSS(waitFor)))
}

// do runs the steps in the tab; text and eval read from it.
func do(t *testing.T, ctx context.Context, steps ...chromedp.Action[chromedp.Void]) {
	t.Helper()
	require.NoError(t, chromedp.Do(ctx, steps...))
}

func text(t *testing.T, ctx context.Context, sel string) string {
	t.Helper()
	s, err := chromedp.Run(ctx, chromedp.Text(chromedp.CSS(sel)))
	require.NoError(t, err, sel)
	return s
}

func eval(t *testing.T, ctx context.Context, js string) int {
	t.Helper()
	n, err := chromedp.Run(ctx, chromedp.Evaluate[int](js))
	require.NoError(t, err, js)
	return n
}

// shots are where the screenshots go: $REGISTERDATA_WEB_OUT to keep
// them, else the test's temp dir.
func shotsDir(t *testing.T) string {
	if d := os.Getenv("REGISTERDATA_WEB_OUT"); d != "" {
		require.NoError(t, os.MkdirAll(d, 0o755))
		return d
	}
	return t.TempDir()
}

// shoot takes a full-page screenshot of the tab at width (A4 at 96 dpi
// is 794 px; a phone 390 px), writes it as dir/name-width.png and checks
// it is not blank: more than a few colours, and ink on a fair share.
func shoot(t *testing.T, ctx context.Context, dir, name string, width int64) {
	t.Helper()
	do(t, ctx, chromedp.EmulateViewport(width, 900))
	buf, err := chromedp.Run(ctx, chromedp.FullScreenshot(100))
	require.NoError(t, err)
	file := filepath.Join(dir, fmt.Sprintf("%s-%d.png", name, width))
	require.NoError(t, os.WriteFile(file, buf, 0o644))
	img, err := png.Decode(bytes.NewReader(buf))
	require.NoError(t, err)
	b := img.Bounds()
	assert.Equal(t, int(width), b.Dx(), "%s: the page is as wide as the window (nothing overflows)", file)
	colours, inked, total := map[uint32]bool{}, 0, 0
	for y := b.Min.Y; y < b.Max.Y; y += 2 {
		for x := b.Min.X; x < b.Max.X; x += 2 {
			r, g, bl, _ := img.At(x, y).RGBA()
			colours[(r>>8)<<16|(g>>8)<<8|bl>>8] = true
			if r>>8 < 160 || g>>8 < 160 || bl>>8 < 160 {
				inked++
			}
			total++
		}
	}
	assert.Greater(t, len(colours), 20, "%s is blank: %d colours", file, len(colours))
	assert.Greater(t, inked*1000/total, 5, "%s is blank: ink on %d of %d pixels", file, inked, total)
	t.Logf("screenshot %s", file)
}

// TestInChromiumAReviewerDecidesAnApproverApprovesAndTheAuditShowsIt
// drives the workplace in headless Chromium under four eyes: a
// reviewer signs in with a local account, opens a queue item from the
// list, picks a candidate with a note and sees the decision pending and
// in the audit trail; an approver who proposes a decision himself is
// offered no approval of it; he approves the reviewer's, and the entry
// is matched, every step in the audit. A hostile company name and a
// hostile customer name are shown as text. Screenshots of the queue,
// the decision, the approvals and the audit at 794 and 390 px are
// checked not blank.
func TestInChromiumAReviewerDecidesAnApproverApprovesAndTheAuditShowsIt(t *testing.T) {
	exe := chromiumPath(t)
	rows := append(defaultRows(), portfolio.Row{Ref: "H-1", Query: registerdata.MatchQuery{Name: `<img src=x onerror=alert(1)> Kunde` + "\u202e" + `GmbH`, City: "Kassel"}})
	f := newFixtureWith(t, sqliteDSNFor(t), rows, func(srv *fake.Server) {
		require.NoError(t, srv.UpdateCompany(inLiquidation, func(co *registerdata.Company) { co.Name.Name = hostileName }))
	}, portfolio.WithFourEyes())
	dir := shotsDir(t)
	base := f.ts.URL

	anna := browserFor(t, exe)
	do(t, anna, signInAt(base, reviewer, "/queue", "table.queue"))
	for _, w := range []int64{794, 390} {
		shoot(t, anna, dir, "queue", w)
	}
	do(t, anna, chromedp.Click(chromedp.CSS(`a[href="/queue/item?ref=C-3"]`)), chromedp.WaitVisible(chromedp.CSS("#c0")))
	assert.Equal(t, "Decide C-3", text(t, anna, "h1"))
	for _, w := range []int64{794, 390} {
		shoot(t, anna, dir, "decision", w)
	}
	do(t, anna,
		chromedp.Click(chromedp.CSS("#c0")),
		chromedp.SendKeys(chromedp.CSS("#note"), "same address as the contract"),
		chromedp.Submit(chromedp.CSS("#note")),
		chromedp.WaitVisible(chromedp.CSS("p.flash")),
		chromedp.Navigate(base+"/queue/item?ref=H-1"),
		chromedp.WaitVisible(chromedp.CSS("div.wrote")),
	)
	assert.Equal(t, "<img src=x onerror=alert(1)> Kunde⟨U+202E⟩GmbH", text(t, anna, "div.wrote"), "the customer's text is shown as text")
	do(t, anna, chromedp.Navigate(base+"/audit"), chromedp.WaitVisible(chromedp.CSS("table.audit")))
	auditText := text(t, anna, "table.audit")
	assert.Contains(t, auditText, "resolve")
	assert.Contains(t, auditText, reviewer.ID)
	assert.Contains(t, auditText, "C-3")

	cem := browserFor(t, exe)
	do(t, cem, signInAt(base, approver, "/queue/item?ref=C-4", "#none"),
		chromedp.Click(chromedp.CSS("#none")),
		chromedp.SendKeys(chromedp.CSS("#note"), "dissolved before we signed"),
		chromedp.Submit(chromedp.CSS("#note")),
		chromedp.WaitVisible(chromedp.CSS("p.flash")),
		chromedp.Navigate(base+"/approvals"),
		chromedp.WaitVisible(chromedp.CSS("article.card")),
	)
	assert.Contains(t, text(t, cem, "main"), "You proposed this decision", "his own decision offers no approval")
	assert.Equal(t, 1, eval(t, cem, `document.querySelectorAll('form[action="/approvals/approve"]').length`), "only the reviewer's decision can be approved by him")
	for _, w := range []int64{794, 390} {
		shoot(t, cem, dir, "approvals", w)
	}
	do(t, cem,
		chromedp.SendKeys(chromedp.CSS(`form[action="/approvals/approve"] input[name=note]`), "checked the register"),
		chromedp.Submit(chromedp.CSS(`form[action="/approvals/approve"] input[name=note]`)),
		chromedp.WaitVisible(chromedp.CSS("p.flash")),
		chromedp.Navigate(base+"/audit"),
		chromedp.WaitVisible(chromedp.CSS("table.audit")),
	)
	auditText = text(t, cem, "table.audit")
	assert.Contains(t, auditText, "approve")
	assert.Contains(t, auditText, approver.ID)
	assert.Contains(t, text(t, cem, "p.whole"), "The chain is whole")
	for _, w := range []int64{794, 390} {
		shoot(t, cem, dir, "audit", w)
	}
	for e, err := range f.p.Entries(context.Background()) {
		require.NoError(t, err)
		if e.Ref == "C-3" {
			assert.Equal(t, portfolio.Matched, e.Status, "approved: the entry is matched")
		}
	}

	do(t, anna, chromedp.Navigate(base+"/flags"), chromedp.WaitVisible(chromedp.CSS("article.flag")))
	flagsText := text(t, anna, "main")
	assert.Contains(t, flagsText, `<script>alert("x")</script> Evil⟨U+202E⟩HbmG`, "the register's name is shown as text")
	assert.NotContains(t, flagsText, "\u202e", "the override is shown, not applied")
	assert.Zero(t, eval(t, anna, `document.scripts.length + document.querySelectorAll('img,iframe').length`), "no markup of the name became an element")
	for _, w := range []int64{794, 390} {
		shoot(t, anna, dir, "flags", w)
	}
}

// TestInChromiumTheCompanyPageTheDossierAndTheAlertsPage: the sign-in
// page, a company's page with its stored register data (a hostile name
// shown as text), the dossier's confirmation with its price, and the
// admin's alerts page, each screenshot at 794 and 390 px and checked not
// blank.
func TestInChromiumTheCompanyPageTheDossierAndTheAlertsPage(t *testing.T) {
	exe := chromiumPath(t)
	f := newFixtureWith(t, sqliteDSNFor(t), nil, func(srv *fake.Server) {
		require.NoError(t, srv.UpdateCompany(inLiquidation, func(co *registerdata.Company) { co.Name.Name = hostileName }))
	})
	require.NoError(t, f.p.AddSubscriber(context.Background(), portfolio.Subscriber{Name: "crm", URL: "https://crm.example/hooks/secret-path", Secret: testSubSecret, MinSeverity: "review", Tags: []string{"supplier"}}))
	dir := shotsDir(t)
	base := f.ts.URL

	anna := browserFor(t, exe)
	do(t, anna, chromedp.Navigate(base+"/login"), chromedp.WaitVisible(chromedp.CSS("#username")))
	for _, w := range []int64{794, 390} {
		shoot(t, anna, dir, "login", w)
	}
	do(t, anna, signInAt(base, reviewer, "/company?id="+inLiquidation, "dl.facts"))
	page := text(t, anna, "main")
	assert.Contains(t, page, "Register data")
	assert.Contains(t, page, `<script>alert("x")</script> Evil⟨U+202E⟩HbmG`, "the register's name is shown as text")
	assert.Zero(t, eval(t, anna, `document.scripts.length + document.querySelectorAll('img,iframe').length`), "no markup of the name became an element")
	for _, w := range []int64{794, 390} {
		shoot(t, anna, dir, "company", w)
	}
	do(t, anna, chromedp.Click(chromedp.CSS(`form[action="/company/dossier"] button`)), chromedp.WaitVisible(chromedp.CSS(`form.card button`)))
	assert.Contains(t, text(t, anna, "main"), "at most 120 credits", "the price before anything is spent")
	for _, w := range []int64{794, 390} {
		shoot(t, anna, dir, "dossier-confirm", w)
	}

	ada := browserFor(t, exe)
	do(t, ada, signInAt(base, admin, "/subscribers", "table.subscribers"))
	alerts := text(t, ada, "main")
	assert.Contains(t, alerts, "https://crm.example")
	assert.NotContains(t, alerts, "secret-path", "a URL's path is never shown")
	for _, w := range []int64{794, 390} {
		shoot(t, ada, dir, "alerts", w)
	}
}
