package fake

import (
	"bytes"
	"fmt"
	"io"
	"strings"
	"text/tabwriter"

	registerdata "github.com/registerdata/registerdata-go"
	"github.com/registerdata/registerdata-go/enums"
)

// CuratedCompany is one company of the curated register, with what it
// shows: the cases a test can pick it for.
type CuratedCompany struct {
	ID    string // the company id, as GET /v1/company/{id} takes it
	Name  string // the current name
	Shows string // its form, register and status, then what sets it apart ("3 former names, insolvency (opened)")
}

// CuratedRegister lists the curated register, in its order, each company
// with what it shows, derived from the records themselves (so the list
// cannot drift from the data). The package documentation and
// registerfake -list print it.
func CuratedRegister() ([]CuratedCompany, error) {
	cs, err := curatedCompanies()
	if err != nil {
		return nil, err
	}
	out := make([]CuratedCompany, len(cs))
	for i := range cs {
		out[i] = CuratedCompany{ID: cs[i].ID, Name: cs[i].Name.Name, Shows: shows(&cs[i])}
	}
	return out, nil
}

// WriteCuratedRegister writes CuratedRegister as a table with a header,
// columns aligned with spaces, each line starting with indent.
func WriteCuratedRegister(w io.Writer, indent string) error {
	list, err := CuratedRegister()
	if err != nil {
		return err
	}
	var table bytes.Buffer
	tw := tabwriter.NewWriter(&table, 0, 0, 2, ' ', 0)
	fmt.Fprintf(tw, "ID\tNAME\tSHOWS\n")
	for _, c := range list {
		fmt.Fprintf(tw, "%s\t%s\t%s\n", c.ID, c.Name, c.Shows)
	}
	if err := tw.Flush(); err != nil {
		return err
	}
	for line := range strings.Lines(table.String()) {
		if _, err := io.WriteString(w, indent+line); err != nil {
			return err
		}
	}
	return nil
}

// shows describes what a curated company is there for: its legal form,
// register and status, then what sets it apart.
func shows(c *registerdata.Company) string {
	parts := []string{fmt.Sprintf("%s, %s, %s", c.LegalForm, c.Register.RegisterType, c.Status)}
	add := func(cond bool, format string, args ...any) {
		if cond {
			parts = append(parts, fmt.Sprintf(format, args...))
		}
	}
	add(len(c.Names) > 1, "%s", count(len(c.Names)-1, "former name", "former names"))
	add(len(c.Addresses) > 1, "%s", count(len(c.Addresses)-1, "former address", "former addresses"))
	legal := 0
	for _, r := range c.Representation {
		if r.Type == enums.RepresentativeTypeLegalPerson && r.EndDate == nil {
			legal++
		}
	}
	add(legal > 0, "%s", count(legal, "company as representative", "companies as representatives"))
	var states []string
	for _, in := range c.Insolvencies {
		states = append(states, string(in.CurrentStatus))
	}
	add(len(states) > 0, "insolvency: %s", strings.Join(states, ", "))
	add(c.MergedInto != nil, "merged")
	add(len(c.Acquisitions) > 0, "acquisitions")
	add(len(c.AssetSpinOffs) > 0, "spin-offs")
	add(c.ProfitTransferAgreement != nil, "profit transfer")
	add(c.TerminatedAt != nil, "terminated")
	add(len(c.Indicators) > 0, "financials (%s)", count(len(c.Indicators), "year", "years"))
	add(c.LEI != "", "LEI")
	return strings.Join(parts, "; ")
}

// count is "1 year" or "3 years".
func count(n int, one, many string) string {
	if n == 1 {
		return "1 " + one
	}
	return fmt.Sprintf("%d %s", n, many)
}
