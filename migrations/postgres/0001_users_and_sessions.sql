-- Staff accounts (site-content.md §3) and their server-side sessions.
-- Timestamps are RFC 3339 UTC text written by the application (see docs/decisions.md).
CREATE TABLE users (
    id BIGSERIAL PRIMARY KEY,
    username TEXT NOT NULL UNIQUE,
    password TEXT NOT NULL,
    email TEXT,
    full_name TEXT,
    is_active BOOLEAN NOT NULL DEFAULT TRUE,
    role TEXT NOT NULL DEFAULT 'user',
    created_at TEXT NOT NULL,
    updated_at TEXT NOT NULL
);

-- Only a hash of the cookie's token is stored, so a copy of the database signs nobody in.
CREATE TABLE sessions (
    token_hash TEXT PRIMARY KEY,
    user_id BIGINT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    created_epoch BIGINT NOT NULL,
    last_seen_epoch BIGINT NOT NULL
);
CREATE INDEX sessions_user_id ON sessions (user_id);
