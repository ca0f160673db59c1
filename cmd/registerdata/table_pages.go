package main

import "github.com/registerdata/registerdata-go/cmd/registerdata/internal/output"

// tablePages lays a long list out as tables of at most size rows each,
// rendering each as it fills, so that memory stays bounded however many
// rows a command prints. The columns are laid out anew for each table.
type tablePages struct {
	a    *app
	size int
	cols []output.Column
	t    *output.Table
}

// newTablePages returns pages of size rows with cols.
func (a *app) newTablePages(size int, cols ...output.Column) *tablePages {
	return &tablePages{a: a, size: size, cols: cols}
}

// row adds a row, rendering the table when it is full.
func (tp *tablePages) row(cells ...string) error {
	if tp.t == nil {
		tp.t = output.NewTable(tp.cols...)
	}
	tp.t.Row(cells...)
	if tp.t.Len() == tp.size {
		return tp.flush()
	}
	return nil
}

// flush renders the rows not rendered yet.
func (tp *tablePages) flush() error {
	if tp.t == nil || tp.t.Len() == 0 {
		return nil
	}
	err := tp.a.render(tp.t)
	tp.t = nil
	return err
}
