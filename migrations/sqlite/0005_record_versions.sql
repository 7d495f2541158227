-- Every editable record carries a version (the contract's "Concurrent edits"): 1 on
-- create, +1 on each update; a PUT or DELETE with a stale If-Match changes nothing.
ALTER TABLE users ADD COLUMN version INTEGER NOT NULL DEFAULT 1;
ALTER TABLE categories ADD COLUMN version INTEGER NOT NULL DEFAULT 1;
ALTER TABLE property_types ADD COLUMN version INTEGER NOT NULL DEFAULT 1;
ALTER TABLE countries ADD COLUMN version INTEGER NOT NULL DEFAULT 1;
ALTER TABLE cities ADD COLUMN version INTEGER NOT NULL DEFAULT 1;
ALTER TABLE regions ADD COLUMN version INTEGER NOT NULL DEFAULT 1;
ALTER TABLE property_features ADD COLUMN version INTEGER NOT NULL DEFAULT 1;
