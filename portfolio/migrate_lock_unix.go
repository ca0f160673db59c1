//go:build unix

package portfolio

import (
	"fmt"
	"os"
	"syscall"
)

// lockFile holds an exclusive lock on path+".lock" until the returned
// function is called: processes opening one SQLite file at once connect
// to it (the first connection turns a new file to WAL) and migrate it one
// after the other.
func lockFile(path string) (func(), error) {
	f, err := os.OpenFile(path+".lock", os.O_RDWR|os.O_CREATE, 0o600)
	if err != nil {
		return nil, fmt.Errorf("portfolio: the migration lock %s.lock: %w", path, err)
	}
	if err := syscall.Flock(int(f.Fd()), syscall.LOCK_EX); err != nil {
		f.Close()
		return nil, fmt.Errorf("portfolio: the migration lock %s.lock: %w", path, err)
	}
	return func() {
		_ = syscall.Flock(int(f.Fd()), syscall.LOCK_UN)
		f.Close()
	}, nil
}
