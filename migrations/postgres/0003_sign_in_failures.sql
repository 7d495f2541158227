-- Failed sign-ins, counted per (username, address) and per username within a window
-- (backend/src/auth/throttle.rs). In the database, so a restart keeps the counts and every
-- server on the same database shares them; rows older than the window are swept.
CREATE TABLE sign_in_failures (
    id BIGSERIAL PRIMARY KEY,
    username TEXT NOT NULL, -- lower-cased, as sign-in compares it
    address TEXT NOT NULL,
    failed_epoch BIGINT NOT NULL
);
CREATE INDEX sign_in_failures_username ON sign_in_failures (username, failed_epoch);
CREATE INDEX sign_in_failures_failed_epoch ON sign_in_failures (failed_epoch);
