// Package matchfile reads customer records for MatchCompany from CSV or
// JSON Lines and writes the outcome next to them: the reusable part of
// the CLI's `registerdata match` and `registerdata enrich`, for any
// program that matches files.
//
// # Where to start, by job
//
//	Job                      Entry point
//	read records             NewReader with ReaderOptions, then (*Reader).Next for each Row and its Query
//	name the columns         DetectColumns (from the header), ParseOverrides ("field=header")
//	write match outcomes     NewWriter with WriterOptions, then (*Writer).WriteMatch; MatchCells for the cells alone
//	write enrichments        (*Writer).WriteEnriched; EnrichCells for the cells alone
//	resume a stopped run     FingerprintOf the input, then OpenJournal and OpenCallLog with a JournalHeader
//	bound hostile input      MaxRecordBytes, MaxFieldBytes, MaxColumns; a record past them is a *BoundError
//
// # Reading
//
// NewReader detects the columns from the header (German and
// English names: firma/name/company, ort/stadt/city, plz/postal_code/zip,
// strasse/street, register/hrb/handelsregister, ust-id/vat, lei,
// website/url/domain), takes "field=header" overrides, reads CSV with a
// comma or a semicolon (as German spreadsheets write it) or JSON Lines,
// and turns each record into a Row with its registerdata.MatchQuery.
//
// # Writing
//
// NewWriter writes each row's input columns plus company_id,
// score, status (matched, ambiguous, none, error) and reasons for a
// match, or the company's columns (status, legal form, address, capital,
// latest revenue and employees, directors) for an enrichment, as CSV or
// JSON Lines. Register text in CSV cells is written inert (a leading
// quote before a cell a spreadsheet would read as a formula) unless
// WriterOptions.Raw.
//
// # Bounds
//
// A record may take MaxRecordBytes (1 MiB), a cell MaxFieldBytes,
// the input MaxColumns columns; a record past them is a *BoundError with
// its line. The reader streams: it holds one record at a time.
//
// # Resuming
//
// A Journal keeps the outcome of each row by its record number
// in the input, under the input's Fingerprint (size and SHA-256), crash
// safely; a CallLog keeps the answers of the calls made for the rows in
// progress, so that a run stopped anywhere and resumed writes what an
// uninterrupted run writes and pays for each row once.
//
// # Example
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
