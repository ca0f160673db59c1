package registerdatareport

import (
	"embed"
	"fmt"
	"html/template"
	"io"
	"sync"
)

//go:embed templates/dossier.html.tmpl templates/dossier.css
var files embed.FS

// csp is the file's Content-Security-Policy: nothing may be loaded from
// anywhere and no script may run; the only styles are the file's own
// (the inline style sheet, and the style attributes of the charts).
const csp = "default-src 'none'; script-src 'none'; style-src 'unsafe-inline'; img-src data:; font-src 'none'; " +
	"connect-src 'none'; object-src 'none'; frame-src 'none'; base-uri 'none'; form-action 'none'"

// page and css are parsed on first use, so that a program importing the
// package (the CLI) does not pay for them at every start.
var (
	page = sync.OnceValue(func() *template.Template {
		return template.Must(template.New("dossier.html.tmpl").Funcs(template.FuncMap{
			"add":  func(a, b float64) float64 { return a + b },
			"reps": func(r []repView) repTable { return repTable{Reps: r, Cols: colsOf(r)} },
		}).ParseFS(files, "templates/dossier.html.tmpl"))
	})
	css = sync.OnceValue(func() template.CSS { return mustRead("templates/dossier.css") })
)

// repTable is one table of representatives with the optional columns its
// rows fill.
type repTable struct {
	Reps []repView
	Cols repCols
}

func mustRead(name string) template.CSS {
	b, err := files.ReadFile(name)
	if err != nil {
		panic(err) // embedded at build time: cannot happen
	}
	return template.CSS(b) //nolint:gosec // the package's own style sheet
}

// WriteHTML writes the dossier as one self-contained HTML file: its own
// style sheet, the ownership chart and the financial charts as inline SVG,
// no script and nothing loaded from elsewhere. Every text of the register
// is escaped by html/template; bidirectional and other invisible control
// characters in it are shown as their code points.
func (d *Dossier) WriteHTML(w io.Writer) error {
	if d == nil || d.Company == nil {
		return fmt.Errorf("registerdatareport: WriteHTML needs a dossier from Build (this one has no company record)")
	}
	v, err := newView(d)
	if err != nil {
		return err
	}
	data := struct {
		V   *view
		CSP string
		CSS template.CSS
	}{v, csp, css()}
	if err := page().Execute(w, data); err != nil {
		return fmt.Errorf("registerdatareport: writing the dossier of %s: %w", d.CompanyID, err)
	}
	return nil
}
