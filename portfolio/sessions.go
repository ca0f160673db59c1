package portfolio

import (
	"context"
	"crypto/rand"
	"crypto/sha256"
	"database/sql"
	"encoding/base64"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"time"
)

// The web workplace's session timeouts: a session ends after IdleTimeout
// without a request, and AbsoluteTimeout after it began, whichever comes
// first.
const (
	IdleTimeout     = 30 * time.Minute
	AbsoluteTimeout = 12 * time.Hour
)

// ErrNoSession is wrapped by the error of Session for an id that names no
// live session: unknown, signed out, idle too long or too old, or its
// user removed. Sign in again.
var ErrNoSession = errors.New("portfolio: no such session (signed out or expired): sign in again")

// Session is a session of the web workplace, kept in the database: the
// browser's cookie holds only its ID.
type Session struct {
	// ID is the session's secret id (the database keeps only its hash).
	ID string
	// User is who signed in, nil before sign-in.
	User *User
	// Data are the session's values (e.g. an OIDC sign-in's state).
	Data map[string]string
	// Created and Seen are when it began and when it was last used.
	Created, Seen time.Time
}

// newSessionID is 32 random bytes, base64url.
func newSessionID() (string, error) {
	b := make([]byte, 32)
	if _, err := rand.Read(b); err != nil {
		return "", fmt.Errorf("portfolio: reading random bytes for a session id: %w", err)
	}
	return base64.RawURLEncoding.EncodeToString(b), nil
}

// sessionHash is the key of the session id's row.
func sessionHash(id string) string {
	h := sha256.Sum256([]byte(id))
	return hex.EncodeToString(h[:])
}

// NewSession begins a session without a user (e.g. to carry an OIDC
// sign-in's state to its callback) holding data.
func (p *Portfolio) NewSession(ctx context.Context, data map[string]string) (Session, error) {
	var s Session
	err := p.inTx(ctx, func(tx *sql.Tx) error {
		var err error
		s, err = p.insertSession(ctx, tx, "", data)
		return err
	})
	return s, err
}

// insertSession inserts a new session of user (or "") in tx.
func (p *Portfolio) insertSession(ctx context.Context, tx *sql.Tx, user string, data map[string]string) (Session, error) {
	id, err := newSessionID()
	if err != nil {
		return Session{}, err
	}
	if data == nil {
		data = map[string]string{}
	}
	now := p.cfg.now()
	us := micros(now)
	if _, err := tx.ExecContext(ctx, p.q(`INSERT INTO portfolio_sessions (id_hash, user_id, data, created_at, seen_at)
		VALUES ($1, $2, $3, $4, $4)`), sessionHash(id), user, mustJSON(data), us); err != nil {
		return Session{}, fmt.Errorf("portfolio: starting a session: %w", err)
	}
	return Session{ID: id, Data: data, Created: fromMicros(us), Seen: fromMicros(us)}, nil
}

// Session is the live session id, its last use moved to now; an unknown
// or expired one (IdleTimeout, AbsoluteTimeout) is deleted and wraps
// ErrNoSession.
func (p *Portfolio) Session(ctx context.Context, id string) (Session, error) {
	var s Session
	err := p.inTx(ctx, func(tx *sql.Tx) error {
		var user, data string
		var created, seen int64
		h := sessionHash(id)
		err := tx.QueryRowContext(ctx, p.q(`SELECT user_id, data, created_at, seen_at FROM portfolio_sessions WHERE id_hash = $1`), h).
			Scan(&user, &data, &created, &seen)
		if errors.Is(err, sql.ErrNoRows) {
			return ErrNoSession
		}
		if err != nil {
			return fmt.Errorf("portfolio: reading a session: %w", err)
		}
		now := p.cfg.now()
		if !now.Before(fromMicros(seen).Add(IdleTimeout)) || !now.Before(fromMicros(created).Add(AbsoluteTimeout)) {
			if _, err := tx.ExecContext(ctx, p.q(`DELETE FROM portfolio_sessions WHERE id_hash = $1`), h); err != nil {
				return fmt.Errorf("portfolio: ending an expired session: %w", err)
			}
			return ErrNoSession
		}
		s = Session{ID: id, Created: fromMicros(created), Seen: fromMicros(micros(now))}
		if err := json.Unmarshal([]byte(data), &s.Data); err != nil {
			return fmt.Errorf("portfolio: reading a session: its data: %w", err)
		}
		if user != "" {
			u, err := p.userTx(ctx, tx, user)
			if errors.Is(err, ErrNoUser) {
				if _, err := tx.ExecContext(ctx, p.q(`DELETE FROM portfolio_sessions WHERE id_hash = $1`), h); err != nil {
					return fmt.Errorf("portfolio: ending the session of a removed user: %w", err)
				}
				return ErrNoSession
			}
			if err != nil {
				return err
			}
			s.User = &u
		}
		if _, err := tx.ExecContext(ctx, p.q(`UPDATE portfolio_sessions SET seen_at = $1 WHERE id_hash = $2`), micros(now), h); err != nil {
			return fmt.Errorf("portfolio: keeping a session: %w", err)
		}
		return nil
	})
	if errors.Is(err, ErrNoSession) {
		// The deletion of an expired row committed only if nothing else
		// failed; ErrNoSession rolled it back, so delete it on its own.
		_, _ = p.db.ExecContext(ctx, p.q(`DELETE FROM portfolio_sessions WHERE id_hash = $1`), sessionHash(id))
	}
	return s, err
}

// SaveSession replaces the data of the session id.
func (p *Portfolio) SaveSession(ctx context.Context, id string, data map[string]string) error {
	if data == nil {
		data = map[string]string{}
	}
	res, err := p.db.ExecContext(ctx, p.q(`UPDATE portfolio_sessions SET data = $1 WHERE id_hash = $2`), mustJSON(data), sessionHash(id))
	if err != nil {
		return fmt.Errorf("portfolio: keeping a session: %w", err)
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return ErrNoSession
	}
	return nil
}

// EndSession deletes the session id (sign-out); a signed-in user's
// sign-out is an entry of the audit chain, in the same transaction. An
// unknown id is no error.
func (p *Portfolio) EndSession(ctx context.Context, id string) error {
	return p.inTx(ctx, func(tx *sql.Tx) error {
		h := sessionHash(id)
		var user string
		err := tx.QueryRowContext(ctx, p.q(`SELECT user_id FROM portfolio_sessions WHERE id_hash = $1`), h).Scan(&user)
		if errors.Is(err, sql.ErrNoRows) {
			return nil
		}
		if err != nil {
			return fmt.Errorf("portfolio: reading a session: %w", err)
		}
		if _, err := tx.ExecContext(ctx, p.q(`DELETE FROM portfolio_sessions WHERE id_hash = $1`), h); err != nil {
			return fmt.Errorf("portfolio: ending a session: %w", err)
		}
		if user == "" {
			return nil
		}
		a := Actor{ID: user, Name: user}
		if u, err := p.userTx(ctx, tx, user); err == nil {
			a = u.Actor()
		}
		_, err = p.writeAudit(ctx, tx, a, "sign-out", "user "+user, map[string]string{"user": user})
		return err
	})
}

// SessionKeys are the keys that sign the session cookie, newest first;
// the first call makes one (32 random bytes) and keeps it in the
// database, so a restart keeps the sessions.
func (p *Portfolio) SessionKeys(ctx context.Context) ([][]byte, error) {
	keys, err := p.readSessionKeys(ctx)
	if err != nil || len(keys) > 0 {
		return keys, err
	}
	k := make([]byte, 32)
	if _, err := rand.Read(k); err != nil {
		return nil, fmt.Errorf("portfolio: reading random bytes for a session key: %w", err)
	}
	// ON CONFLICT: of two workplaces starting at once, the first key stays.
	if _, err := p.db.ExecContext(ctx, p.q(`INSERT INTO portfolio_session_keys (id, secret, created_at) VALUES (1, $1, $2)
		ON CONFLICT (id) DO NOTHING`), hex.EncodeToString(k), micros(p.cfg.now())); err != nil {
		return nil, fmt.Errorf("portfolio: keeping a session key: %w", err)
	}
	return p.readSessionKeys(ctx)
}

func (p *Portfolio) readSessionKeys(ctx context.Context) ([][]byte, error) {
	rows, err := p.db.QueryContext(ctx, `SELECT secret FROM portfolio_session_keys ORDER BY id DESC`)
	if err != nil {
		return nil, fmt.Errorf("portfolio: reading the session keys: %w", err)
	}
	defer rows.Close()
	var keys [][]byte
	for rows.Next() {
		var s string
		if err := rows.Scan(&s); err != nil {
			return nil, fmt.Errorf("portfolio: reading the session keys: %w", err)
		}
		k, err := hex.DecodeString(s)
		if err != nil {
			return nil, fmt.Errorf("portfolio: a session key is not hex: %w", err)
		}
		keys = append(keys, k)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("portfolio: reading the session keys: %w", err)
	}
	return keys, nil
}
