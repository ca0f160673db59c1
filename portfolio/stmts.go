package portfolio

import (
	"context"
	"database/sql"
	"sync"
)

// preparedStmts are statements prepared once on the store (database/sql
// keeps one prepared copy per connection); a transaction uses them
// (sql.Tx.StmtContext) instead of preparing anew: Import's groups, the
// intake on SQLite.
type preparedStmts struct {
	mu sync.Mutex
	m  map[string]*sql.Stmt
}

// get is query prepared on db, preparing it on first use.
func (ps *preparedStmts) get(ctx context.Context, db *sql.DB, query string) (*sql.Stmt, error) {
	ps.mu.Lock()
	defer ps.mu.Unlock()
	if st := ps.m[query]; st != nil {
		return st, nil
	}
	st, err := db.PrepareContext(ctx, query)
	if err != nil {
		return nil, err
	}
	if ps.m == nil {
		ps.m = map[string]*sql.Stmt{}
	}
	ps.m[query] = st
	return st, nil
}

// close closes the statements.
func (ps *preparedStmts) close() {
	ps.mu.Lock()
	defer ps.mu.Unlock()
	for _, st := range ps.m {
		_ = st.Close()
	}
	ps.m = nil
}
