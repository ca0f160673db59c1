package matchfile_test

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	registerdata "github.com/registerdata/registerdata-go"
	"github.com/registerdata/registerdata-go/fake"
	"github.com/registerdata/registerdata-go/matchfile"
)

func Example() {
	srv := fake.NewServer()
	defer srv.Close()
	c, err := registerdata.NewClient(registerdata.WithAPIKey(srv.APIKey), registerdata.WithBaseURL(srv.URL))
	if err != nil {
		panic(err)
	}
	// A customer list as a German spreadsheet exports it.
	in := "Kundennr;Firma;Ort;Handelsregister\n" +
		"1001;Nordlicht Solar-Technik GmbH i.L.;Berlin;\n" +
		"1002;;;AG Hamburg HRB 99812\n" +
		"1003;Hafenkontor Spedition;München;\n"
	rd, err := matchfile.NewReader(strings.NewReader(in), matchfile.ReaderOptions{Format: matchfile.CSV})
	if err != nil {
		panic(err)
	}
	w, err := matchfile.NewWriter(os.Stdout, matchfile.WriterOptions{Format: matchfile.CSV, Header: []string{"Kundennr"}})
	if err != nil {
		panic(err)
	}
	for {
		row, err := rd.Next()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			panic(err)
		}
		m, err := c.MatchCompany(context.Background(), row.Query, nil)
		if err := w.WriteMatch(row, m, err); err != nil {
			panic(err)
		}
	}
	if err := w.Flush(); err != nil {
		panic(err)
	}
	// Output:
	// Kundennr,company_id,matched_name,score,status,reasons
	// 1001,DE-HRB-F1103-267645,Nordlicht Solartechnik GmbH,0.970,matched,name equal after normalisation; legal form equal: GmbH; the query says in liquidation; the register shows it active; city equal: Berlin
	// 1002,DE-HRB-K1101-99812,Hafenkontor Spedition GmbH,0.990,matched,register number and court equal
	// 1003,,,0.750,none,"closest: Hafenkontor Spedition GmbH (DE-HRB-K1101-99812, 0.750): name equal after normalisation, city differs: München vs Hamburg"
}

// A run that can be stopped and resumed keeps each row's outcome in a
// Journal keyed by the row's record number, and skips the rows done.
func ExampleOpenJournal() {
	dir, _ := os.MkdirTemp("", "journal")
	defer os.RemoveAll(dir)
	input := "Firma;Ort\nNordlicht Solartechnik;Berlin\nNordlicht Solartechnik;Berlin\n"
	fp, _ := matchfile.FingerprintOf(strings.NewReader(input))
	h := matchfile.JournalHeader{Command: "match", Format: "csv", Input: fp}

	// The first run does row 0, then stops.
	j, _ := matchfile.OpenJournal(filepath.Join(dir, "out.csv.resume"), h, true)
	_ = j.Record(matchfile.Outcome{Index: 0, Cells: []string{"DE-HRB-F1103-267645", "Nordlicht Solartechnik GmbH", "1.000", "matched", ""}})
	_ = j.Close()

	// The resumed run skips row 0; row 1, equal in content, is a row of its own.
	j, _ = matchfile.OpenJournal(filepath.Join(dir, "out.csv.resume"), h, true)
	defer j.Close()
	fmt.Println(j.Done(0), j.Done(1))
	// Output: true false
}
