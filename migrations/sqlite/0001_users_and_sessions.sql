-- Staff accounts (site-content.md §3) and their server-side sessions.
-- Timestamps are RFC 3339 UTC text written by the application (see docs/decisions.md).
CREATE TABLE users (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    username TEXT NOT NULL UNIQUE,
    password TEXT NOT NULL,
    email TEXT,
    full_name TEXT,
    is_active INTEGER NOT NULL DEFAULT 1, -- a boolean: sqlx's Any driver reads SQLite booleans only as integers
    role TEXT NOT NULL DEFAULT 'user',
    created_at TEXT NOT NULL,
    updated_at TEXT NOT NULL
);

-- Only a hash of the cookie's token is stored, so a copy of the database signs nobody in.
CREATE TABLE sessions (
    token_hash TEXT PRIMARY KEY,
    user_id INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    created_epoch INTEGER NOT NULL,
    last_seen_epoch INTEGER NOT NULL
);
CREATE INDEX sessions_user_id ON sessions (user_id);
