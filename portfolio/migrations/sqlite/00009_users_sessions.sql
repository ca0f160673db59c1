-- +goose Up
-- The web workplace's people and their sessions.
-- portfolio_users: who may sign in.
--   id        the user name (local accounts) or the identity provider's subject (OIDC)
--   name      how people read it
--   role      viewer, reviewer, approver or admin
--   source    local or oidc
--   password  the argon2id hash in PHC form (local accounts; '' for OIDC)
--   created_at, updated_at  Unix microseconds
CREATE TABLE portfolio_users (
    id         TEXT PRIMARY KEY,
    name       TEXT NOT NULL,
    role       TEXT NOT NULL,
    source     TEXT NOT NULL,
    password   TEXT NOT NULL DEFAULT '',
    created_at INTEGER NOT NULL,
    updated_at INTEGER NOT NULL
);
-- portfolio_sessions: a row per session; the cookie holds only its id,
-- and the row is keyed by the id's SHA-256, so a copy of the table opens
-- no session.
--   user_id   the signed-in user ('' before sign-in, e.g. during OIDC)
--   data      the session's values, a JSON object of strings
--   created_at, seen_at  Unix microseconds: the absolute and idle timeouts count from them
CREATE TABLE portfolio_sessions (
    id_hash    TEXT PRIMARY KEY,
    user_id    TEXT NOT NULL,
    data       TEXT NOT NULL,
    created_at INTEGER NOT NULL,
    seen_at    INTEGER NOT NULL
);
CREATE INDEX portfolio_sessions_user ON portfolio_sessions (user_id);
-- portfolio_session_keys: the keys that sign the session cookie, kept so
-- that a restart keeps the sessions.
CREATE TABLE portfolio_session_keys (
    id         INTEGER PRIMARY KEY,
    secret     TEXT NOT NULL,
    created_at INTEGER NOT NULL
);
-- portfolio_signin_failures: wrong passwords, per account (user:HASH)
-- and per remote address (addr:HASH; HASH: the hex of the first 16 bytes
-- of the name's or address's SHA-256); a key is refused until
-- locked_until (Unix microseconds).
CREATE TABLE portfolio_signin_failures (
    key          TEXT PRIMARY KEY,
    failures     INTEGER NOT NULL,
    last_at      INTEGER NOT NULL,
    locked_until INTEGER NOT NULL
);

-- +goose Down
DROP TABLE portfolio_signin_failures;
DROP TABLE portfolio_session_keys;
DROP TABLE portfolio_sessions;
DROP TABLE portfolio_users;
