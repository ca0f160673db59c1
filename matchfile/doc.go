// Package matchfile reads customer records for MatchCompany from CSV or
// JSON Lines and writes the outcome next to them: the reusable part of
// the CLI's `registerdata match` and `registerdata enrich`, for any
// program that matches files.
//
// Reading: NewReader detects the columns from the header (German and
// English names: firma/name/company, ort/stadt/city, plz/postal_code/zip,
// strasse/street, register/hrb/handelsregister, ust-id/vat, lei,
// website/url/domain), takes "field=header" overrides, reads CSV with a
// comma or a semicolon (as German spreadsheets write it) or JSON Lines,
// and turns each record into a Row with its registerdata.MatchQuery.
//
// Writing: NewWriter writes each row's input columns plus company_id,
// score, status (matched, ambiguous, none, error) and reasons for a
// match, or the company's columns (status, legal form, address, capital,
// latest revenue and employees, directors) for an enrichment, as CSV or
// JSON Lines. ReadDone reads an output written before, so that a run
// resumed after a stop skips the rows it has (Done.Has) and pays nothing
// twice.
//
//	rd, err := matchfile.NewReader(in, matchfile.ReaderOptions{Format: matchfile.CSV})
//	...
//	w, err := matchfile.NewWriter(out, matchfile.WriterOptions{Format: matchfile.CSV, Header: rd.Header()})
//	for {
//		row, err := rd.Next()
//		if err == io.EOF {
//			break
//		}
//		m, err := c.MatchCompany(ctx, row.Query, nil)
//		if err := w.WriteMatch(row, m, err); err != nil { ... }
//	}
//	w.Flush()
package matchfile
