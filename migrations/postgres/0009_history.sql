-- The history of changes (the contract's "History"): one row per create, update or delete,
-- written in the transaction of the change. No foreign key to users: the history outlives
-- the accounts that made it, so the username is kept as it was.
CREATE TABLE history (
    id BIGSERIAL PRIMARY KEY,
    at TEXT NOT NULL,
    user_id BIGINT, -- NULL for a site visitor (a contact request sent from the public site)
    username TEXT,
    entity TEXT NOT NULL, -- camelCase entity name: category, property, contactRequest...
    record_id BIGINT NOT NULL,
    action TEXT NOT NULL, -- create, update or delete
    label TEXT, -- the record's name or title when it changed
    changes TEXT NOT NULL -- JSON array of {"field", "old", "new"}
);
CREATE INDEX history_record ON history (entity, record_id, id);
