-- Issue 21: one row per client address that used the public contact form in the rate
-- limit's window. A submission locks its address's row first, so submissions from one
-- address are counted one after another, never side by side, on either database.
CREATE TABLE contact_addresses (
    address TEXT PRIMARY KEY,
    last_epoch BIGINT NOT NULL
);
