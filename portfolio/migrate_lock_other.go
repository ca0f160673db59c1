//go:build !unix

package portfolio

// lockFile is a no-op where flock is not available: open a SQLite
// portfolio from one process at a time there while it is new or migrated.
func lockFile(string) (func(), error) { return func() {}, nil }
