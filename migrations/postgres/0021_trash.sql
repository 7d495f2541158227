-- The trash (issue 24, ADR 0022): a deleted record's rows, and the rows of what belongs to
-- it (a listing's images and feature assignments), kept as JSON until it is restored or
-- purged. The rows themselves are really deleted, so lists, counts and unique values are
-- as if it were gone; a restore inserts them again with their ids.
CREATE TABLE trash (
    id BIGSERIAL PRIMARY KEY,
    entity TEXT NOT NULL, -- the history's entity name: property, category, contactRequest...
    record_id BIGINT NOT NULL,
    name TEXT NOT NULL, -- the record's display name when deleted
    search_text TEXT NOT NULL, -- the name folded (rules::fold) for the screen's search
    deleted_by_id BIGINT, -- no foreign key: the entry outlives the account, as the history does
    deleted_by TEXT,
    deleted_at TEXT NOT NULL,
    batch TEXT NOT NULL, -- one id for everything one action deleted (a Delete All, a bulk move)
    record TEXT NOT NULL, -- JSON: the record as the API answered it
    kept_rows TEXT NOT NULL -- JSON array of {"table", "onlyIf", "rows": [{column: value}]}
);
CREATE UNIQUE INDEX trash_record ON trash (entity, record_id);
CREATE INDEX trash_batch ON trash (batch);
CREATE INDEX trash_deleted_at ON trash (deleted_at);
