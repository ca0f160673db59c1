package portfolio

import (
	"context"
	"crypto/sha256"
	"database/sql"
	"encoding/hex"
	"errors"
	"fmt"
	"time"
)

// ErrBadCredentials is wrapped by the error of CheckPassword for an
// unknown user name or a wrong password (which of the two is not said).
var ErrBadCredentials = errors.New("portfolio: wrong user name or password")

// LockedError is the error of CheckPassword while an account or an
// address is locked after wrong passwords: no password is checked until
// RetryAfter has passed.
type LockedError struct {
	// RetryAfter is how long until the next try is taken.
	RetryAfter time.Duration
}

// Error says how long to wait.
func (e *LockedError) Error() string {
	return fmt.Sprintf("portfolio: too many wrong passwords: try again in %s", e.RetryAfter.Round(time.Second))
}

// ErrLocked is wrapped by every *LockedError.
var ErrLocked = errors.New("portfolio: locked after wrong passwords")

// Unwrap makes errors.Is(err, ErrLocked) true.
func (e *LockedError) Unwrap() error { return ErrLocked }

// The lockout: an account is free to try FreeAccountTries wrong
// passwords, an address (many people behind one proxy) FreeAddressTries;
// each wrong one after that locks it for twice as long as the one before,
// from one second up to MaxLockout. Failures are forgotten FailureWindow
// after the last one, and an account's on a right password.
const (
	FreeAccountTries = 3
	FreeAddressTries = 10
	MaxLockout       = 15 * time.Minute
	FailureWindow    = time.Hour
)

// lockout is how long the failures-th failure locks a key that may fail
// free times.
func lockout(failures, free int64) time.Duration {
	if failures < free {
		return 0
	}
	n := failures - free
	if n >= 10 {
		return MaxLockout
	}
	return min(MaxLockout, time.Second<<n)
}

// CheckPassword checks the password of the local account id signing in
// from addr: the user, or an error wrapping ErrBadCredentials, or a
// *LockedError while the account or the address is locked.
func (p *Portfolio) CheckPassword(ctx context.Context, id, password, addr string) (User, error) {
	keys := []string{"user:" + failureKey(id), "addr:" + failureKey(addr)}
	now := p.cfg.now()
	var wait time.Duration
	for _, k := range keys {
		var until int64
		err := p.db.QueryRowContext(ctx, p.q(`SELECT locked_until FROM portfolio_signin_failures WHERE key = $1`), k).Scan(&until)
		if err != nil && !errors.Is(err, sql.ErrNoRows) {
			return User{}, fmt.Errorf("portfolio: reading the sign-in failures: %w", err)
		}
		if err == nil {
			wait = max(wait, fromMicros(until).Sub(now))
		}
	}
	if wait > 0 {
		return User{}, &LockedError{RetryAfter: wait}
	}
	u, hash, err := User{}, "", error(ErrNoUser)
	if len(id) <= MaxActorLength && printable(id) { // no stored user has another name, and a database refuses some
		u, hash, err = p.userRow(ctx, p.db, id)
	}
	if err != nil && !errors.Is(err, ErrNoUser) {
		return User{}, err
	}
	ok := false
	if err == nil && u.Source == SourceLocal {
		ok, err = checkPassword(hash, password)
		if err != nil {
			return User{}, fmt.Errorf("portfolio: the password of %q cannot be checked: %w; set it again with \"registerdata portfolio users password\"", clip(id), err)
		}
	} else {
		_, _ = checkPassword(dummyHash(), password) // the same time as a wrong password
	}
	if ok {
		if _, err := p.db.ExecContext(ctx, p.q(`DELETE FROM portfolio_signin_failures WHERE key = $1`), keys[0]); err != nil {
			return User{}, fmt.Errorf("portfolio: clearing the sign-in failures: %w", err)
		}
		return u, nil
	}
	err = p.inTx(ctx, func(tx *sql.Tx) error {
		for i, k := range keys {
			free := int64(FreeAccountTries)
			if i == 1 {
				free = FreeAddressTries
			}
			if err := p.countWrongPassword(ctx, tx, k, free, now); err != nil {
				return err
			}
		}
		_, err := tx.ExecContext(ctx, p.q(`DELETE FROM portfolio_signin_failures WHERE last_at < $1 AND locked_until < $2`),
			micros(now.Add(-FailureWindow)), micros(now))
		return err
	})
	if err != nil {
		return User{}, fmt.Errorf("portfolio: recording a wrong password: %w", err)
	}
	return User{}, ErrBadCredentials
}

// countWrongPassword counts a wrong password against key.
func (p *Portfolio) countWrongPassword(ctx context.Context, tx *sql.Tx, key string, free int64, now time.Time) error {
	var failures, last int64
	err := tx.QueryRowContext(ctx, p.q(`SELECT failures, last_at FROM portfolio_signin_failures WHERE key = $1`+p.lockSQL()), key).Scan(&failures, &last)
	if err != nil && !errors.Is(err, sql.ErrNoRows) {
		return err
	}
	if err == nil && now.Sub(fromMicros(last)) >= FailureWindow {
		failures = 0
	}
	failures++
	until := now.Add(lockout(failures, free))
	_, err = tx.ExecContext(ctx, p.q(`INSERT INTO portfolio_signin_failures (key, failures, last_at, locked_until) VALUES ($1, $2, $3, $4)
		ON CONFLICT (key) DO UPDATE SET failures = excluded.failures, last_at = excluded.last_at, locked_until = excluded.locked_until`),
		key, failures, micros(now), micros(until))
	return err
}

// SignIn is a sign-in to the web workplace, for StartSession.
type SignIn struct {
	// User is who signs in: a user CheckPassword returned, or, with
	// Method "oidc", the identity provider's subject (ID), name (Name)
	// and the role (Role) of a first sign-in; an OIDC user signing in
	// again keeps the role stored (an admin changes it with SetRole).
	User User
	// Method is "password" or "oidc".
	Method string
	// Addr is the remote address, as the audit records it.
	Addr string
	// Replaces is the id of the browser's session before sign-in, or "":
	// it is deleted, so a session id fixed before sign-in never becomes
	// a signed-in one.
	Replaces string
}

// StartSession begins a signed-in session with a new id, deleting the
// session it replaces, and writes the sign-in to the audit chain in the
// same transaction. An OIDC user is added on their first sign-in.
func (p *Portfolio) StartSession(ctx context.Context, in SignIn) (Session, error) {
	var s Session
	err := p.inTx(ctx, func(tx *sql.Tx) error {
		if in.Replaces != "" {
			if _, err := tx.ExecContext(ctx, p.q(`DELETE FROM portfolio_sessions WHERE id_hash = $1`), sessionHash(in.Replaces)); err != nil {
				return fmt.Errorf("portfolio: ending the session before sign-in: %w", err)
			}
		}
		u, err := p.userTx(ctx, tx, in.User.ID)
		switch {
		case errors.Is(err, ErrNoUser) && in.Method == "oidc":
			u = in.User
			u.Source = SourceOIDC
			if u.Name == "" {
				u.Name = u.ID
			}
			if u.Role == "" {
				u.Role = RoleViewer
			}
			if err := checkUser(u.ID, u.Name, u.Role); err != nil {
				return err
			}
			if err := p.insertUser(ctx, tx, u, ""); err != nil {
				return err
			}
			if _, err := p.writeAudit(ctx, tx, u.Actor(), "user-add", "user "+u.ID,
				map[string]string{"user": u.ID, "role": u.Role, "source": SourceOIDC}); err != nil {
				return err
			}
		case err != nil:
			return err
		case in.Method == "oidc" && u.Source != SourceOIDC:
			return fmt.Errorf("portfolio: the identity provider's subject %q is a local account's name: rename the local account", clip(u.ID))
		case in.Method == "oidc" && in.User.Name != "" && in.User.Name != u.Name:
			if _, err := tx.ExecContext(ctx, p.q(`UPDATE portfolio_users SET name = $1, updated_at = $2 WHERE id = $3`),
				in.User.Name, micros(p.cfg.now()), u.ID); err != nil {
				return fmt.Errorf("portfolio: keeping the name of %q: %w", clip(u.ID), err)
			}
			u.Name = in.User.Name
		}
		s, err = p.insertSession(ctx, tx, u.ID, nil)
		if err != nil {
			return err
		}
		s.User = &u
		_, err = p.writeAudit(ctx, tx, u.Actor(), "sign-in", "user "+u.ID, map[string]string{"user": u.ID, "method": in.Method, "addr": in.Addr})
		return err
	})
	return s, err
}

// failureKey is the key of s in the failures table: its SHA-256, so that
// any name or address typed (long, not UTF-8, with NUL) is stored alike.
func failureKey(s string) string {
	h := sha256.Sum256([]byte(s))
	return hex.EncodeToString(h[:16])
}
