-- Two-factor sign-in (issue 42, docs/adr/0032). On each user: the authenticator's secret
-- once confirmed by a first code, and since when; a secret waiting for that first code; the
-- newest time step accepted, so no code is accepted twice; and when the second factor
-- becomes required of an account that has none (the administrators' grace period).
ALTER TABLE users ADD COLUMN two_factor_since TEXT;
ALTER TABLE users ADD COLUMN totp_secret TEXT;
ALTER TABLE users ADD COLUMN totp_pending_secret TEXT;
ALTER TABLE users ADD COLUMN totp_last_step BIGINT;
ALTER TABLE users ADD COLUMN two_factor_due_epoch BIGINT;

-- Recovery codes: only their SHA-256, each used once.
CREATE TABLE recovery_codes (
    id BIGSERIAL PRIMARY KEY,
    user_id BIGINT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    code_hash TEXT NOT NULL,
    used_epoch BIGINT
);
CREATE UNIQUE INDEX recovery_codes_user_code ON recovery_codes (user_id, code_hash);

-- A sign-in whose password was right and whose second factor is awaited: no session yet.
CREATE TABLE sign_in_challenges (
    token_hash TEXT PRIMARY KEY,
    user_id BIGINT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    created_epoch BIGINT NOT NULL
);
CREATE INDEX sign_in_challenges_user_id ON sign_in_challenges (user_id);

-- Devices (the throttle's signed device cookie) that completed the second factor and may
-- skip it until trusted_until.
CREATE TABLE trusted_devices (
    user_id BIGINT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    device TEXT NOT NULL,
    trusted_until BIGINT NOT NULL,
    PRIMARY KEY (user_id, device)
);
