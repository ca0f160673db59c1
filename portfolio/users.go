package portfolio

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"iter"
	"strings"
	"time"
)

// The roles of the web workplace, from least to most: a viewer reads, a
// reviewer decides, an approver approves others' decisions, an admin
// manages users.
const (
	RoleViewer   = "viewer"
	RoleReviewer = "reviewer"
	RoleApprover = "approver"
	RoleAdmin    = "admin"
)

// Roles lists the roles from least to most.
var Roles = []string{RoleViewer, RoleReviewer, RoleApprover, RoleAdmin}

// ValidRole reports whether role is one of Roles.
func ValidRole(role string) bool {
	for _, r := range Roles {
		if r == role {
			return true
		}
	}
	return false
}

// The sources of a user: a local account with a password, or a person
// the identity provider (OpenID Connect) signs in.
const (
	SourceLocal = "local"
	SourceOIDC  = "oidc"
)

// User is a person who may sign in to the web workplace.
type User struct {
	// ID is the user name (local accounts) or the identity provider's
	// subject (OIDC).
	ID string `json:"id"`
	// Name is how people read it; ID when none was given.
	Name string `json:"name"`
	// Role is one of Roles.
	Role string `json:"role"`
	// Source is SourceLocal or SourceOIDC.
	Source string `json:"source"`
	// Created and Updated are when the user was added and last changed.
	Created time.Time `json:"created"`
	Updated time.Time `json:"updated"`
}

// Actor is the user as the audit chain records them.
func (u User) Actor() Actor { return Actor{ID: u.ID, Name: u.Name} }

// ErrUserExists is wrapped by the error of AddUser for a user ID that is
// taken.
var ErrUserExists = errors.New("portfolio: a user with this name exists")

// ErrNoUser is wrapped by the error of a user change naming a user that
// does not exist.
var ErrNoUser = errors.New("portfolio: no such user")

// ErrLastAdmin is wrapped by the error of RemoveUser and SetRole when the
// change would leave no admin.
var ErrLastAdmin = errors.New("portfolio: the last admin cannot be removed or lose the role")

// checkUser says what is wrong with a new user's ID, name and role.
func checkUser(id, name, role string) error {
	if err := (Actor{ID: id, Name: name}).validate(); err != nil {
		return fmt.Errorf("portfolio: the user name %q: %w", clip(id), err)
	}
	if strings.TrimSpace(id) != id {
		return fmt.Errorf("portfolio: the user name %q starts or ends with a space: give it without", clip(id))
	}
	if !ValidRole(role) {
		return fmt.Errorf("portfolio: the role %q is none of %s", clip(role), strings.Join(Roles, ", "))
	}
	return nil
}

// AddUser adds a local account: id (the user name people type), its
// role and its password (stored as an argon2id hash). The actor of ctx
// (WithActor) is recorded in the audit chain, in the same transaction.
func (p *Portfolio) AddUser(ctx context.Context, id, role, password string) error {
	a, err := actorOf(ctx, "adding a user")
	if err != nil {
		return err
	}
	if err := checkUser(id, id, role); err != nil {
		return err
	}
	hash, err := ruledHash(password)
	if err != nil {
		return err
	}
	return p.inTx(ctx, func(tx *sql.Tx) error {
		if err := p.insertUser(ctx, tx, User{ID: id, Name: id, Role: role, Source: SourceLocal}, hash); err != nil {
			return err
		}
		_, err := p.writeAudit(ctx, tx, a, "user-add", "user "+id, map[string]string{"user": id, "role": role, "source": SourceLocal})
		return err
	})
}

// insertUser inserts u with its password hash ("" for OIDC users).
func (p *Portfolio) insertUser(ctx context.Context, tx *sql.Tx, u User, hash string) error {
	var n int
	if err := tx.QueryRowContext(ctx, p.q(`SELECT count(*) FROM portfolio_users WHERE id = $1`), u.ID).Scan(&n); err != nil {
		return fmt.Errorf("portfolio: reading the users: %w", err)
	}
	if n > 0 {
		return fmt.Errorf("%w: %q (change its role with SetRole, its password with SetPassword)", ErrUserExists, clip(u.ID))
	}
	now := micros(p.cfg.now())
	_, err := tx.ExecContext(ctx, p.q(`INSERT INTO portfolio_users (id, name, role, source, password, created_at, updated_at)
		VALUES ($1, $2, $3, $4, $5, $6, $6)`), u.ID, u.Name, u.Role, u.Source, hash, now)
	if err != nil {
		return fmt.Errorf("portfolio: adding the user %q: %w", clip(u.ID), err)
	}
	return nil
}

// SetPassword sets a local account's password and signs it out
// everywhere (its sessions are deleted). The actor of ctx is recorded.
func (p *Portfolio) SetPassword(ctx context.Context, id, password string) error {
	a, err := actorOf(ctx, "setting a password")
	if err != nil {
		return err
	}
	hash, err := ruledHash(password)
	if err != nil {
		return err
	}
	return p.inTx(ctx, func(tx *sql.Tx) error {
		u, err := p.userTx(ctx, tx, id)
		if err != nil {
			return err
		}
		if u.Source != SourceLocal {
			return fmt.Errorf("portfolio: %q signs in through the identity provider, which keeps its password", clip(id))
		}
		if _, err := tx.ExecContext(ctx, p.q(`UPDATE portfolio_users SET password = $1, updated_at = $2 WHERE id = $3`),
			hash, micros(p.cfg.now()), id); err != nil {
			return fmt.Errorf("portfolio: setting the password of %q: %w", clip(id), err)
		}
		if _, err := tx.ExecContext(ctx, p.q(`DELETE FROM portfolio_sessions WHERE user_id = $1`), id); err != nil {
			return fmt.Errorf("portfolio: signing %q out: %w", clip(id), err)
		}
		_, err = p.writeAudit(ctx, tx, a, "user-password", "user "+id, map[string]string{"user": id})
		return err
	})
}

// SetRole changes a user's role; it takes effect on the user's next
// request. The actor of ctx is recorded.
func (p *Portfolio) SetRole(ctx context.Context, id, role string) error {
	a, err := actorOf(ctx, "changing a role")
	if err != nil {
		return err
	}
	if !ValidRole(role) {
		return fmt.Errorf("portfolio: the role %q is none of %s", clip(role), strings.Join(Roles, ", "))
	}
	return p.inTx(ctx, func(tx *sql.Tx) error {
		u, err := p.userTx(ctx, tx, id)
		if err != nil {
			return err
		}
		if u.Role == RoleAdmin && role != RoleAdmin {
			if err := p.keepAnAdmin(ctx, tx, id); err != nil {
				return err
			}
		}
		if _, err := tx.ExecContext(ctx, p.q(`UPDATE portfolio_users SET role = $1, updated_at = $2 WHERE id = $3`),
			role, micros(p.cfg.now()), id); err != nil {
			return fmt.Errorf("portfolio: changing the role of %q: %w", clip(id), err)
		}
		_, err = p.writeAudit(ctx, tx, a, "user-role", "user "+id, map[string]string{"user": id, "from": u.Role, "role": role})
		return err
	})
}

// RemoveUser removes a user and their sessions. The actor of ctx is
// recorded.
func (p *Portfolio) RemoveUser(ctx context.Context, id string) error {
	a, err := actorOf(ctx, "removing a user")
	if err != nil {
		return err
	}
	return p.inTx(ctx, func(tx *sql.Tx) error {
		u, err := p.userTx(ctx, tx, id)
		if err != nil {
			return err
		}
		if u.Role == RoleAdmin {
			if err := p.keepAnAdmin(ctx, tx, id); err != nil {
				return err
			}
		}
		for _, q := range []string{`DELETE FROM portfolio_sessions WHERE user_id = $1`, `DELETE FROM portfolio_users WHERE id = $1`} {
			if _, err := tx.ExecContext(ctx, p.q(q), id); err != nil {
				return fmt.Errorf("portfolio: removing the user %q: %w", clip(id), err)
			}
		}
		_, err = p.writeAudit(ctx, tx, a, "user-remove", "user "+id, map[string]string{"user": id, "role": u.Role, "source": u.Source})
		return err
	})
}

// keepAnAdmin refuses a change that takes the admin role from id when no
// other admin is left (an OIDC-only setup has no admin; then it allows it).
func (p *Portfolio) keepAnAdmin(ctx context.Context, tx *sql.Tx, id string) error {
	var others int
	if err := tx.QueryRowContext(ctx, p.q(`SELECT count(*) FROM portfolio_users WHERE role = $1 AND id <> $2`), RoleAdmin, id).Scan(&others); err != nil {
		return fmt.Errorf("portfolio: reading the users: %w", err)
	}
	if others == 0 {
		return fmt.Errorf("%w: %q is the only admin; make another user admin first", ErrLastAdmin, clip(id))
	}
	return nil
}

// User is the user id, or an error wrapping ErrNoUser.
func (p *Portfolio) User(ctx context.Context, id string) (User, error) {
	u, _, err := p.userRow(ctx, p.db, id)
	return u, err
}

func (p *Portfolio) userTx(ctx context.Context, tx *sql.Tx, id string) (User, error) {
	u, _, err := p.userRow(ctx, tx, id)
	return u, err
}

// querier is a *sql.DB or a *sql.Tx.
type querier interface {
	QueryRowContext(ctx context.Context, query string, args ...any) *sql.Row
}

// userRow is the user id with its password hash.
func (p *Portfolio) userRow(ctx context.Context, q querier, id string) (User, string, error) {
	var u User
	var hash string
	var created, updated int64
	err := q.QueryRowContext(ctx, p.q(`SELECT id, name, role, source, password, created_at, updated_at FROM portfolio_users WHERE id = $1`), id).
		Scan(&u.ID, &u.Name, &u.Role, &u.Source, &hash, &created, &updated)
	if errors.Is(err, sql.ErrNoRows) {
		return User{}, "", fmt.Errorf("%w: %q (list them with \"registerdata portfolio users list\")", ErrNoUser, clip(id))
	}
	if err != nil {
		return User{}, "", fmt.Errorf("portfolio: reading the user %q: %w", clip(id), err)
	}
	u.Created, u.Updated = fromMicros(created), fromMicros(updated)
	return u, hash, nil
}

// Users yields the users by ID. The second value is non-nil when reading
// fails; the loop ends after it.
func (p *Portfolio) Users(ctx context.Context) iter.Seq2[User, error] {
	return func(yield func(User, error) bool) {
		rows, err := p.db.QueryContext(ctx, `SELECT id, name, role, source, created_at, updated_at FROM portfolio_users ORDER BY id`)
		if err != nil {
			yield(User{}, fmt.Errorf("portfolio: reading the users: %w", err))
			return
		}
		defer rows.Close()
		var out []User
		for rows.Next() {
			var u User
			var created, updated int64
			if err := rows.Scan(&u.ID, &u.Name, &u.Role, &u.Source, &created, &updated); err != nil {
				yield(User{}, fmt.Errorf("portfolio: reading the users: %w", err))
				return
			}
			u.Created, u.Updated = fromMicros(created), fromMicros(updated)
			out = append(out, u)
		}
		if err := rows.Err(); err != nil {
			yield(User{}, fmt.Errorf("portfolio: reading the users: %w", err))
			return
		}
		rows.Close()
		for _, u := range out {
			if !yield(u, nil) {
				return
			}
		}
	}
}
