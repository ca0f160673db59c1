// Package spreadsheet keeps third-party text inert in the CSV and TSV
// cells this project writes: a cell a spreadsheet would read as a formula
// is written as text.
//
// Register text (company and director names, addresses, reasons quoting
// them, error messages echoing an answer) comes from a third party; a
// name such as `=HYPERLINK("http://evil","click")` or `+cmd|' /C calc'!A0`
// written as it is becomes a live formula in the spreadsheet a user opens
// next. Every writer of CSV or TSV cells in this repository passes such
// cells through Inert, so there is one rule to test.
package spreadsheet

// Inert returns s with a single quote (') before it when s starts with a
// character a spreadsheet reads as the start of a formula or uses to
// smuggle one: '=', '+', '-', '@', a tab or a carriage return, as the
// OWASP "CSV Injection" guidance describes. A spreadsheet shows the cell
// as text without the quote; a program reading the file sees the quote
// and can strip it. Any other s is returned unchanged, so a plain name,
// an empty cell and a number written by this project (which never starts
// with '-' in a text column) stay as they are.
func Inert(s string) string {
	if s == "" {
		return s
	}
	switch s[0] {
	case '=', '+', '-', '@', '\t', '\r':
		return "'" + s
	}
	return s
}
