package portfolio

import (
	"encoding/json"
	"fmt"
)

// eventRows are the rows of a journal page: database/sql's or pgx's.
type eventRows interface {
	Next() bool
	Scan(dest ...any) error
	Err() error
}

// scanEvents reads a page of up to limit journal entries from rows,
// scanning each in place in the page (an entry is neither allocated on
// its own nor copied into it), with its JSON columns as T: a string on
// SQLite, whose driver makes one of each text column and hands it over
// without a copy; pgtype.DriverBytes on PostgreSQL, read through pgx
// itself, where the columns stay in pgx's read buffer (valid until the
// next row) until they are decoded. database/sql over pgx would first
// make a driver.Value of every value of a row (a string per text
// column) and copy it again on Scan: on a page of a thousand entries
// that was most of the read's time. A page that fails part way returns
// the entries before the failure with the error.
func scanEvents[T text](rows eventRows, limit int) ([]Event, error) {
	out := make([]Event, 0, limit)
	var refs, chs, raised, cleared, failed T
	var at int64
	for rows.Next() {
		out = append(out, Event{})
		e := &out[len(out)-1]
		if err := rows.Scan(&e.Seq, &e.CompanyID, &refs, &e.EventID, &chs, &raised, &cleared, &at, &e.Credits, &e.Name, &failed); err != nil {
			return out[:len(out)-1], fmt.Errorf("portfolio: reading the journal: %w", err)
		}
		if err := fillEvent(e, at, refs, chs, raised, cleared, failed); err != nil {
			return out[:len(out)-1], err // the entries before the damaged one
		}
	}
	if err := rows.Err(); err != nil {
		return out, fmt.Errorf("portfolio: reading the journal: %w", err)
	}
	return out, nil
}

// fillEvent completes e, read from the journal with its time in
// microseconds and its JSON columns, which it decodes, and writes the
// sentences of its changes.
func fillEvent[T text](e *Event, at int64, refs, chs, raised, cleared, failed T) error {
	e.At = fromMicros(at)
	if err := decodeEntry(e, refs, chs, raised, cleared); err != nil {
		return err
	}
	if len(failed) > 0 {
		e.Failed = &CheckFailure{}
		if err := json.Unmarshal([]byte(failed), e.Failed); err != nil {
			return damaged(e.Seq, err)
		}
	}
	e.Sentences = make([]string, len(e.Changes))
	for i, c := range e.Changes {
		e.Sentences[i] = c.String()
	}
	return nil
}
